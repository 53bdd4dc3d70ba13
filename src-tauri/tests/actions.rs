//! Staff actions run exactly once: journaled before the request, reconciled and resent
//! with the same key after an ambiguous failure or a restart; the audit log is
//! append-only and reports tampering.

use escrow_desk::appdb::AppDb;
use escrow_desk::audit::{ChainProblem, ChainStatus};
use escrow_desk::desk::{BuiltInSandbox, Desk};
use escrow_desk::journal::{self, ActionState};
use escrow_desk::settings::environments::{Badge, ProfileInput};
use escrow_desk::settings::keychain::Keychain;
use escrow_desk::transactions::actions::TransactionAction;
use escrow_desk::transactions::list::TransactionQuery;
use escrow_desk::wiring::Domains;
use escrow_sandbox::{SandboxConfig, Seed, TenantConfig};
use serde_json::{Value, json};

const KEY: &str = "faulty-tenant-key";

struct World {
    app: Domains,
    dir: tempfile::TempDir,
    keychain: Keychain,
    builtin: escrow_sandbox::RunningSandbox,
    faulty: escrow_sandbox::RunningSandbox,
    faulty_profile: String,
}

async fn world() -> World {
    let dir = tempfile::tempdir().unwrap();
    let builtin = escrow_sandbox::start(SandboxConfig::demo(dir.path().join("sandbox"))).await.unwrap();
    let faulty = escrow_sandbox::start(SandboxConfig {
        listen: "127.0.0.1:0".into(),
        data_dir: dir.path().join("faulty"),
        tenants: vec![TenantConfig::parse(&format!("f={KEY}")).unwrap()],
        seed: Seed::Demo,
        dialect: Default::default(),
    })
    .await
    .unwrap();
    let keychain = Keychain::with_service(format!("dk.escrowdesk.test.{}", uuid::Uuid::new_v4()));
    let app = new_desk(&dir, &keychain, &builtin);
    let profile = app
        .desk
        .save_profile(&ProfileInput {
            id: None,
            name: "Faulty".into(),
            base_url: faulty.url.clone(),
            badge: Badge::Sandbox,
            routes: String::new(),
            dialect: Default::default(),
        })
        .unwrap();
    app.environments.set_api_key(&profile.id, KEY).unwrap();
    World { app, dir, keychain, builtin, faulty, faulty_profile: profile.id }
}

fn new_desk(dir: &tempfile::TempDir, keychain: &Keychain, builtin: &escrow_sandbox::RunningSandbox) -> Domains {
    Domains::new(
        Desk::new(
            AppDb::open(&dir.path().join("app")).unwrap(),
            keychain.clone(),
            Some(BuiltInSandbox { url: builtin.url.clone(), key: escrow_sandbox::DEMO_KEY.into() }),
        )
        .unwrap(),
    )
    .unwrap()
}

async fn control(url: &str, key: &str, method: reqwest::Method, path: &str, body: Value) -> Value {
    let res = reqwest::Client::new()
        .request(method, format!("{url}{path}"))
        .bearer_auth(key)
        .json(&body)
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success(), "{path}: {}", res.status());
    res.json().await.unwrap_or(Value::Null)
}

