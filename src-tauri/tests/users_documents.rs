//! Users, connect, bank accounts, documents and the Auto modules through their domains'
//! states, against a real in-process sandbox (the built-in one, demo data) and the real
//! journal: every state change is journaled and audited; bad input is refused before
//! anything is sent or written.

use escrow_api::{BillOfSaleRecord, DebtRecord};
use escrow_desk::appdb::AppDb;
use escrow_desk::auto::service::{BillOfSaleInput, DebtInput};
use escrow_desk::desk::{BuiltInSandbox, Desk};
use escrow_desk::documents::service::DocumentInput;
use escrow_desk::error::ErrorCode;
use escrow_desk::journal::ActionState;
use escrow_desk::settings::keychain::Keychain;
use escrow_desk::shared::files::{FileData, FileUpload};
use escrow_desk::users::service::{ConnectInput, GuestInput, UserQuery};
use escrow_desk::wiring::Domains;
use escrow_sandbox::{DEMO_KEY, SandboxConfig};
use serde_json::{Value, json};

const PDF: &[u8] = b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n";
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01";
const RETURN: &str = "https://desk.example/back";

struct World {
    app: Domains,
    url: String,
    _sandbox: escrow_sandbox::RunningSandbox,
    _dir: tempfile::TempDir,
}

async fn world() -> World {
    let dir = tempfile::tempdir().unwrap();
    let sandbox = escrow_sandbox::start(SandboxConfig::demo(dir.path().join("sandbox"))).await.unwrap();
    let keychain = Keychain::with_service(format!("dk.escrowdesk.test.{}", uuid::Uuid::new_v4()));
    let app = Domains::new(
        Desk::new(
            AppDb::open(&dir.path().join("app")).unwrap(),
            keychain,
            Some(BuiltInSandbox { url: sandbox.url.clone(), key: DEMO_KEY.into() }),
        )
        .unwrap(),
    )
    .unwrap();
    World { app, url: sandbox.url.clone(), _sandbox: sandbox, _dir: dir }
}

async fn control(url: &str, method: reqwest::Method, path: &str, body: Value) -> Value {
    let res = reqwest::Client::new()
        .request(method, format!("{url}{path}"))
        .bearer_auth(DEMO_KEY)
        .json(&body)
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success(), "{path}: {}", res.status());
    res.json().await.unwrap_or(Value::Null)
}

/// A connected user with one bank account (sandbox control API).
async fn new_user(url: &str, reference: &str) -> String {
    let body = json!({ "referenceId": reference, "name": "Ida Holm", "email": format!("{reference}@example.dk"), "phoneNumber": "+45 12 34 56 78", "type": "Private" });
    control(url, reqwest::Method::POST, "/_sandbox/users", body).await["serviceAccountId"].as_str().unwrap().to_owned()
}

/// The showcase Tesla (Auto, PAID) and its payer.
async fn tesla(url: &str) -> (String, String) {
    let client = escrow_api::Client::builder(url, DEMO_KEY).build().unwrap();
    let page = client
        .transactions()
        .list(&escrow_api::ListTransactions { search: Some("EV 48 213".into()), ..Default::default() })
        .await
        .unwrap();
    let t = &page.items[0];
    (t.transaction_id.clone(), t.payer.as_ref().unwrap().service_account_id.clone().unwrap())
}

fn file(name: &str, bytes: &[u8]) -> FileUpload {
    FileUpload { file_name: name.into(), data: FileData(bytes.to_vec()) }
}

/// Audit rows of one kind, oldest first: (phase, outcome, target, amount).
fn audit(app: &Domains, kind: &str) -> Vec<(String, String, String, Option<String>)> {
    let mut rows = app.audit.audit_log(None, 10_000).unwrap();
    rows.sort_by_key(|e| e.seq);
    rows.into_iter()
        .map(|r| r.entry)
        .filter(|e| e.kind == kind)
        .map(|e| (e.phase, e.outcome, e.target, e.amount))
        .collect()
}

fn audit_len(app: &Domains) -> usize {
    app.audit.audit_log(None, 10_000).unwrap().len()
}

