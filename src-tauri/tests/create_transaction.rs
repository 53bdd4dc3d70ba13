//! Creating a transaction from the app: field errors before anything is journaled, one
//! transaction per intent even when the answer is lost, and the audit row naming it.

use escrow_desk::appdb::AppDb;
use escrow_desk::desk::{BuiltInSandbox, Desk};
use escrow_desk::error::ErrorCode;
use escrow_desk::journal::ActionState;
use escrow_desk::settings::environments::{Badge, ProfileInput};
use escrow_desk::settings::keychain::Keychain;
use escrow_desk::transactions::create::{NewTransactionInput, VehicleInput};
use escrow_desk::transactions::list::TransactionQuery;
use escrow_desk::wiring::Domains;
use escrow_sandbox::{SandboxConfig, Seed, TenantConfig};
use serde_json::{Value, json};

const KEY: &str = "create-tenant-key";

async fn control(url: &str, method: reqwest::Method, path: &str, body: Value) -> Value {
    let res = reqwest::Client::new()
        .request(method, format!("{url}{path}"))
        .bearer_auth(KEY)
        .json(&body)
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success(), "{path}: {}", res.status());
    res.json().await.unwrap_or(Value::Null)
}

struct World {
    app: Domains,
    sandbox: escrow_sandbox::RunningSandbox,
    _builtin: escrow_sandbox::RunningSandbox,
    _dir: tempfile::TempDir,
}

async fn world() -> World {
    let dir = tempfile::tempdir().unwrap();
    let builtin = escrow_sandbox::start(SandboxConfig::demo(dir.path().join("builtin"))).await.unwrap();
    let sandbox = escrow_sandbox::start(SandboxConfig {
        listen: "127.0.0.1:0".into(),
        data_dir: dir.path().join("sandbox"),
        tenants: vec![TenantConfig::parse(&format!("c={KEY}")).unwrap()],
        seed: Seed::Demo,
        dialect: Default::default(),
    })
    .await
    .unwrap();
    let keychain = Keychain::with_service(format!("dk.escrowdesk.test.{}", uuid::Uuid::new_v4()));
    let app = Domains::new(
        Desk::new(
            AppDb::open(&dir.path().join("app")).unwrap(),
            keychain,
            Some(BuiltInSandbox { url: builtin.url.clone(), key: escrow_sandbox::DEMO_KEY.into() }),
        )
        .unwrap(),
    )
    .unwrap();
    let profile = app
        .desk
        .save_profile(&ProfileInput {
            id: None,
            name: "Create".into(),
            base_url: sandbox.url.clone(),
            badge: Badge::Sandbox,
            routes: String::new(),
            dialect: Default::default(),
        })
        .unwrap();
    app.environments.set_api_key(&profile.id, KEY).unwrap();
    app.desk.select_environment(&profile.id).unwrap();
    World { app, sandbox, _builtin: builtin, _dir: dir }
}

/// Two connected users of the tenant: (payer, payee).
async fn parties(url: &str) -> (String, String) {
    let mut ids = Vec::new();
    for (i, name) in ["Karen Holm", "Bilhuset Aarhus ApS"].iter().enumerate() {
        let user = json!({"referenceId": format!("create-{i}"), "name": name, "email": format!("u{i}@example.dk"), "phoneNumber": "+4512345678", "type": if i == 0 { "Private" } else { "Business" }});
        ids.push(
            control(url, reqwest::Method::POST, "/_sandbox/users", user).await["serviceAccountId"]
                .as_str()
                .unwrap()
                .to_owned(),
        );
    }
    (ids[0].clone(), ids[1].clone())
}

fn ledger_creates(rows: &Value) -> Vec<Value> {
    rows["items"].as_array().unwrap().iter().filter(|r| r["kind"] == "create_transaction").cloned().collect()
}

