//! The app database of every earlier schema is upgraded with nothing lost, and a database
//! from a newer version is refused and left untouched. The fixtures were written with each
//! earlier release's own schema (`tests/fixtures/make_appdb_fixtures.py` reads the schema
//! text from git at those commits): a profile, a setting and a pending payout each.

use escrow_desk::actions::ActionRecord;
use escrow_desk::appdb::AppDb;
use escrow_desk::journal::{self, ActionState};

const FIXTURES: [(&str, Option<&str>, Option<&str>); 4] = [
    ("appdb-1-5c4ebe0.sqlite", None, None),
    ("appdb-2-6c080f0_1.sqlite", None, None),
    ("appdb-3-6c080f0.sqlite", Some("getUser = /people/{marketplaceUserId}"), None),
    ("appdb-4-bb9b5ed.sqlite", Some("getUser = /people/{marketplaceUserId}"), Some("published")),
];

fn fixture(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name)
}

#[test]
fn every_earlier_schema_is_upgraded_with_nothing_lost() {
    for (name, routes, dialect) in FIXTURES {
        let dir = tempfile::tempdir().unwrap();
        std::fs::copy(fixture(name), dir.path().join("escrow-desk.sqlite")).unwrap();
        let db = AppDb::open(dir.path()).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let conn = db.lock().unwrap();
        let version: u32 = conn.query_row("PRAGMA user_version", [], |r| r.get(0)).unwrap();
        assert_eq!(version, 3, "{name}");
        let (pname, url, r, d): (String, String, String, String) = conn
            .query_row("SELECT name, base_url, routes, dialect FROM profiles WHERE id = 'p-1'", [], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
            })
            .unwrap();
        assert_eq!((pname.as_str(), url.as_str()), ("Forhandler A/S", "https://api.example.dk"), "{name}");
        assert_eq!(r, routes.unwrap_or(""), "{name}: routes kept, or empty where there were none");
        assert_eq!(d, dialect.unwrap_or("spec"), "{name}: dialect kept, or the specs'");
        let active: String =
            conn.query_row("SELECT value FROM settings WHERE key = 'active_environment'", [], |r| r.get(0)).unwrap();
        assert_eq!(active, "p-1");
        for table in ["business_users", "trade_parties", "audit", "actions"] {
            let n: i64 = conn
                .query_row("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?1", [table], |r| {
                    r.get(0)
                })
                .unwrap();
            assert_eq!(n, 1, "{name}: table {table}");
        }
        drop(conn);
        let open: Vec<ActionRecord> = journal::open(&db).unwrap();
        assert_eq!(open.len(), 1, "{name}: the pending payout is still there");
        assert_eq!((open[0].state, open[0].idempotency_key.as_str()), (ActionState::Pending, "k-7d1f0c9e"));
        drop(db);
        // Opening again changes nothing.
        assert!(AppDb::open(dir.path()).is_ok());
    }
}

#[test]
fn a_database_from_a_newer_version_is_refused_and_not_modified() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("escrow-desk.sqlite");
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch("CREATE TABLE future (x); PRAGMA user_version = 99;").unwrap();
    }
    let before = std::fs::read(&path).unwrap();
    let err = AppDb::open(dir.path()).err().expect("refused");
    assert!(err.message.contains("newer Escrow Desk") && err.message.contains("99"), "{}", err.message);
    assert_eq!(std::fs::read(&path).unwrap(), before, "the file is untouched");
    assert!(!dir.path().join("escrow-desk.sqlite-wal").exists(), "not even switched to WAL");
}
