//! A database damaged under the running app (pages overwritten on disk while it is open):
//! a money action is refused with `storage_damaged` in plain words before anything is
//! sent, the folder is marked, and the next start moves the database aside — even when
//! `PRAGMA quick_check` would find it whole — keeping it byte for byte.
//!
//! One test per file on purpose: a damaged database marks every database open in the
//! process (`appdb::damage`), so a second test here would see its folder marked too.

use desk_core::damage;
use escrow_desk::appdb::{AppDb, FILE_NAME, quarantine};
use escrow_desk::desk::{BuiltInSandbox, Desk};
use escrow_desk::error::{ErrorCode, NotRecorded};
use escrow_desk::journal;
use escrow_desk::settings::environments::SANDBOX_ID;
use escrow_desk::settings::keychain::Keychain;
use escrow_desk::transactions::actions::TransactionAction;
use escrow_desk::transactions::list::TransactionQuery;
use escrow_desk::wiring::Domains;
use serde_json::Value;

async fn ledger_len(url: &str) -> usize {
    let res = reqwest::Client::new()
        .get(format!("{url}/_sandbox/ledger"))
        .bearer_auth(escrow_sandbox::DEMO_KEY)
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success());
    res.json::<Value>().await.unwrap()["items"].as_array().map_or(0, Vec::len)
}

#[tokio::test]
async fn a_database_damaged_while_running_refuses_the_action_and_is_moved_aside_at_the_next_start() {
    let dir = tempfile::tempdir().unwrap();
    let sandbox = escrow_sandbox::start(escrow_sandbox::SandboxConfig::demo(dir.path().join("sandbox"))).await.unwrap();
    let app_dir = dir.path().join("app");
    let db = AppDb::open(&app_dir).unwrap();
    let keychain = Keychain::with_service(format!("dk.escrowdesk.test.{}", uuid::Uuid::new_v4()));
    let builtin = BuiltInSandbox { url: sandbox.url.clone(), key: escrow_sandbox::DEMO_KEY.into() };
    let app = Domains::new(Desk::new(db.clone(), keychain, Some(builtin)).unwrap()).unwrap();
    let query = TransactionQuery { search: None, skip: 0, take: 100, filters: None, reference_id: None, sort: None };
    let page = app.transactions.list_transactions(&query).await.unwrap();
    let paid = page.items.iter().find(|t| t.status.as_str() == "PAID").expect("a paid demo transaction");
    let payout = TransactionAction::Payout {
        transaction_id: paid.transaction_id.clone(),
        service_account_id: paid.payer.as_ref().and_then(|p| p.service_account_id.clone()).unwrap(),
        amount: None,
    };

    // Enough earlier intents for the journal to span many pages, all in the main file.
    let earlier: Vec<_> = (0..300)
        .map(|_| journal::local::record_intent(&db, app.desk.audit_trail(), SANDBOX_ID, &payout).unwrap())
        .collect();
    db.lock().unwrap().execute_batch("PRAGMA wal_checkpoint(TRUNCATE);").unwrap();
    let path = app_dir.join(FILE_NAME);
    let whole = std::fs::read(&path).unwrap();
    assert!(whole.len() > 16 * 4096, "the journal spans many pages");

    // The pages after the schema are overwritten under the open database, and its cache
    // let go (as a long session's would be), so the next statement reads them from disk.
    let mut bytes = whole.clone();
    let end = bytes.len() - 4096;
    bytes[2 * 4096..end].fill(0xee);
    std::fs::write(&path, &bytes).unwrap();
    db.lock().unwrap().execute_batch("PRAGMA shrink_memory;").unwrap();

    let before = ledger_len(&sandbox.url).await;
    let err = app.actions.start_action(&payout, None).await.unwrap_err();
    assert_eq!(err.code, ErrorCode::StorageDamaged, "{}", err.message);
    assert_eq!(err.not_recorded, Some(NotRecorded::Intent));
    let canonical = app_dir.canonicalize().unwrap();
    for words in [
        "The local database in",
        canonical.to_str().unwrap(),
        "is damaged",
        "nothing was sent",
        "moved aside and kept (never deleted) when Escrow Desk next starts",
    ] {
        assert!(err.message.contains(words), "{words:?} in: {}", err.message);
    }
    assert!(!err.message.contains("malformed"), "not SQLite's words: {}", err.message);
    assert_eq!(ledger_len(&sandbox.url).await, before, "no money request reached the sandbox");
    let marked = damage::marked(&canonical).expect("the folder is marked for the next start");
    assert!(marked.contains("malformed"), "the marker keeps what SQLite said: {marked}");

    // The next start moves it aside even when the damage no longer shows to quick_check
    // (here the bytes are put back: only the marker says what was seen).
    drop(app);
    drop(db);
    std::fs::write(&path, &whole).unwrap();
    assert_eq!(quarantine::damage(&path, quarantine::Depth::Pages).unwrap(), None, "quick_check finds it whole");
    let again = AppDb::open(&app_dir).unwrap();
    let moved = again.moved_aside().expect("moved aside at the next start").clone();
    assert!(moved.why.contains("while Escrow Desk was running") && moved.why.contains("malformed"), "{}", moved.why);
    assert_eq!(std::fs::read(&moved.to).unwrap(), whole, "kept byte for byte, with its recorded intents");
    assert!(journal::local::open::<TransactionAction>(&again).unwrap().is_empty(), "a fresh journal");
    assert_eq!(damage::marked(&canonical), None, "the marker is gone once the database is moved");
    let kept = rusqlite::Connection::open_with_flags(&moved.to, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
    let count: i64 = kept.query_row("SELECT count(*) FROM actions WHERE state = 'pending'", [], |r| r.get(0)).unwrap();
    assert_eq!(count, earlier.len() as i64, "every recorded intent is in the kept file");
    drop(again);

    // And only once: the fresh database stays at the start after.
    let third = AppDb::open(&app_dir).unwrap();
    assert!(third.moved_aside().is_none());
}