#[tokio::test]
async fn an_auto_deal_is_created_once_and_shows_in_the_list_and_the_audit_log() {
    let w = world().await;
    let (payer, payee) = parties(&w.sandbox.url).await;
    let input = NewTransactionInput {
        transaction_type: "AUTO".into(),
        amount: "189000.00".into(),
        currency: "DKK".into(),
        title: "Škoda Octavia Combi".into(),
        payer_id: payer,
        payee_id: payee,
        reference_id: "DEAL-NEW-1".into(),
        vehicle: Some(VehicleInput {
            brand: "Škoda".into(),
            model: "Octavia".into(),
            year: "2021".into(),
            registration_number: "CX 12 345".into(),
            vin: "TMBJJ7NE1M0123456".into(),
            ..Default::default()
        }),
        ..Default::default()
    };
    let outcome = w.app.transactions.create_transaction(&input).await.unwrap();
    assert_eq!(outcome.record.state, ActionState::Succeeded, "{:?}", outcome.record.error);
    let id = outcome.value.clone().expect("the new id");
    let tx = w.app.transactions.get_transaction(&id).await.unwrap().transaction;
    assert_eq!(tx.amount.to_string(), "189000.00");
    assert_eq!(tx.auto_information.unwrap().vin.as_deref(), Some("TMBJJ7NE1M0123456"));
    let page = w
        .app
        .transactions
        .list_transactions(&TransactionQuery {
            search: Some("cx 12 345".into()),
            skip: 0,
            take: 20,
            filters: None,
            reference_id: None,
            sort: None,
        })
        .await
        .unwrap();
    assert_eq!(page.items.iter().map(|t| t.transaction_id.as_str()).collect::<Vec<_>>(), [id.as_str()]);

    let creates = ledger_creates(&control(&w.sandbox.url, reqwest::Method::GET, "/_sandbox/ledger", json!({})).await);
    assert_eq!(creates.len(), 1);
    assert_eq!(creates[0]["idempotencyKey"], outcome.record.idempotency_key.as_str());
    let audit: Vec<_> =
        w.app.audit.audit_log(None, 100).unwrap().into_iter().filter(|e| e.action_id == outcome.record.id).collect();
    let phases: Vec<_> = audit.iter().map(|e| (e.phase.as_str(), e.amount.clone(), e.detail.clone())).collect();
    assert!(phases.contains(&("intent", Some("189000.00".into()), None)), "{phases:?}");
    assert!(phases.contains(&("outcome", Some("189000.00".into()), Some(format!("created {id}")))), "{phases:?}");
    // The stored words stay as written; the audit page reads them back in parts (issue 32).
    let outcome_row = audit.iter().find(|e| e.phase == "outcome").expect("the outcome row");
    assert_eq!(outcome_row.parsed.note, Some(escrow_desk::audit::AuditNote::Created { id: id.clone() }));
}

#[tokio::test]
async fn a_bad_form_is_refused_field_by_field_and_never_journaled() {
    let w = world().await;
    let input = NewTransactionInput {
        transaction_type: "MARKETPLACE".into(),
        amount: "0".into(),
        currency: "NOK".into(),
        ..Default::default()
    };
    let err = w.app.transactions.create_transaction(&input).await.unwrap_err();
    assert_eq!(err.code, ErrorCode::Validation);
    let fields: Vec<_> = err.field_errors.unwrap().into_iter().map(|f| f.field).collect();
    for f in ["amount", "currency", "title", "payerId", "payeeId"] {
        assert!(fields.contains(&f.to_owned()), "{f} in {fields:?}");
    }
    assert!(w.app.audit.audit_log(None, 100).unwrap().is_empty(), "nothing journaled");
}

