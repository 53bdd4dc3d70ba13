//! What happened, and who is this: a transaction's timeline (record, audit log, the
//! built-in Sandbox's webhooks and the cancel reason) and the reference-id filter,
//! against the built-in demo sandbox over HTTP.

use escrow_desk::appdb::AppDb;
use escrow_desk::desk::{BuiltInSandbox, Desk};
use escrow_desk::journal::ActionState;
use escrow_desk::settings::keychain::Keychain;
use escrow_desk::timeline::entry::{TimelineKind, TimelineSource};
use escrow_desk::transactions::actions::TransactionAction;
use escrow_desk::transactions::filters::TransactionFilters;
use escrow_desk::transactions::list::TransactionQuery;
use escrow_desk::wiring::Domains;
use escrow_sandbox::SandboxConfig;

struct World {
    app: Domains,
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
            Some(BuiltInSandbox { url: sandbox.url.clone(), key: escrow_sandbox::DEMO_KEY.into() }),
        )
        .unwrap(),
    )
    .unwrap();
    World { app, _sandbox: sandbox, _dir: dir }
}

fn query(reference_id: Option<&str>, filters: Option<TransactionFilters>) -> TransactionQuery {
    TransactionQuery {
        search: None,
        skip: 0,
        take: 100,
        filters,
        reference_id: reference_id.map(Into::into),
        sort: None,
    }
}

#[tokio::test]
async fn the_list_sends_the_reference_id_with_and_without_filters() {
    let w = world().await;
    let one = w.app.transactions.list_transactions(&query(Some("DEAL-2026-0042"), None)).await.unwrap();
    assert_eq!(one.count, 1);
    assert_eq!(one.items[0].reference_id.as_deref(), Some("DEAL-2026-0042"));
    let paid = TransactionFilters { statuses: vec!["PAID".into()], ..Default::default() };
    let filtered = w.app.transactions.list_transactions(&query(Some("DEAL-2026-0042"), Some(paid))).await.unwrap();
    assert_eq!(filtered.count, 1, "the filtered path sends it too");
    let created = TransactionFilters { statuses: vec!["CREATED".into()], ..Default::default() };
    let none = w.app.transactions.list_transactions(&query(Some("DEAL-2026-0042"), Some(created))).await.unwrap();
    assert_eq!(none.count, 0, "a PAID deal is not CREATED");
    let all = w.app.transactions.list_transactions(&query(None, None)).await.unwrap();
    assert!(all.count > 1);
}

#[tokio::test]
async fn a_cancelled_transaction_shows_its_reason_its_staff_action_and_its_webhook() {
    let w = world().await;
    let page = w.app.transactions.list_transactions(&query(None, None)).await.unwrap();
    let item = page.items.iter().find(|t| t.status.as_str() == "CREATED" && t.payer.is_some()).unwrap();
    let id = item.transaction_id.clone();
    let payer = item.payer.as_ref().unwrap().service_account_id.clone().unwrap();
    let record = w
        .app
        .actions
        .start_action(
            &TransactionAction::Cancel {
                transaction_id: id.clone(),
                service_account_id: payer,
                reason: Some("Kunden fortrød".into()),
                amount: None,
            },
            None,
        )
        .await
        .unwrap();
    assert_eq!(record.state, ActionState::Succeeded, "{:?}", record.message);

    let view = w.app.timeline.transaction_timeline(&id).await.unwrap();
    assert_eq!(view.cancel_reason.as_deref(), Some("Kunden fortrød"));
    assert!(view.webhooks && view.missing.is_empty(), "{view:?}");
    let staff = view.entries.iter().find(|e| e.event == "staff.cancel").expect("the staff's cancel");
    assert_eq!((staff.kind, staff.source), (TimelineKind::Cancel, TimelineSource::Audit));
    assert_eq!(staff.detail.as_deref(), Some("Kunden fortrød"));
    assert!(staff.audit_seq.is_some() && staff.correlation_id.is_some());
    let audit = w.app.audit.audit_log(None, 100).unwrap();
    assert!(audit.iter().any(|r| Some(r.seq) == staff.audit_seq && r.target == id), "the link names its row");
    assert!(view.entries.iter().any(|e| e.event == "webhook.transaction.cancelled"), "{:?}", view.entries);
    assert_eq!(view.entries.last().map(|e| e.event.as_str()), Some("transaction.created"), "created comes last");
    let times: Vec<_> = view.entries.iter().filter_map(|e| e.at).collect();
    assert!(times.windows(2).all(|w| w[0] >= w[1]), "newest first");
}