#[tokio::test]
async fn users_are_listed_in_pages_and_shown_with_the_cpr_masked() {
    let w = world().await;
    let first = w.app.users.list_users(&UserQuery { skip: 0, take: 20, search: None, public: None }).await.unwrap();
    assert_eq!((first.environment_id.as_str(), first.items.len(), first.has_more), ("sandbox", 20, true));
    let second = w.app.users.list_users(&UserQuery { skip: 20, take: 20, search: None, public: None }).await.unwrap();
    assert!(second.items.iter().all(|u| first.items.iter().all(|f| f.service_account_id != u.service_account_id)));
    let all = w.app.users.list_users(&UserQuery { skip: 0, take: 100, search: None, public: None }).await.unwrap();
    assert!(!all.has_more, "{} users fit one page of 100", all.items.len());
    for bad in [0, 101] {
        assert_eq!(
            w.app
                .users
                .list_users(&UserQuery { skip: 0, take: bad, search: None, public: None })
                .await
                .unwrap_err()
                .code,
            ErrorCode::Validation
        );
    }

    let dealer = all.items.iter().find(|u| u.name == "Bilhuset Vejle ApS").unwrap();
    let view = w.app.users.get_user(&dealer.service_account_id).await.unwrap();
    assert_eq!(view.user.connections[0].reference_id, "dealer-01");
    assert_eq!(w.app.users.get_user(" ").await.unwrap_err().code, ErrorCode::Validation);
    assert_eq!(w.app.users.get_user("no-such-user").await.unwrap_err().code, ErrorCode::NotFound);

    // Whoever has a CPR number: only its date part reaches the UI.
    let mut masked = 0;
    for u in all.items.iter().take(60) {
        if let Some(cpr) = w.app.users.get_user(&u.service_account_id).await.unwrap().user.cpr {
            assert!(cpr.ends_with("-****") && cpr.len() == 11, "{cpr}");
            masked += 1;
        }
    }
    println!("{masked} CPR numbers masked");
}

#[tokio::test]
async fn connect_lookup_guest_and_delete_connection() {
    let w = world().await;
    let input = ConnectInput {
        reference_id: Some(" shop-771 ".into()),
        return_url: Some(RETURN.into()),
        skip_kyc: Some(true),
        ..Default::default()
    };
    let started = w.app.users.start_connect(&input).await.unwrap();
    assert!(started.url.starts_with(&w.url) && started.url.contains("/hosted/connect/"), "{}", started.url);
    let neither = ConnectInput { allow_private: Some(false), allow_business: Some(false), ..Default::default() };
    assert_eq!(w.app.users.start_connect(&neither).await.unwrap_err().code, ErrorCode::Validation);
    let bad_url = ConnectInput { return_url: Some("javascript:alert(1)".into()), ..Default::default() };
    assert_eq!(w.app.users.start_connect(&bad_url).await.unwrap_err().code, ErrorCode::Validation);

    let dealer = w.app.users.get_connection("dealer-01").await.unwrap();
    assert!(!dealer.connection.service_account_id.is_empty());
    assert_eq!(w.app.users.get_connection("nobody-here").await.unwrap_err().code, ErrorCode::NotFound);

    // Guest: refused before anything is written when the CVR is not 8 digits.
    let before = audit_len(&w.app);
    let bad = GuestInput { reference_id: "guest-1".into(), cvr: Some("123".into()), ..Default::default() };
    assert_eq!(w.app.users.create_guest(&bad).await.unwrap_err().code, ErrorCode::Validation);
    let bad = GuestInput { reference_id: "guest-1".into(), email: Some("no-at-sign".into()), ..Default::default() };
    assert_eq!(w.app.users.create_guest(&bad).await.unwrap_err().code, ErrorCode::Validation);
    assert_eq!(audit_len(&w.app), before, "nothing journaled");

    let guest = GuestInput {
        reference_id: "guest-1".into(),
        name: Some("Gæst Jensen".into()),
        email: Some("g@example.dk".into()),
        ..Default::default()
    };
    let out = w.app.users.create_guest(&guest).await.unwrap();
    assert_eq!(out.record.state, ActionState::Succeeded);
    let id = out.value.clone().unwrap();
    assert_eq!(w.app.users.get_user(&id).await.unwrap().user.name, "Gæst Jensen");
    assert_eq!(w.app.users.get_connection("guest-1").await.unwrap().connection.service_account_id, id);
    assert_eq!(
        audit(&w.app, "createGuest"),
        vec![
            ("intent".into(), "pending".into(), "guest-1".into(), None),
            ("outcome".into(), "succeeded".into(), "guest-1".into(), None)
        ]
    );
    // The same reference again: the service refuses; the journal says failed.
    let again = w.app.users.create_guest(&guest).await.unwrap();
    assert_eq!(again.record.state, ActionState::Failed);
    assert!(again.value.is_none());

    assert_eq!(w.app.users.delete_connection(&id, "").await.unwrap_err().code, ErrorCode::Validation);
    let deleted = w.app.users.delete_connection(&id, "guest-1").await.unwrap();
    assert_eq!(deleted.record.state, ActionState::Succeeded);
    assert_eq!(w.app.users.get_connection("guest-1").await.unwrap_err().code, ErrorCode::NotFound);
    let rows = audit(&w.app, "deleteConnection");
    assert_eq!(rows.len(), 2);
    assert!(rows.iter().all(|r| r.2 == id), "target is the user");
}

