//! A damaged app database (not a database, or pages that fail `PRAGMA quick_check`) is
//! moved aside at open as `escrow-desk.sqlite.corrupt-<UTC time>` with its side files,
//! never deleted; a fresh database starts and works; the start-up report tells the user
//! where the old one is. A whole database is never moved.

use escrow_desk::appdb::{AppDb, FILE_NAME};
use escrow_desk::audit::Trail;
use escrow_desk::journal;
use escrow_desk::settings::environments::SANDBOX_ID;
use escrow_desk::settings::keychain::Keychain;
use escrow_desk::startup::{self, NoticeKind};
use escrow_desk::transactions::actions::TransactionAction;
use std::path::{Path, PathBuf};

fn moved_files(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with("escrow-desk.sqlite.corrupt-"))
        .collect();
    found.sort();
    found
}

/// The audit trail of `db`'s folder, in a keychain namespace of this test's own.
fn trail(db: &AppDb) -> Trail {
    Trail::open(
        &Keychain::with_service(format!("escrow-desk-test-corrupt-{}", uuid::Uuid::new_v4())),
        db,
        escrow_desk::settings::environments::kind_on,
    )
}

fn intent() -> TransactionAction {
    TransactionAction::Reimburse { transaction_id: "t-1".into(), amount: "5.00".into() }
}

#[test]
fn garbage_is_moved_aside_kept_whole_and_a_fresh_database_works() {
    let dir = tempfile::tempdir().unwrap();
    let garbage: Vec<u8> = (0..20_000u32).map(|i| (i * 7 % 251) as u8).collect();
    std::fs::write(dir.path().join(FILE_NAME), &garbage).unwrap();

    let db = AppDb::open(dir.path()).unwrap();
    let moved = db.moved_aside().expect("the damaged file was moved aside").clone();
    assert!(moved.why.contains("not a database"), "{}", moved.why);
    assert_eq!(moved_files(dir.path()), vec![moved.to.clone()]);
    let name = moved.to.file_name().unwrap().to_string_lossy().into_owned();
    let stamp = name.trim_start_matches("escrow-desk.sqlite.corrupt-");
    assert!(chrono::NaiveDateTime::parse_from_str(stamp, "%Y%m%dT%H%M%SZ").is_ok(), "a UTC timestamp: {name}");
    assert_eq!(std::fs::read(&moved.to).unwrap(), garbage, "kept byte for byte");

    let recorded = journal::local::record_intent(&db, &trail(&db), SANDBOX_ID, &intent()).unwrap();
    let back: journal::Record<TransactionAction> = journal::local::get(&db, &recorded.id).unwrap();
    assert_eq!(back.idempotency_key, recorded.idempotency_key, "the fresh database works");

    let notice = startup::moved_aside_notice(NoticeKind::DatabaseMovedAside, &moved);
    assert_eq!(notice.path, moved.to.display().to_string());
    assert!(notice.message.contains(&notice.path), "{}", notice.message);
    assert!(notice.message.contains("pending actions recorded in it could not be read"), "{}", notice.message);
    startup::notice(notice.clone());
    let report = serde_json::to_value(escrow_desk::startup::commands::startup_report().unwrap()).unwrap();
    assert_eq!(report["problem"], serde_json::Value::Null, "the desk opened");
    assert_eq!(report["notices"][0]["kind"], "database_moved_aside");
    assert_eq!(report["notices"][0]["path"], notice.path.as_str());
    drop(db);

    // Opened again: the fresh database is whole and stays; the moved file is still there.
    let again = AppDb::open(dir.path()).unwrap();
    assert!(again.moved_aside().is_none());
    assert_eq!(journal::local::open::<TransactionAction>(&again).unwrap().len(), 1);
    assert_eq!(moved_files(dir.path()), [moved.to]);
}

#[test]
fn a_journal_with_damaged_pages_is_moved_aside_with_its_wal() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(FILE_NAME);
    {
        let db = AppDb::open(dir.path()).unwrap();
        for _ in 0..300 {
            journal::local::record_intent(&db, &trail(&db), SANDBOX_ID, &intent()).unwrap();
        }
        db.lock().unwrap().execute_batch("PRAGMA wal_checkpoint(TRUNCATE);").unwrap();
    }
    // Page 1 (the header and schema) stays; the tables' pages after it are overwritten.
    let mut bytes = std::fs::read(&path).unwrap();
    assert!(bytes.len() > 16 * 4096, "the journal spans many pages");
    let end = bytes.len() - 4096;
    bytes[2 * 4096..end].fill(0xee);
    std::fs::write(&path, &bytes).unwrap();
    std::fs::write(dir.path().join(format!("{FILE_NAME}-wal")), b"").unwrap();

    let db = AppDb::open(dir.path()).unwrap();
    let moved = db.moved_aside().expect("damaged pages are found").clone();
    assert_eq!(std::fs::read(&moved.to).unwrap(), bytes, "kept byte for byte");
    let wal = PathBuf::from(format!("{}-wal", moved.to.display()));
    assert!(wal.exists(), "its WAL moved with it, under the same name");
    assert!(journal::local::open::<TransactionAction>(&db).unwrap().is_empty(), "a fresh journal");
}

#[test]
fn a_whole_database_is_never_moved() {
    let dir = tempfile::tempdir().unwrap();
    let db = AppDb::open(dir.path()).unwrap();
    journal::local::record_intent(&db, &trail(&db), SANDBOX_ID, &intent()).unwrap();
    drop(db);
    let db = AppDb::open(dir.path()).unwrap();
    assert!(db.moved_aside().is_none());
    assert!(moved_files(dir.path()).is_empty());
    assert_eq!(journal::local::open::<TransactionAction>(&db).unwrap().len(), 1);
}