async fn ledger(url: &str, key: &str) -> Vec<Value> {
    control(url, key, reqwest::Method::GET, "/_sandbox/ledger", json!({})).await["items"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

/// A PAID transaction of the active environment and its payer's account.
async fn paid(app: &Domains) -> (String, String) {
    let page = app
        .transactions
        .list_transactions(&TransactionQuery {
            search: None,
            skip: 0,
            take: 100,
            filters: None,
            reference_id: None,
            sort: None,
        })
        .await
        .unwrap();
    let item = page.items.iter().find(|t| t.status.as_str() == "PAID").expect("a paid demo transaction");
    (item.transaction_id.clone(), item.payer.as_ref().unwrap().service_account_id.clone().unwrap())
}

#[tokio::test]
async fn an_action_is_journaled_audited_and_executed_once() {
    let w = world().await;
    let (id, payer) = paid(&w.app).await;
    let done = w
        .app
        .actions
        .start_action(
            &TransactionAction::Payout { transaction_id: id.clone(), service_account_id: payer.clone(), amount: None },
            None,
        )
        .await
        .unwrap();
    assert_eq!(done.state, ActionState::Succeeded);
    assert!(done.correlation_id.is_some());
    let rows = ledger(&w.builtin.url, escrow_sandbox::DEMO_KEY).await;
    let payouts: Vec<_> = rows.iter().filter(|r| r["kind"] == "payout").collect();
    assert_eq!(payouts.len(), 1);
    assert_eq!(payouts[0]["idempotencyKey"], done.idempotency_key.as_str());

    let refused = w
        .app
        .actions
        .start_action(
            &TransactionAction::Payout { transaction_id: id.clone(), service_account_id: payer, amount: None },
            None,
        )
        .await
        .unwrap();
    assert_eq!(refused.state, ActionState::Failed, "a clear refusal is failed, not unknown");
    assert_eq!(refused.error.as_ref().unwrap().title.as_deref(), Some("Transaction closed"));
    assert_ne!(refused.idempotency_key, done.idempotency_key, "a new intent gets a new key");

    let log = w.app.audit.audit_log(None, 100).unwrap();
    let phases: Vec<_> = log.iter().rev().map(|e| (e.phase.as_str(), e.outcome.as_str())).collect();
    assert_eq!(phases, [("intent", "pending"), ("outcome", "succeeded"), ("intent", "pending"), ("outcome", "failed")]);
    assert_eq!(w.app.audit.audit_log(Some(&done.idempotency_key), 100).unwrap().len(), 2, "filter by key");
    assert_eq!(w.app.audit.verify_audit_log().unwrap().broken_at, None);

    let err = w
        .app
        .actions
        .start_action(&TransactionAction::Reimburse { transaction_id: id, amount: "1.005".into() }, None)
        .await
        .unwrap_err();
    assert_eq!(err.code, escrow_desk::error::ErrorCode::Validation, "more than 2 decimals is refused, not rounded");
}

#[tokio::test]
async fn an_ambiguous_failure_is_unknown_then_reconciled_or_resent_with_the_same_key() {
    let w = world().await;
    w.app.desk.select_environment(&w.faulty_profile).unwrap();
    let (id, payer) = paid(&w.app).await;
    // Every POST executes, then the connection drops: the app never sees an answer.
    let drop_all = json!({"rules": [{"method": "POST", "pathPrefix": "/v2/", "kind": "drop"}]});
    control(&w.faulty.url, KEY, reqwest::Method::PUT, "/_sandbox/faults", drop_all).await;

    let payout = w
        .app
        .actions
        .start_action(
            &TransactionAction::Payout { transaction_id: id.clone(), service_account_id: payer.clone(), amount: None },
            None,
        )
        .await
        .unwrap();
    assert_eq!(payout.state, ActionState::Unknown, "{:?}", payout.message);
    let (other, other_payer) = {
        let page = w
            .app
            .transactions
            .list_transactions(&TransactionQuery {
                search: None,
                skip: 0,
                take: 100,
                filters: None,
                reference_id: None,
                sort: None,
            })
            .await
            .unwrap();
        let t = page.items.iter().find(|t| t.status.as_str() == "PAID" && t.transaction_id != id).unwrap().clone();
        (t.transaction_id, t.payer.unwrap().service_account_id.unwrap())
    };
    let _ = other_payer;
    let reimburse = w
        .app
        .actions
        .start_action(&TransactionAction::Reimburse { transaction_id: other.clone(), amount: "10.00".into() }, None)
        .await
        .unwrap();
    assert_eq!(reimburse.state, ActionState::Unknown);
    let open: Vec<_> = w.app.actions.open_actions().await.unwrap().into_iter().map(|a| a.id).collect();
    assert_eq!(open, [payout.id.clone(), reimburse.id.clone()]);

    control(&w.faulty.url, KEY, reqwest::Method::DELETE, "/_sandbox/faults", json!({})).await;
    // Back on the built-in sandbox: retries still go to the action's own environment.
    w.app.desk.select_environment("sandbox").unwrap();
    let payout = w.app.actions.retry_action(&payout.id).await.unwrap();
    assert_eq!(payout.state, ActionState::Succeeded, "reconciled by GET: already succeeded");
    let reimburse = w.app.actions.retry_action(&reimburse.id).await.unwrap();
    assert_eq!(reimburse.state, ActionState::Succeeded);
    assert!(w.app.actions.open_actions().await.unwrap().is_empty());

    let rows = ledger(&w.faulty.url, KEY).await;
    let count = |kind: &str, key: &str| rows.iter().filter(|r| r["kind"] == kind && r["idempotencyKey"] == key).count();
    assert_eq!(count("payout", &payout.idempotency_key), 1);
    assert_eq!(count("reimburse", &reimburse.idempotency_key), 1);
    assert_eq!(rows.iter().filter(|r| r["kind"] == "reimburse").count(), 1, "executed exactly once");
}

#[tokio::test]
async fn an_intent_written_before_a_crash_is_resumed_after_restart() {
    let w = world().await;
    let (id, payer) = paid(&w.app).await;
    let request = TransactionAction::Cancel {
        transaction_id: id.clone(),
        service_account_id: payer,
        reason: Some("Kunden fortrød".into()),
        amount: Some("1.00".into()),
    };
    // The app dies right after committing the intent, before sending anything.
    let db = AppDb::open(&w.dir.path().join("app")).unwrap();
    let trail = w.app.desk.audit_trail().clone();
    let intent = journal::local::record_intent(&db, &trail, "sandbox", &request).unwrap();
    drop(w.app);

    let app = new_desk(&w.dir, &w.keychain, &w.builtin);
    let open = app.actions.open_actions().await.unwrap();
    assert_eq!(open.len(), 1);
    assert_eq!((open[0].state, &open[0].request), (ActionState::Pending, &request.clone().into()));
    let done = app.actions.retry_action(&intent.id).await.unwrap();
    assert_eq!(done.state, ActionState::Succeeded);
    assert_eq!(done.idempotency_key, intent.idempotency_key, "the key persisted before the first request");
    let t = app.transactions.get_transaction(&id).await.unwrap().transaction;
    assert_eq!(t.status.as_str(), "CANCELLED");
    let dismissed = app.actions.dismiss_action(&intent.id).await.unwrap_err();
    assert_eq!(dismissed.code, escrow_desk::error::ErrorCode::Validation);
}

#[tokio::test]
async fn the_audit_log_refuses_edits_and_reports_tampering() {
    let w = world().await;
    let (id, _) = paid(&w.app).await;
    w.app
        .actions
        .start_action(&TransactionAction::Reimburse { transaction_id: id, amount: "5.00".into() }, None)
        .await
        .unwrap();
    let path = w.dir.path().join("app/escrow-desk.sqlite");
    let conn = rusqlite::Connection::open(&path).unwrap();
    assert!(conn.execute("UPDATE audit SET amount = '5000.00' WHERE seq = 1", []).is_err(), "append-only");
    assert!(conn.execute("DELETE FROM audit WHERE seq = 1", []).is_err(), "append-only");
    // Someone with the file goes around the triggers:
    conn.execute_batch("DROP TRIGGER audit_no_update; UPDATE audit SET amount = '5000.00' WHERE seq = 1;").unwrap();
    let check = w.app.audit.verify_audit_log().unwrap();
    assert_eq!((check.rows, check.broken_at, check.problem), (2, Some(1), Some(ChainProblem::Edited)));
}

#[tokio::test]
async fn an_answer_lost_between_the_reply_and_the_journal_update_is_reconciled() {
    let w = world().await;
    let (id, payer) = paid(&w.app).await;
    let db = AppDb::open(&w.dir.path().join("app")).unwrap();
    let client = escrow_api::Client::builder(&w.builtin.url, escrow_sandbox::DEMO_KEY).build().unwrap();
    // Both requests reach the service and succeed, then the app dies before recording it.
    let trail = w.app.desk.audit_trail().clone();
    let reimburse = journal::local::record_intent(
        &db,
        &trail,
        "sandbox",
        &TransactionAction::Reimburse { transaction_id: id.clone(), amount: "25.00".into() },
    )
    .unwrap();
    journal::send_unrecorded(&client, &reimburse).await.unwrap();
    let payout = journal::local::record_intent(
        &db,
        &trail,
        "sandbox",
        &TransactionAction::Payout { transaction_id: id.clone(), service_account_id: payer, amount: None },
    )
    .unwrap();
    journal::send_unrecorded(&client, &payout).await.unwrap();
    drop(w.app);

    let app = new_desk(&w.dir, &w.keychain, &w.builtin);
    assert_eq!(app.actions.open_actions().await.unwrap().len(), 2, "both still pending after restart");
    assert_eq!(
        app.actions.retry_action(&reimburse.id).await.unwrap().state,
        ActionState::Succeeded,
        "resent with its key: replayed"
    );
    assert_eq!(app.actions.retry_action(&payout.id).await.unwrap().state, ActionState::Succeeded, "reconciled by GET");
    let rows = ledger(&w.builtin.url, escrow_sandbox::DEMO_KEY).await;
    assert_eq!(rows.iter().filter(|r| r["kind"] == "reimburse").count(), 1);
    assert_eq!(rows.iter().filter(|r| r["kind"] == "payout").count(), 1);
    assert!(app.actions.open_actions().await.unwrap().is_empty());
    assert_eq!(app.audit.verify_audit_log().unwrap().status, ChainStatus::Intact, "rows of the crashed run chain on");
}

/// The audit CSV is written by Rust into the export folder: every matching row, the
/// journaled key and amount, a byte-order mark for spreadsheets, and a new file each time.
#[tokio::test]
async fn the_audit_log_is_saved_as_csv_in_the_export_folder() {
    let w = world().await;
    let exports = w.dir.path().join("downloads");
    let app = new_desk(&w.dir, &w.keychain, &w.builtin).with_export_dir(exports.clone());
    let (id, _) = paid(&app).await;
    let done = app
        .actions
        .start_action(&TransactionAction::Reimburse { transaction_id: id.clone(), amount: "12.50".into() }, None)
        .await
        .unwrap();
    let all = app.audit.save_audit_csv(None).unwrap();
    assert!(all.path.starts_with(&exports.display().to_string()), "{}", all.path);
    let text = std::fs::read_to_string(&all.path).unwrap();
    assert!(text.starts_with("\u{feff}seq,time,environment_id,environment,action_id,action,"), "{text}");
    let lines: Vec<&str> = text.trim_end().split("\r\n").collect();
    assert_eq!(lines.len() as u64, all.rows + 1);
    assert!(all.rows >= 2, "intent and outcome");
    assert!(
        lines.iter().any(|l| l.contains(&done.idempotency_key) && l.contains("12.50") && l.contains(",Sandbox,")),
        "{text}"
    );
    let none = app.audit.save_audit_csv(Some("no-row-matches-this")).unwrap();
    assert_eq!(none.rows, 0);
    assert_ne!(none.path, all.path, "never overwrites");
    assert_eq!(
        app.audit.save_audit_csv(Some(&"x".repeat(201))).unwrap_err().code,
        escrow_desk::error::ErrorCode::Validation
    );
}

/// The keychain entry of a profile vanishes while an action of it is pending: the retry is
/// refused with "no API key" before anything is sent, the intent and its key stay, and
/// once a key is stored again the same intent executes once.
#[tokio::test]
async fn a_key_deleted_under_a_pending_action_sends_nothing_and_loses_nothing() {
    let w = world().await;
    w.app.desk.select_environment(&w.faulty_profile).unwrap();
    let (id, _) = paid(&w.app).await;
    let db = AppDb::open(&w.dir.path().join("app")).unwrap();
    let request = TransactionAction::Reimburse { transaction_id: id, amount: "7.00".into() };
    let intent = journal::local::record_intent(&db, w.app.desk.audit_trail(), &w.faulty_profile, &request).unwrap();
    w.keychain.delete(&w.faulty_profile).unwrap();

    let refused = w.app.actions.retry_action(&intent.id).await.unwrap_err();
    assert_eq!(refused.code, escrow_desk::error::ErrorCode::NoApiKey, "{}", refused.message);
    let open = w.app.actions.open_actions().await.unwrap();
    assert_eq!(open.len(), 1, "the intent is kept");
    assert_eq!(
        (open[0].state, open[0].idempotency_key.as_str()),
        (ActionState::Pending, intent.idempotency_key.as_str())
    );
    assert!(ledger(&w.faulty.url, KEY).await.iter().all(|r| r["kind"] != "reimburse"), "nothing was sent");

    w.app.environments.set_api_key(&w.faulty_profile, KEY).unwrap();
    let done = w.app.actions.retry_action(&intent.id).await.unwrap();
    assert_eq!((done.state, done.idempotency_key.as_str()), (ActionState::Succeeded, intent.idempotency_key.as_str()));
    assert_eq!(ledger(&w.faulty.url, KEY).await.iter().filter(|r| r["kind"] == "reimburse").count(), 1);
}

#[tokio::test]
async fn the_payout_consequence_is_what_the_ledger_records_and_what_the_audit_row_says() {
    let w = world().await;
    let (id, _) = paid(&w.app).await;
    let t = w.app.transactions.get_transaction(&id).await.unwrap().transaction;
    let payee = t.payee.as_ref().and_then(|p| p.service_account_id.clone()).unwrap();
    let payout = TransactionAction::Payout { transaction_id: id.clone(), service_account_id: payee, amount: None };
    let shown = w.app.transactions.transaction_consequence(&payout).await.unwrap().consequence.unwrap();
    assert!(shown.blocked.is_none(), "{shown:?}");
    let done = w.app.actions.start_action(&payout, None).await.unwrap();
    assert_eq!(done.state, ActionState::Succeeded);
    let rows = ledger(&w.builtin.url, escrow_sandbox::DEMO_KEY).await;
    let row = rows.iter().find(|r| r["kind"] == "payout" && r["target"] == id.as_str()).expect("a payout row");
    let recorded: rust_decimal::Decimal = row["amount"]
        .as_str()
        .map(|s| s.parse().unwrap())
        .unwrap_or_else(|| serde_json::from_value(row["amount"].clone()).unwrap());
    assert_eq!(format!("{recorded:.2}"), shown.payee_net, "the dialog's net is what the service paid out");
    let audit = w.app.audit.audit_log(None, 50).unwrap();
    let intent = audit.iter().find(|e| e.phase == "intent" && e.action_id == done.id).expect("the intent row");
    let detail = intent.detail.as_deref().unwrap_or_default();
    assert!(detail.contains(&format!("payee receives {} ", shown.payee_net)), "{detail}");
    // … and the audit page gets the same numbers in parts, to word in the user's language.
    let Some(escrow_desk::audit::AuditNote::Consequence { payee_net, currency, .. }) = &intent.parsed.note else {
        panic!("the consequence in parts: {:?}", intent.parsed);
    };
    assert_eq!((payee_net, currency.as_str()), (&shown.payee_net, "DKK"));
}