/// The hosted onboarding page as a browser would use it: pick the first offered account.
async fn pick_first_account(url: &str) -> String {
    let browser = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let html = browser.get(url).send().await.unwrap().text().await.unwrap();
    let offered: Vec<String> =
        html.split("name=\"account\" value=\"").skip(1).map(|s| s.split('"').next().unwrap().to_owned()).collect();
    assert!(!offered.is_empty(), "offered accounts");
    let body = url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs([("account", offered[0].as_str()), ("action", "confirm")])
        .finish();
    let res =
        browser.post(url).header("content-type", "application/x-www-form-urlencoded").body(body).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 303);
    offered[0].clone()
}

#[tokio::test]
async fn bank_accounts_onboard_add_set_default_and_keep_the_last_one() {
    let w = world().await;
    let user = new_user(&w.url, "bank-user-1").await;
    let banks = w.app.users.list_banks(&user).await.unwrap().banks;
    assert!(banks.iter().any(|b| b.bank_id == "danske-bank"));
    let original = w.app.users.list_bank_accounts(&user).await.unwrap().items;
    assert_eq!(original.len(), 1);

    assert_eq!(
        w.app.users.start_bank_onboarding(&user, "danske-bank", " ").await.unwrap_err().code,
        ErrorCode::Validation
    );
    assert_eq!(w.app.users.start_bank_onboarding(&user, "", RETURN).await.unwrap_err().code, ErrorCode::Validation);
    let url = w.app.users.start_bank_onboarding(&user, "danske-bank", RETURN).await.unwrap().url;
    let err = w.app.users.bank_onboarding_result(&user).await.unwrap_err();
    assert_eq!(err.title.as_deref(), Some("Invalid results"), "not back from the bank yet");
    let chosen = pick_first_account(&url).await;
    let result = w.app.users.bank_onboarding_result(&user).await.unwrap().result;
    assert_eq!(result.bank_accounts[0].bank_account_id, chosen);

    let before = audit_len(&w.app);
    assert_eq!(w.app.users.add_bank_account(&user, "danske-bank", " ").await.unwrap_err().code, ErrorCode::Validation);
    assert_eq!(audit_len(&w.app), before);
    let added = w.app.users.add_bank_account(&user, "danske-bank", &chosen).await.unwrap();
    assert_eq!(added.record.state, ActionState::Succeeded);
    assert_eq!(w.app.users.list_bank_accounts(&user).await.unwrap().items.len(), 2);

    let set = w.app.users.set_default_bank_account(&user, "danske-bank", &chosen).await.unwrap();
    assert_eq!(set.record.state, ActionState::Succeeded);
    let accounts = w.app.users.list_bank_accounts(&user).await.unwrap().items;
    assert!(accounts.iter().find(|a| a.bank_account_id == chosen).unwrap().is_default);

    let first = &original[0];
    let deleted = w.app.users.delete_bank_account(&user, &first.bank_id, &first.bank_account_id).await.unwrap();
    assert_eq!(deleted.record.state, ActionState::Succeeded);
    let last = w.app.users.delete_bank_account(&user, "danske-bank", &chosen).await.unwrap();
    assert_eq!(last.record.state, ActionState::Failed);
    let error = last.record.error.clone().unwrap();
    assert_eq!((error.status, error.title.as_deref()), (Some(400), Some("Bank account can't be deleted")));
    assert_eq!(w.app.users.list_bank_accounts(&user).await.unwrap().items.len(), 1);

    for kind in ["addBankAccount", "setDefaultBankAccount"] {
        assert_eq!(audit(&w.app, kind).len(), 2, "{kind}: intent and outcome");
    }
    let rows = audit(&w.app, "deleteBankAccount");
    assert_eq!(
        rows.iter().map(|r| r.1.as_str()).collect::<Vec<_>>(),
        vec!["pending", "succeeded", "pending", "failed"]
    );
    assert!(rows.iter().all(|r| r.2 == user));
}

