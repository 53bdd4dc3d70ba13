//! The app database of every earlier schema is upgraded with nothing lost, and a database
//! from a newer version is refused and left untouched. The fixtures were written with each
//! earlier release's own schema (`tests/fixtures/make_appdb_fixtures.py` reads the schema
//! text from git at those commits): a profile, a setting and a pending payout each; the
//! fifth (`make_audit_fixture.py`, schema 3) also a legacy audit chain of 7 rows, which
//! still verifies after the upgrade and seals into the keyed chain (needs the keychain
//! session: `scripts/with-session.sh`).

use escrow_desk::actions::ActionRecord;
use escrow_desk::appdb::AppDb;
use escrow_desk::audit::{AnchorState, ChainProblem, ChainStatus, RowFormat, digest};
use escrow_desk::desk::Desk;
use escrow_desk::journal::{self, ActionState};
use escrow_desk::settings::keychain::Keychain;
use escrow_desk::wiring::Domains;

/// The schema version this app writes.
const LATEST: u32 = 9;

const FIXTURES: [(&str, Option<&str>, Option<&str>); 5] = [
    ("appdb-1-5c4ebe0.sqlite", None, None),
    ("appdb-2-6c080f0_1.sqlite", None, None),
    ("appdb-3-6c080f0.sqlite", Some("getUser = /people/{marketplaceUserId}"), None),
    ("appdb-4-bb9b5ed.sqlite", Some("getUser = /people/{marketplaceUserId}"), Some("published")),
    ("appdb-5-e0ce288-audit.sqlite", Some("getUser = /people/{marketplaceUserId}"), Some("published")),
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
        assert_eq!(version, LATEST, "{name}");
        let mirror: i64 = conn
            .query_row("SELECT count(*) FROM sqlite_master WHERE name LIKE 'mirror_%' AND type = 'table'", [], |r| {
                r.get(0)
            })
            .unwrap();
        assert_eq!(mirror, 6, "{name}: the mirror's tables (step 5)");
        let excess: i64 = conn
            .query_row("SELECT count(*) FROM pragma_table_info('mirror_details') WHERE name = 'excess_e4'", [], |r| {
                r.get(0)
            })
            .unwrap();
        assert_eq!(excess, 1, "{name}: a detail check keeps the payout's excess (step 7)");
        let gone_out: i64 = conn
            .query_row("SELECT count(*) FROM pragma_table_info('mirror_details') WHERE name = 'gone_out_e4'", [], |r| {
                r.get(0)
            })
            .unwrap();
        assert_eq!(gone_out, 1, "{name}: a detail check keeps what has gone out of the deal (step 9)");
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
        let open: Vec<ActionRecord> = journal::local::open(&db).unwrap();
        assert_eq!(open.len(), 1, "{name}: the pending payout is still there");
        assert_eq!((open[0].state, open[0].idempotency_key.as_str()), (ActionState::Pending, "k-7d1f0c9e"));
        let legacy: i64 = db.lock().unwrap().query_row("SELECT count(*) FROM audit", [], |r| r.get(0)).unwrap();
        let keychain = Keychain::with_service(format!("dk.escrowdesk.test.{}", uuid::Uuid::new_v4()));
        let app = Domains::new(Desk::new(db, keychain, None).unwrap()).unwrap();
        let c = app.audit.verify_audit_log().unwrap();
        assert_eq!((c.status, c.rows, c.legacy_rows), (ChainStatus::Intact, legacy, legacy), "{name}: {c:?}");
        drop(app);
        // Opening again changes nothing.
        assert!(AppDb::open(dir.path()).is_ok());
    }
}

fn upgraded_audit_fixture() -> (tempfile::TempDir, Keychain, Domains) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(fixture("appdb-5-e0ce288-audit.sqlite"), dir.path().join("escrow-desk.sqlite")).unwrap();
    let keychain = Keychain::with_service(format!("dk.escrowdesk.test.{}", uuid::Uuid::new_v4()));
    let app = Domains::new(Desk::new(AppDb::open(dir.path()).unwrap(), keychain.clone(), None).unwrap()).unwrap();
    (dir, keychain, app)
}