#[tokio::test]
async fn deliveries_are_listed_by_transaction_and_a_test_event_adds_one() {
    let w = world().await;
    let page = w.app.transactions.list_transactions(&query(Some("DEAL-2026-0042"), None)).await.unwrap();
    let id = page.items[0].transaction_id.clone();
    let before = w.app.events.webhook_deliveries(Some(&id)).await.unwrap();
    assert!(before.available);
    let named = w.app.events.send_test_webhook("transaction.succeeded", Some(&id)).await.unwrap();
    assert_eq!(named, id);
    let after = w.app.events.webhook_deliveries(Some(&id)).await.unwrap();
    assert_eq!(after.items.len(), before.items.len() + 1);
    assert_eq!(after.items[0].event_name, "transaction.succeeded", "newest first");
    assert!(after.items.iter().all(|d| d.transaction_id() == Some(id.as_str())));
    assert!(w.app.events.send_test_webhook("user.nothing", None).await.is_err());
    let examples = w.app.events.webhook_examples().await.unwrap();
    assert!(examples.examples["transaction"].as_array().is_some_and(|a| !a.is_empty()));
}

#[tokio::test]
async fn from_a_transaction_to_its_payer_and_their_other_transactions() {
    use escrow_desk::users::service::UserQuery;
    let w = world().await;
    let deal =
        w.app.transactions.list_transactions(&query(Some("DEAL-2026-0042"), None)).await.unwrap().items.remove(0);
    let payer = deal.payer.clone().unwrap();
    let sid = payer.service_account_id.clone().unwrap();
    let theirs = w.app.users.user_transactions(&sid).await.unwrap();
    assert!(theirs.items.iter().any(|t| t.transaction_id == deal.transaction_id), "the deal is theirs");
    for t in &theirs.items {
        let parties = [&t.payer, &t.payee];
        assert!(
            parties.iter().any(|p| p.as_ref().is_some_and(|p| p.service_account_id.as_deref() == Some(sid.as_str())
                || (p.reference_id.is_some() && p.reference_id == payer.reference_id))),
            "{} is not {sid}'s",
            t.transaction_id
        );
    }

    // The users list: search by name finds the payer; a search nobody matches finds nobody.
    let name = payer.name.clone().unwrap();
    let search = |s: &str| UserQuery { skip: 0, take: 50, search: Some(s.into()), public: None };
    let found = w.app.users.list_users(&search(&name.to_uppercase())).await.unwrap();
    assert!(found.items.iter().any(|u| u.service_account_id == sid), "{name} found");
    assert!(found.items.iter().all(|u| u.name.to_lowercase().contains(&name.to_lowercase())));
    assert!(w.app.users.list_users(&search("no such person zzz")).await.unwrap().items.is_empty());
    let public = UserQuery { skip: 0, take: 5, search: None, public: Some(true) };
    assert!(w.app.users.list_users(&public).await.is_ok(), "Public is sent as given");
}

#[tokio::test]
async fn a_document_of_its_own_is_uploaded_journaled_listed_and_opened() {
    use escrow_desk::documents::service::DocumentInput;
    use escrow_desk::shared::files::{FileData, FileUpload};
    let w = world().await;
    let input = DocumentInput {
        transaction_id: "  ".into(),
        title: "Fuldmagt".into(),
        signers_required: None,
        file: FileUpload { file_name: "fuldmagt.pdf".into(), data: FileData(b"%PDF-1.4 fuldmagt".to_vec()) },
    };
    let out = w.app.documents.upload_document(&input).await.unwrap();
    assert_eq!(out.record.state, ActionState::Succeeded, "{:?}", out.record.message);
    let id = out.value.clone().expect("the new document's id");
    let audit = w.app.audit.audit_log(Some("uploadDocument"), 10).unwrap();
    assert!(audit.iter().any(|r| r.target == escrow_desk::documents::actions::NEW_DOCUMENT), "journaled and audited");

    let all = w.app.documents.list_all_documents().await.unwrap();
    let listed = all.documents.iter().find(|d| d.document_id == id).expect("listed tenant-wide");
    assert_eq!(listed.transaction_id, None, "attached to no transaction");
    let one = w.app.documents.get_document(&id).await.unwrap();
    assert_eq!(one.document.title.as_deref(), Some("Fuldmagt"));

    let deleted = w.app.documents.delete_document(&id).await.unwrap();
    assert_eq!(deleted.record.state, ActionState::Succeeded);
    assert!(!w.app.documents.list_all_documents().await.unwrap().documents.iter().any(|d| d.document_id == id));
    assert!(w.app.documents.get_document(&id).await.is_err());
}