#[tokio::test]
async fn documents_upload_sign_download_delete_and_refuse_bad_files() {
    let w = world().await;
    let (txn, payer) = tesla(&w.url).await;
    let input = |name: &str, bytes: &[u8]| DocumentInput {
        transaction_id: txn.clone(),
        title: "Købsaftale".into(),
        signers_required: Some(1),
        file: file(name, bytes),
    };

    // Refused before anything is written or sent.
    let before = audit_len(&w.app);
    for (name, bytes, says) in [
        ("fake.pdf", &b"hello, not a pdf"[..], "not a PDF"),
        ("empty.pdf", &b""[..], "empty"),
        ("photo.png", PDF, "not a PNG"),
    ] {
        let err = w.app.documents.upload_document(&input(name, bytes)).await.unwrap_err();
        assert_eq!(err.code, ErrorCode::Validation);
        assert!(err.message.contains(says), "{name}: {}", err.message);
    }
    let mut big = PDF.to_vec();
    big.resize(10 * 1024 * 1024 + 1, b' ');
    assert!(w.app.documents.upload_document(&input("big.pdf", &big)).await.unwrap_err().message.contains("10 MB"));
    let mut no_title = input("a.pdf", PDF);
    no_title.title = "  ".into();
    assert_eq!(w.app.documents.upload_document(&no_title).await.unwrap_err().code, ErrorCode::Validation);
    let mut zero = input("a.pdf", PDF);
    zero.signers_required = Some(0);
    assert_eq!(w.app.documents.upload_document(&zero).await.unwrap_err().code, ErrorCode::Validation);
    assert_eq!(audit_len(&w.app), before, "nothing journaled");

    let out = w.app.documents.upload_document(&input("aftale.pdf", PDF)).await.unwrap();
    assert_eq!(out.record.state, ActionState::Succeeded, "{:?}", out.record.message);
    let doc = out.value.clone().unwrap();
    let ui_copy = serde_json::to_string(&out).unwrap();
    assert!(!ui_copy.contains("JVBERi0"), "the record returned to the UI carries no file bytes");
    let listed = w.app.documents.list_documents(&txn).await.unwrap();
    assert!(listed.filtered);
    let row = listed.documents.iter().find(|d| d.document_id == doc).unwrap();
    assert_eq!((row.title.as_deref(), row.transaction_id.as_deref()), (Some("Købsaftale"), Some(txn.as_str())));
    assert!(
        listed.documents.iter().all(|d| d.transaction_id.as_deref() == Some(txn.as_str())),
        "only this transaction's"
    );

    let sign = w.app.documents.sign_document(&doc, &payer, Some(RETURN)).await.unwrap();
    assert_eq!(sign.record.state, ActionState::Succeeded);
    assert!(sign.value.unwrap().starts_with(&w.url));
    assert_eq!(
        w.app.documents.sign_document(&doc, &payer, Some("ftp://x")).await.unwrap_err().code,
        ErrorCode::Validation
    );
    let download = w.app.documents.download_document(&doc).await.unwrap();
    assert!(download.url.starts_with(&w.url));

    assert_eq!(w.app.documents.delete_document(" ").await.unwrap_err().code, ErrorCode::Validation);
    let deleted = w.app.documents.delete_document(&doc).await.unwrap();
    assert_eq!(deleted.record.state, ActionState::Succeeded);
    assert!(w.app.documents.list_documents(&txn).await.unwrap().documents.iter().all(|d| d.document_id != doc));
    assert_eq!(w.app.documents.download_document(&doc).await.unwrap_err().code, ErrorCode::NotFound);

    assert_eq!(
        audit(&w.app, "uploadDocument").iter().map(|r| (r.1.as_str(), r.2.as_str())).collect::<Vec<_>>(),
        vec![("pending", txn.as_str()), ("succeeded", txn.as_str())]
    );
    assert_eq!(audit(&w.app, "signDocument").iter().filter(|r| r.2 == doc).count(), 2);
    assert_eq!(audit(&w.app, "deleteDocument").iter().filter(|r| r.2 == doc).count(), 2);
}