/// The legacy chain verifies up to the migration point, is anchored on the first start,
/// and the first keyed row chains from its last hash; the log then exports and verifies
/// offline as a whole.
#[tokio::test]
async fn a_legacy_audit_chain_still_verifies_and_the_keyed_chain_continues_from_it() {
    let (dir, keychain, app) = upgraded_audit_fixture();
    let c = app.audit.verify_audit_log().unwrap();
    assert_eq!(
        (c.status, c.rows, c.legacy_rows, c.keyed_rows, c.anchor, c.anchored_seq),
        (ChainStatus::Intact, 7, 7, 0, AnchorState::Matches, Some(7)),
        "{c:?}"
    );
    let legacy = app.audit.audit_log(None, 100).unwrap();
    assert!(legacy.iter().all(|r| r.format == RowFormat::V1 && r.actor_user.is_none() && r.mac.is_none()));
    assert!(legacy.iter().all(|r| r.at.ends_with('Z')), "old rows keep their time as written");

    app.actions.dismiss_action("a-1").await.unwrap();
    let rows = app.audit.audit_log(None, 100).unwrap();
    let (first_keyed, last_legacy) = (&rows[0], &rows[1]);
    assert_eq!((first_keyed.seq, first_keyed.format, first_keyed.outcome.as_str()), (8, RowFormat::V2, "dismissed"));
    assert_eq!(first_keyed.prev_hash, last_legacy.hash, "the first keyed row chains from the last legacy hash");
    assert_eq!(first_keyed.environment_kind.as_deref(), Some("production"));
    let c = app.audit.verify_audit_log().unwrap();
    assert_eq!((c.status, c.legacy_rows, c.keyed_rows, c.anchored_seq), (ChainStatus::Intact, 7, 1, Some(8)));

    let app = app.with_export_dir(dir.path().join("downloads"));
    let file = app.audit.save_audit_csv(None).unwrap();
    let mut out = Vec::new();
    let code = escrow_desk::audit::cli::verify_audit(&[file.path.clone().into()], &keychain, &mut out);
    let out = String::from_utf8(out).unwrap();
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("8 rows verified") && out.contains("7 from before the upgrade sealed by row 8"), "{out}");
}

/// Legacy rows have no MAC; rewriting them with recomputed plain hashes shows at the first
/// keyed row, whose MAC sealed the old last hash. Editing one without recomputing is named
/// at the row itself.
#[tokio::test]
async fn a_rewritten_legacy_chain_shows_at_the_keyed_row_that_sealed_it() {
    let (dir, _keychain, app) = upgraded_audit_fixture();
    app.actions.dismiss_action("a-1").await.unwrap();
    let conn = rusqlite::Connection::open(dir.path().join("escrow-desk.sqlite")).unwrap();
    conn.execute_batch("DROP TRIGGER audit_no_update;").unwrap();
    conn.execute("UPDATE audit SET amount = '1.00' WHERE seq = 4", []).unwrap();
    let c = app.audit.verify_audit_log().unwrap();
    assert_eq!((c.status, c.problem, c.broken_at), (ChainStatus::Broken, Some(ChainProblem::Edited), Some(4)));

    let mut rows = app.audit.audit_log(None, 100).unwrap();
    rows.reverse();
    let mut prev = digest::GENESIS.to_owned();
    for r in rows.iter_mut().filter(|r| r.format == RowFormat::V1) {
        r.prev_hash = prev;
        r.hash = digest::v1_hash(r);
        conn.execute("UPDATE audit SET prev_hash = ?2, hash = ?3 WHERE seq = ?1", (r.seq, &r.prev_hash, &r.hash))
            .unwrap();
        prev = r.hash.clone();
    }
    let c = app.audit.verify_audit_log().unwrap();
    assert_eq!(
        (c.status, c.problem, c.broken_at),
        (ChainStatus::Broken, Some(ChainProblem::Rewritten), Some(7)),
        "{c:?}"
    );
    assert!(c.message.contains("row 8 sealed another version of it"), "{}", c.message);
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
