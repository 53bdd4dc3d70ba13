//! The disk fills up while a money request is on its way (between the service's answer and
//! the journal's update): the action is sent once, the error says the answer could not be
//! recorded, the intent stays pending with its key, and after room is made the retry
//! reconciles it without a second execution. Its own test binary: the checkpoint hook is
//! process-wide.

use escrow_desk::appdb::AppDb;
use escrow_desk::audit::{NewEntry, Trail};
use escrow_desk::desk::{BuiltInSandbox, Desk};
use escrow_desk::error::ErrorCode;
use escrow_desk::journal::{self, ActionState, Checkpoint};
use escrow_desk::settings::keychain::Keychain;
use escrow_desk::transactions::actions::TransactionAction;
use escrow_desk::transactions::list::TransactionQuery;
use escrow_desk::wiring::Domains;
use serde_json::Value;
use std::sync::Mutex;

/// The database the hook fills when the next answer arrives (once).
static FILL_AT_REPLY: Mutex<Option<(AppDb, Trail)>> = Mutex::new(None);

/// Holds the database at its size and fills the audit table's last page with the smallest
/// rows until SQLite answers SQLITE_FULL: the outcome's larger audit row cannot fit.
fn fill(point: Checkpoint) {
    if point != Checkpoint::ReplyReceived {
        return;
    }
    let Some((db, trail)) = FILL_AT_REPLY.lock().unwrap().take() else { return };
    let conn = db.lock().unwrap();
    let pages: i64 = conn.query_row("PRAGMA page_count", [], |r| r.get(0)).unwrap();
    conn.query_row(&format!("PRAGMA max_page_count = {pages}"), [], |r| r.get::<_, i64>(0)).unwrap();
    let tiny = NewEntry {
        environment_id: "",
        action_id: "",
        kind: "",
        target: "",
        amount: None,
        idempotency_key: None,
        correlation_id: None,
        phase: "",
        outcome: "",
        detail: None,
    };
    for _ in 0..10_000 {
        if let Err(e) = trail.append(&conn, &tiny) {
            assert_eq!(e.code, ErrorCode::StorageFull, "{}", e.message);
            return;
        }
    }
    panic!("the capped database never filled up");
}

async fn ledger(url: &str) -> Vec<Value> {
    let res = reqwest::Client::new()
        .get(format!("{url}/_sandbox/ledger"))
        .bearer_auth(escrow_sandbox::DEMO_KEY)
        .send()
        .await
        .unwrap();
    res.json::<Value>().await.unwrap()["items"].as_array().cloned().unwrap_or_default()
}

#[tokio::test]
async fn a_disk_that_fills_after_sending_keeps_the_intent_and_the_retry_executes_nothing_twice() {
    let dir = tempfile::tempdir().unwrap();
    let sandbox = escrow_sandbox::start(escrow_sandbox::SandboxConfig::demo(dir.path().join("sandbox"))).await.unwrap();
    let db = AppDb::open(&dir.path().join("app")).unwrap();
    let keychain = Keychain::with_service(format!("dk.escrowdesk.test.{}", uuid::Uuid::new_v4()));
    let builtin = BuiltInSandbox { url: sandbox.url.clone(), key: escrow_sandbox::DEMO_KEY.into() };
    let app = Domains::new(Desk::new(db.clone(), keychain, Some(builtin)).unwrap()).unwrap();
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
    let paid = page.items.iter().find(|t| t.status.as_str() == "PAID").expect("a paid demo transaction");
    let payout = TransactionAction::Payout {
        transaction_id: paid.transaction_id.clone(),
        service_account_id: paid.payer.as_ref().and_then(|p| p.service_account_id.clone()).unwrap(),
        amount: None,
    };

    assert!(journal::set_checkpoint_hook(fill));
    *FILL_AT_REPLY.lock().unwrap() = Some((db.clone(), app.desk.audit_trail().clone()));
    let err = app.actions.start_action(&payout, None).await.unwrap_err();
    assert_eq!(err.code, ErrorCode::StorageFull, "{}", err.message);
    assert!(
        err.message.contains("answer could not be recorded") && err.message.contains("stays pending"),
        "{}",
        err.message
    );
    let payouts = |rows: Vec<Value>| rows.into_iter().filter(|r| r["kind"] == "payout").collect::<Vec<_>>();
    let sent = payouts(ledger(&sandbox.url).await);
    assert_eq!(sent.len(), 1, "the intent was recorded first, so the request went out once");

    let open = app.actions.open_actions().await.unwrap();
    assert_eq!(open.len(), 1, "the intent is kept");
    assert_eq!(
        (open[0].state, open[0].idempotency_key.as_str()),
        (ActionState::Pending, sent[0]["idempotencyKey"].as_str().unwrap())
    );

    // Room again: the retry reconciles (or resends with the same key); one execution.
    db.lock().unwrap().query_row("PRAGMA max_page_count = 2147483647", [], |r| r.get::<_, i64>(0)).unwrap();
    let done = app.actions.retry_action(&open[0].id).await.unwrap();
    assert_eq!(done.state, ActionState::Succeeded, "{:?}", done.message);
    assert_eq!(payouts(ledger(&sandbox.url).await).len(), 1, "executed once");
    assert!(app.actions.open_actions().await.unwrap().is_empty());
}