#[tokio::test]
async fn a_lost_answer_is_unknown_and_the_retry_creates_nothing_new() {
    let w = world().await;
    let (payer, payee) = parties(&w.sandbox.url).await;
    let input = NewTransactionInput {
        transaction_type: "MARKETPLACE".into(),
        amount: "450.00".into(),
        title: "Sofa".into(),
        payer_id: payer,
        payee_id: payee,
        ..Default::default()
    };
    let drop_all = json!({"rules": [{"method": "POST", "pathPrefix": "/v2/transactions", "kind": "drop"}]});
    control(&w.sandbox.url, reqwest::Method::PUT, "/_sandbox/faults", drop_all).await;
    let lost = w.app.transactions.create_transaction(&input).await.unwrap();
    assert_eq!(lost.record.state, ActionState::Unknown, "{:?}", lost.record.message);
    control(&w.sandbox.url, reqwest::Method::DELETE, "/_sandbox/faults", json!({})).await;
    // Past the service's 24-hour idempotency window: only the uniquenessKey still guards.
    control(&w.sandbox.url, reqwest::Method::POST, "/_sandbox/clock/advance", json!({"seconds": 25 * 3600})).await;
    let retried = w.app.actions.retry_action(&lost.record.id).await.unwrap();
    let creates = ledger_creates(&control(&w.sandbox.url, reqwest::Method::GET, "/_sandbox/ledger", json!({})).await);
    assert_eq!(creates.len(), 1, "executed exactly once: {creates:?}");
    assert_eq!(creates[0]["idempotencyKey"], lost.record.idempotency_key.as_str());
    assert_ne!(retried.state, ActionState::Pending);
}

#[tokio::test]
async fn a_payment_is_created_once_with_its_link_and_initialized_for_psd2() {
    use escrow_desk::payments::actions::PaymentAction;
    let w = world().await;
    let (payer, payee) = parties(&w.sandbox.url).await;
    let input = NewTransactionInput {
        transaction_type: "MARKETPLACE".into(),
        amount: "800.00".into(),
        title: "Barnevogn".into(),
        payer_id: payer.clone(),
        payee_id: payee,
        ..Default::default()
    };
    let id = w.app.transactions.create_transaction(&input).await.unwrap().value.unwrap();
    let create =
        PaymentAction::CreatePayment { transaction_id: id.clone(), service_account_id: payer.clone(), amount: None };
    let created = w.app.payments.payment_action(&create, None).await.unwrap();
    assert_eq!(created.record.state, ActionState::Succeeded, "{:?}", created.record.error);
    let payment_id = created.value.clone().expect("payment id");
    let first_link = created.link.clone().expect("payment link");
    assert!(first_link.starts_with(&w.sandbox.url), "{first_link}");
    assert!(escrow_desk::external::check(&first_link).is_ok(), "the sandbox's link can be opened");

    // PSD2 needs one of the payer's own accounts: the app refuses without one, the service with another's.
    let psd2 = |account: Option<String>| PaymentAction::InitializePayment {
        transaction_id: id.clone(),
        payment_id: payment_id.clone(),
        payment_method: Some("PSD2".into()),
        bank_id: None,
        bank_account_id: account,
    };
    assert_eq!(w.app.payments.payment_action(&psd2(None), None).await.unwrap_err().code, ErrorCode::Validation);
    let accounts = w.app.users.list_bank_accounts(&payer).await.unwrap().items;
    let init = w.app.payments.payment_action(&psd2(Some(accounts[0].bank_account_id.clone())), None).await.unwrap();
    assert_eq!(init.record.state, ActionState::Succeeded, "{:?}", init.record.error);
    assert!(init.link.is_some_and(|l| l.starts_with(&w.sandbox.url)));
    let foreign = w.app.payments.payment_action(&psd2(Some("not-the-payers-account".into())), None).await.unwrap();
    assert_eq!(foreign.record.state, ActionState::Failed);
    assert_eq!(foreign.record.error.and_then(|e| e.title).as_deref(), Some("Bank account not found"));

    let ledger = control(&w.sandbox.url, reqwest::Method::GET, "/_sandbox/ledger", json!({})).await;
    let payments: Vec<_> =
        ledger["items"].as_array().unwrap().iter().filter(|r| r["kind"] == "create_payment").collect();
    assert_eq!(payments.len(), 1, "{payments:?}");
    assert_eq!(payments[0]["idempotencyKey"], created.record.idempotency_key.as_str());
}
