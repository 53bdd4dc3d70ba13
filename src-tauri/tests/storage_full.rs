//! A full disk under the journal (SQLite's `max_page_count` held at the database's size:
//! SQLITE_FULL, as a full disk gives): a money action is refused with `storage_full`
//! before anything is sent, earlier intents stay whole, and once there is room again the
//! same action runs once.

use escrow_desk::appdb::AppDb;
use escrow_desk::desk::{BuiltInSandbox, Desk};
use escrow_desk::error::ErrorCode;
use escrow_desk::journal::{self, ActionState};
use escrow_desk::settings::environments::SANDBOX_ID;
use escrow_desk::settings::keychain::Keychain;
use escrow_desk::transactions::actions::TransactionAction;
use escrow_desk::transactions::list::TransactionQuery;
use serde_json::Value;

/// Holds the database at its current size (`None`: lets it grow again); answers the limit.
fn cap_pages(db: &AppDb, cap: Option<i64>) -> i64 {
    let conn = db.lock().unwrap();
    let pages = cap.unwrap_or_else(|| conn.query_row("PRAGMA page_count", [], |r| r.get(0)).unwrap());
    conn.query_row(&format!("PRAGMA max_page_count = {pages}"), [], |r| r.get(0)).unwrap()
}

async fn ledger(url: &str) -> Vec<Value> {
    let res = reqwest::Client::new()
        .get(format!("{url}/_sandbox/ledger"))
        .bearer_auth(escrow_sandbox::DEMO_KEY)
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success());
    res.json::<Value>().await.unwrap()["items"].as_array().cloned().unwrap_or_default()
}

#[tokio::test]
async fn a_full_disk_refuses_a_money_action_before_sending_and_keeps_earlier_intents() {
    let dir = tempfile::tempdir().unwrap();
    let sandbox = escrow_sandbox::start(escrow_sandbox::SandboxConfig::demo(dir.path().join("sandbox"))).await.unwrap();
    let app_dir = dir.path().join("app");
    let db = AppDb::open(&app_dir).unwrap();
    let keychain = Keychain::with_service(format!("dk.escrowdesk.test.{}", uuid::Uuid::new_v4()));
    let builtin = BuiltInSandbox { url: sandbox.url.clone(), key: escrow_sandbox::DEMO_KEY.into() };
    let desk = Desk::new(db.clone(), keychain, Some(builtin)).unwrap();
    let page = desk
        .list_transactions(&TransactionQuery { search: None, skip: 0, take: 100, filters: None, sort: None })
        .await
        .unwrap();
    let paid = page.items.iter().find(|t| t.status.as_str() == "PAID").expect("a paid demo transaction");
    let payout = TransactionAction::Payout {
        transaction_id: paid.transaction_id.clone(),
        service_account_id: paid.payer.as_ref().and_then(|p| p.service_account_id.clone()).unwrap(),
        amount: None,
    };

    // Earlier intents (recorded, not sent), then the disk fills up under more of them: the
    // same request each time, so the one the staff member then starts needs room as they did.
    let mut earlier = vec![journal::record_intent(&db, desk.audit_trail(), SANDBOX_ID, &payout).unwrap()];
    cap_pages(&db, None);
    let refused = loop {
        match journal::record_intent(&db, desk.audit_trail(), SANDBOX_ID, &payout) {
            Ok(r) => earlier.push(r),
            Err(e) => break e,
        }
        assert!(earlier.len() < 1000, "the capped database never filled up");
    };
    assert_eq!(refused.code, ErrorCode::StorageFull, "{}", refused.message);

    let before = ledger(&sandbox.url).await.len();
    let err = desk.start_action(&payout).await.unwrap_err();
    assert_eq!(err.code, ErrorCode::StorageFull, "{}", err.message);
    assert!(err.message.starts_with("The data folder is full"), "{}", err.message);
    assert!(err.message.contains(&app_dir.display().to_string()), "names the folder: {}", err.message);
    assert!(err.message.contains("nothing was sent"), "{}", err.message);
    assert_eq!(ledger(&sandbox.url).await.len(), before, "no money request reached the sandbox");

    let open = desk.open_actions().unwrap();
    let kept: Vec<_> = open.iter().map(|r| (r.id.as_str(), r.idempotency_key.as_str(), r.state)).collect();
    let recorded: Vec<_> =
        earlier.iter().map(|r| (r.id.as_str(), r.idempotency_key.as_str(), ActionState::Pending)).collect();
    assert_eq!(kept, recorded, "every earlier intent is kept whole, and nothing else was recorded");
    assert_eq!(desk.verify_audit_log().unwrap().broken_at, None);

    // Room again: the same action runs, once.
    cap_pages(&db, Some(i64::from(i32::MAX)));
    let done = desk.start_action(&payout).await.unwrap();
    assert_eq!(done.state, ActionState::Succeeded);
    let payouts: Vec<_> = ledger(&sandbox.url).await.into_iter().filter(|r| r["kind"] == "payout").collect();
    assert_eq!(payouts.len(), 1);
    assert_eq!(payouts[0]["idempotencyKey"], done.idempotency_key.as_str());
    assert_eq!(desk.open_actions().unwrap().len(), earlier.len(), "the earlier intents are still open");
}