#[tokio::test]
async fn an_upload_cut_off_is_resent_from_the_journal_with_its_file() {
    let w = world().await;
    let (txn, _) = tesla(&w.url).await;
    let faults = json!({"rules": [{"method": "POST", "pathPrefix": "/v2/documents", "kind": "status", "status": 503, "count": 1}]});
    control(&w.url, reqwest::Method::PUT, "/_sandbox/faults", faults).await;
    let input = DocumentInput {
        transaction_id: txn.clone(),
        title: "Retry".into(),
        signers_required: None,
        file: file("retry.pdf", PDF),
    };
    let out = w.app.documents.upload_document(&input).await.unwrap();
    assert_eq!(out.record.state, ActionState::Unknown, "a 503 leaves the outcome open");
    let open = w.app.actions.open_actions().await.unwrap();
    assert!(open.iter().any(|a| a.id == out.record.id));

    let retried = w.app.actions.retry_action(&out.record.id).await.unwrap();
    assert_eq!(retried.state, ActionState::Succeeded, "{:?}", retried.message);
    let docs = w.app.documents.list_documents(&txn).await.unwrap().documents;
    let sent: Vec<_> = docs.iter().filter(|d| d.title.as_deref() == Some("Retry")).collect();
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].file_name.as_deref(), Some("retry.pdf"), "the stored file was sent");
}

