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
use escrow_desk::wiring::Domains;
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

    // Earlier intents (recorded, not sent), then the disk fills up under more of them: the
    // same request each time, so the one the staff member then starts needs room as they did.
    let mut earlier = vec![journal::local::record_intent(&db, app.desk.audit_trail(), SANDBOX_ID, &payout).unwrap()];
    cap_pages(&db, None);
    let refused = loop {
        match journal::local::record_intent(&db, app.desk.audit_trail(), SANDBOX_ID, &payout) {
            Ok(r) => earlier.push(r),
            Err(e) => break e,
        }
        assert!(earlier.len() < 1000, "the capped database never filled up");
    };
    assert_eq!(refused.code, ErrorCode::StorageFull, "{}", refused.message);

    let before = ledger(&sandbox.url).await.len();
    let err = app.actions.start_action(&payout, None).await.unwrap_err();
    assert_eq!(err.code, ErrorCode::StorageFull, "{}", err.message);
    assert!(err.message.starts_with("The data folder is full"), "{}", err.message);
    assert!(err.message.contains(&app_dir.display().to_string()), "names the folder: {}", err.message);
    assert!(err.message.contains("nothing was sent"), "{}", err.message);
    assert_eq!(ledger(&sandbox.url).await.len(), before, "no money request reached the sandbox");

    let open = app.actions.open_actions().await.unwrap();
    let kept: Vec<_> = open.iter().map(|r| (r.id.as_str(), r.idempotency_key.as_str(), r.state)).collect();
    let recorded: Vec<_> =
        earlier.iter().map(|r| (r.id.as_str(), r.idempotency_key.as_str(), ActionState::Pending)).collect();
    assert_eq!(kept, recorded, "every earlier intent is kept whole, and nothing else was recorded");
    assert_eq!(app.audit.verify_audit_log().unwrap().broken_at, None);

    // Room again: the same action runs, once.
    cap_pages(&db, Some(i64::from(i32::MAX)));
    let done = app.actions.start_action(&payout, None).await.unwrap();
    assert_eq!(done.state, ActionState::Succeeded);
    let payouts: Vec<_> = ledger(&sandbox.url).await.into_iter().filter(|r| r["kind"] == "payout").collect();
    assert_eq!(payouts.len(), 1);
    assert_eq!(payouts[0]["idempotencyKey"], done.idempotency_key.as_str());
    assert_eq!(app.actions.open_actions().await.unwrap().len(), earlier.len(), "the earlier intents are still open");
}

/// Dismissing an open action on a full disk: refused with `storage_full` in the same plain
/// words as the money path (the folder, what was not recorded, what to do), and the action
/// stays open; with room again the same dismissal goes through.
#[test]
fn a_full_disk_refuses_a_dismissal_in_plain_words_and_keeps_the_action_open() {
    let dir = tempfile::tempdir().unwrap();
    let db = AppDb::open(dir.path()).unwrap();
    let trail = escrow_desk::audit::Trail::open(
        &Keychain::with_service(format!("dk.escrowdesk.test.{}", uuid::Uuid::new_v4())),
        &db,
        escrow_desk::settings::environments::kind_on,
    );
    let intent = TransactionAction::Reimburse { transaction_id: "t-1".into(), amount: "5.00".into() };
    let mut open = vec![journal::local::record_intent(&db, &trail, SANDBOX_ID, &intent).unwrap()];
    cap_pages(&db, None);
    while journal::local::record_intent(&db, &trail, SANDBOX_ID, &intent).map(|r| open.push(r)).is_ok() {
        assert!(open.len() < 1000, "the capped database never filled up");
    }
    // Dismissals need less room than intents: dismiss until one finds none.
    let (refused, err) = open
        .iter()
        .find_map(|r| journal::local::dismiss::<TransactionAction>(&db, &trail, &r.id).err().map(|e| (r, e)))
        .expect("a dismissal on the full disk is refused");
    assert_eq!(err.code, ErrorCode::StorageFull, "{}", err.message);
    assert_eq!(err.not_recorded, Some(escrow_desk::error::NotRecorded::Dismissal));
    let folder = dir.path().canonicalize().unwrap().display().to_string();
    assert!(err.message.starts_with(&format!("The data folder is full ({folder}):")), "{}", err.message);
    assert!(err.message.contains("the dismissal was not recorded: the action stays open"), "{}", err.message);
    assert!(err.message.contains("Free some space on that disk, then try again."), "{}", err.message);
    assert!(!err.message.contains("database or disk is full"), "not SQLite's words: {}", err.message);
    let still: journal::Record<TransactionAction> = journal::local::get(&db, &refused.id).unwrap();
    assert_eq!(still.state, ActionState::Pending, "the action stays open");

    cap_pages(&db, Some(i64::from(i32::MAX)));
    let dismissed = journal::local::dismiss::<TransactionAction>(&db, &trail, &refused.id).unwrap();
    assert_eq!(dismissed.state, ActionState::Dismissed);
    assert_eq!(trail.check(&db).unwrap().broken_at, None);
}