#[tokio::test]
async fn bill_of_sale_and_debt_on_an_auto_deal() {
    let w = world().await;
    let (txn, _) = tesla(&w.url).await;
    let bill = |enable: bool, f: Option<FileUpload>| BillOfSaleInput {
        transaction_id: txn.clone(),
        enable,
        file: f,
        amount: None,
        additional_terms: None,
        required_signers: None,
    };
    let record = |t: &escrow_api::Transaction| BillOfSaleRecord::of(t.auto_information.as_ref().unwrap()).unwrap();

    let before = audit_len(&w.app);
    assert!(
        w.app
            .auto
            .set_bill_of_sale(&bill(true, Some(file("renamed.pdf", PNG))))
            .await
            .unwrap_err()
            .message
            .contains("PNG")
    );
    let mut odd = bill(true, None);
    odd.required_signers = Some(vec!["Notary".into()]);
    assert_eq!(w.app.auto.set_bill_of_sale(&odd).await.unwrap_err().code, ErrorCode::Validation);
    let mut off_with_terms = bill(false, None);
    off_with_terms.additional_terms = Some("x".into());
    assert_eq!(w.app.auto.set_bill_of_sale(&off_with_terms).await.unwrap_err().code, ErrorCode::Validation);
    let mut negative = bill(true, None);
    negative.amount = Some("-5".into());
    assert_eq!(w.app.auto.set_bill_of_sale(&negative).await.unwrap_err().code, ErrorCode::Validation);
    assert_eq!(audit_len(&w.app), before);

    let mut generated = bill(true, None);
    generated.amount = Some("289500.00".into());
    generated.additional_terms = Some("Bilen sælges som beset.".into());
    generated.required_signers = Some(vec!["Payer".into(), "Payee".into()]);
    let out = w.app.auto.set_bill_of_sale(&generated).await.unwrap();
    assert_eq!(out.record.state, ActionState::Succeeded, "{:?}", out.record.message);
    assert!(out.record.correlation_id.is_some());
    let rec = record(&w.app.transactions.get_transaction(&txn).await.unwrap().transaction);
    assert_eq!((rec.enabled, rec.generated), (Some(true), Some(true)));
    assert_eq!(rec.additional_terms.as_deref(), Some("Bilen sælges som beset."));
    assert_eq!(audit(&w.app, "setBillOfSale")[0].3.as_deref(), Some("289500.00"), "the amount is audited");

    let uploaded = w.app.auto.set_bill_of_sale(&bill(true, Some(file("slutseddel.pdf", PDF)))).await.unwrap();
    assert_eq!(uploaded.record.state, ActionState::Succeeded);
    let rec = record(&w.app.transactions.get_transaction(&txn).await.unwrap().transaction);
    assert_eq!((rec.generated, rec.file_name.as_deref()), (Some(false), Some("slutseddel.pdf")));

    let off = w.app.auto.set_bill_of_sale(&bill(false, None)).await.unwrap();
    assert_eq!(off.record.state, ActionState::Succeeded);
    assert_eq!(record(&w.app.transactions.get_transaction(&txn).await.unwrap().transaction).enabled, Some(false));

    // Debt: the client's validators refuse before anything is written.
    let debt = |account: Option<&str>, fik: Option<&str>| DebtInput {
        transaction_id: txn.clone(),
        file: file("gaeld.pdf", PDF),
        amount: "12500.00".into(),
        fik_code: fik.map(Into::into),
        bank_account: account.map(Into::into),
        bank_account_text: Some("Lån 4411".into()),
    };
    let before = audit_len(&w.app);
    for (bad, says) in [
        (debt(Some("DK5100400440116243"), None), "check digits"),
        (debt(Some("0040044011624"), None), "14 digits"),
        (debt(None, Some("+73<123456789012345+12345678<")), "+73"),
        (debt(None, None), "FIK code or a bank account"),
        (debt(Some("00400440116243"), Some("+71<123456789012345+12345678<")), "not both"),
    ] {
        let err = w.app.auto.add_debt_information(&bad).await.unwrap_err();
        assert_eq!(err.code, ErrorCode::Validation);
        assert!(err.message.contains(says), "{says}: {}", err.message);
    }
    let mut text_file = debt(Some("00400440116243"), None);
    text_file.file = file("notes.txt", b"text");
    assert_eq!(w.app.auto.add_debt_information(&text_file).await.unwrap_err().code, ErrorCode::Validation);
    assert_eq!(audit_len(&w.app), before, "nothing journaled");
    assert_eq!(w.app.auto.debt_download_link(&txn).await.unwrap_err().code, ErrorCode::NotFound, "no debt yet");

    let out = w.app.auto.add_debt_information(&debt(Some("DK50 0040 0440 1162 43"), None)).await.unwrap();
    assert_eq!(out.record.state, ActionState::Succeeded, "{:?}", out.record.message);
    let t = w.app.transactions.get_transaction(&txn).await.unwrap().transaction;
    let rec = DebtRecord::of(t.auto_information.as_ref().unwrap()).unwrap();
    assert_eq!(rec.bank_account.as_deref(), Some("DK5000400440116243"), "sent without spaces");
    assert_eq!(rec.amount.map(|a| a.to_string()).as_deref(), Some("12500.00"));
    let link = w.app.auto.debt_download_link(&txn).await.unwrap();
    assert!(link.url.starts_with(&w.url));
    assert_eq!(
        audit(&w.app, "addDebtInformation").iter().map(|r| (r.1.as_str(), r.3.as_deref())).collect::<Vec<_>>(),
        vec![("pending", Some("12500.00")), ("succeeded", Some("12500.00"))]
    );
    // The intent's audit row records what registering the debt does to the payee's share.
    let shown = w.app.transactions.debt_consequence(&txn, "12500.00").await.unwrap().consequence.unwrap();
    let intent = w
        .app
        .audit
        .audit_log(None, 10_000)
        .unwrap()
        .into_iter()
        .find(|e| e.kind == "addDebtInformation" && e.phase == "intent")
        .unwrap();
    let detail = intent.entry.detail.unwrap_or_default();
    assert!(detail.contains("consequence: payee receives") && detail.contains("planned"), "{detail}");
    assert!(
        shown.splits.iter().any(|s| s.debt_settlement && s.effect == "cancelled"),
        "a new debt replaces the pending one"
    );
}
