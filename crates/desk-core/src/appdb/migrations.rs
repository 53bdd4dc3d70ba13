//! Versioned schema changes. Each migration runs in one transaction together with the
//! version it brings the database to (`PRAGMA user_version`), so an upgrade that fails
//! half-way leaves the previous version whole. Databases made before versioning (version 0)
//! get the same steps, written to find what the early releases had already added.

use crate::error::{AppError, ErrorCode};
use rusqlite::{Connection, Transaction};
use std::path::Path;

/// The setting holding the last `seq` of the audit log's legacy chain, written by the step that
/// added the keyed trail (`0` when the log was empty then); the audit trail reads it.
pub const LEGACY_END_SETTING: &str = "audit_legacy_end";

/// One step of the schema.
pub struct Migration {
    pub version: u32,
    pub name: &'static str,
    pub apply: fn(&Transaction<'_>) -> rusqlite::Result<()>,
}

/// Every migration, in order; the last one's version is the schema this app writes.
pub const MIGRATIONS: &[Migration] = &[
    Migration { version: 1, name: "tables of the first releases", apply: baseline },
    Migration { version: 2, name: "route overrides per profile", apply: profile_routes },
    Migration { version: 3, name: "wire dialect per profile", apply: profile_dialect },
    Migration { version: 4, name: "keyed audit trail: actor, origin and MAC", apply: audit_trail },
    Migration { version: 5, name: "local mirror of transactions, changes and snoozes", apply: mirror },
    Migration { version: 6, name: "bulk runs: batch id on journal records", apply: action_batches },
    Migration { version: 7, name: "mirror detail checks keep a payout's excess", apply: detail_excess },
    Migration { version: 8, name: "mirror search reads amounts without trailing zeros", apply: search_amounts },
    Migration { version: 9, name: "mirror detail checks keep what has gone out of a deal", apply: detail_gone_out },
];

/// The schema version this app writes.
pub const LATEST: u32 = 9;

const BASELINE: &str = r#"
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS profiles (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    base_url TEXT NOT NULL,
    badge TEXT NOT NULL,
    created TEXT NOT NULL
);
-- One row per staff intent. Written before the first request; the idempotency key and
-- the exact request body never change afterwards, so a retry is the same request.
CREATE TABLE IF NOT EXISTS actions (
    id TEXT PRIMARY KEY,
    environment_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    target TEXT NOT NULL,
    amount TEXT,
    currency TEXT,
    idempotency_key TEXT NOT NULL,
    request TEXT NOT NULL,
    state TEXT NOT NULL,
    correlation_id TEXT,
    message TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    created TEXT NOT NULL,
    updated TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS actions_open ON actions (state);
-- Append-only, hash-chained: each row carries the hash of the previous one.
CREATE TABLE IF NOT EXISTS audit (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    environment_id TEXT NOT NULL,
    action_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    target TEXT NOT NULL,
    amount TEXT,
    idempotency_key TEXT,
    correlation_id TEXT,
    phase TEXT NOT NULL,
    outcome TEXT NOT NULL,
    detail TEXT,
    prev_hash TEXT NOT NULL,
    hash TEXT NOT NULL
);
-- Business users this app created or looked up (the API has no list), per environment.
CREATE TABLE IF NOT EXISTS business_users (
    environment_id TEXT NOT NULL,
    business_id TEXT NOT NULL,
    business_location_id TEXT NOT NULL,
    name TEXT,
    phone_number TEXT,
    record TEXT NOT NULL,
    updated TEXT NOT NULL,
    PRIMARY KEY (environment_id, business_id, business_location_id)
);
-- Marketplace user ids of the parties of trades this app initiated (records do not carry them).
CREATE TABLE IF NOT EXISTS trade_parties (
    environment_id TEXT NOT NULL,
    trade_id TEXT NOT NULL,
    payer_marketplace_user_id TEXT NOT NULL,
    payee_marketplace_user_id TEXT NOT NULL,
    created TEXT NOT NULL,
    PRIMARY KEY (environment_id, trade_id)
);
CREATE TRIGGER IF NOT EXISTS audit_no_update BEFORE UPDATE ON audit
    BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
CREATE TRIGGER IF NOT EXISTS audit_no_delete BEFORE DELETE ON audit
    BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
"#;

fn baseline(tx: &Transaction<'_>) -> rusqlite::Result<()> {
    tx.execute_batch(BASELINE)
}

fn has_column(tx: &Transaction<'_>, table: &str, column: &str) -> rusqlite::Result<bool> {
    tx.query_row("SELECT count(*) FROM pragma_table_info(?1) WHERE name = ?2", [table, column], |r| r.get::<_, i64>(0))
        .map(|n| n > 0)
}

fn profile_routes(tx: &Transaction<'_>) -> rusqlite::Result<()> {
    if !has_column(tx, "profiles", "routes")? {
        tx.execute_batch("ALTER TABLE profiles ADD COLUMN routes TEXT NOT NULL DEFAULT ''")?;
    }
    Ok(())
}

fn profile_dialect(tx: &Transaction<'_>) -> rusqlite::Result<()> {
    if !has_column(tx, "profiles", "dialect")? {
        tx.execute_batch("ALTER TABLE profiles ADD COLUMN dialect TEXT NOT NULL DEFAULT 'spec'")?;
    }
    Ok(())
}

/// Who acted, from where, and the MAC of each audit row (the `desk-audit` crate). Only
/// nullable columns are added: `ALTER TABLE ... ADD COLUMN` fires no trigger, so the
/// append-only triggers stay as they are, and existing rows are not backfilled (the
/// triggers forbid it, and their hashes would not cover the new values). The last row
/// written so far is recorded as the end of the legacy (plain SHA-256) chain.
fn audit_trail(tx: &Transaction<'_>) -> rusqlite::Result<()> {
    for column in AUDIT_COLUMNS {
        if !has_column(tx, "audit", column)? {
            tx.execute_batch(&format!("ALTER TABLE audit ADD COLUMN {column} TEXT"))?;
        }
    }
    tx.execute(
        "INSERT INTO settings (key, value) SELECT ?1, ifnull(max(seq), 0) FROM audit WHERE true
         ON CONFLICT(key) DO NOTHING",
        [LEGACY_END_SETTING],
    )?;
    Ok(())
}

/// The local mirror (the app's mirror): a cache of the list, never trusted for money.
/// Amounts are kept as text (exact) and as integer ten-thousandths for exact SQL sums.
const MIRROR: &str = r#"
-- Narrow on purpose: the overview and the attention queue scan it (or, better, only its
-- covering indexes); the list item and the search text live in their own tables.
CREATE TABLE IF NOT EXISTS mirror_rows (
    environment_id TEXT NOT NULL,
    transaction_id TEXT NOT NULL,
    status TEXT NOT NULL,
    auto INTEGER NOT NULL,
    currency TEXT NOT NULL,
    amount TEXT NOT NULL,
    amount_e4 INTEGER,
    paid_in_e4 INTEGER,
    owed_e4 INTEGER,
    title TEXT,
    reference_id TEXT,
    payer_name TEXT,
    payee_name TEXT,
    registration_number TEXT,
    created TEXT,
    expected_completion TEXT,
    has_debt INTEGER NOT NULL DEFAULT 0,
    bill_of_sale TEXT NOT NULL DEFAULT 'none',
    fingerprint TEXT NOT NULL,
    first_seen TEXT NOT NULL,
    changed TEXT NOT NULL,
    paid_seen TEXT,
    paid_out_seen TEXT,
    pass INTEGER NOT NULL,
    PRIMARY KEY (environment_id, transaction_id)
);
CREATE TABLE IF NOT EXISTS mirror_items (
    environment_id TEXT NOT NULL,
    transaction_id TEXT NOT NULL,
    item TEXT NOT NULL,
    PRIMARY KEY (environment_id, transaction_id)
) WITHOUT ROWID;
-- `created` beside the text: a plain search is one scan of this table, newest first.
CREATE TABLE IF NOT EXISTS mirror_search (
    environment_id TEXT NOT NULL,
    transaction_id TEXT NOT NULL,
    created TEXT,
    search TEXT NOT NULL,
    PRIMARY KEY (environment_id, transaction_id)
) WITHOUT ROWID;
-- Covering indexes: each overview figure reads an index, never the table.
CREATE INDEX IF NOT EXISTS mirror_rows_escrow ON mirror_rows (environment_id, status, currency, paid_in_e4);
CREATE INDEX IF NOT EXISTS mirror_rows_ageing ON mirror_rows (environment_id, status, created, currency, owed_e4);
CREATE INDEX IF NOT EXISTS mirror_rows_created ON mirror_rows (environment_id, created);
CREATE INDEX IF NOT EXISTS mirror_rows_paid ON mirror_rows (environment_id, paid_seen) WHERE paid_seen IS NOT NULL;
CREATE INDEX IF NOT EXISTS mirror_rows_paid_out ON mirror_rows (environment_id, paid_out_seen) WHERE paid_out_seen IS NOT NULL;
CREATE INDEX IF NOT EXISTS mirror_rows_payee ON mirror_rows (environment_id, payee_name, currency, amount_e4);
CREATE INDEX IF NOT EXISTS mirror_rows_inexact ON mirror_rows (environment_id) WHERE amount_e4 IS NULL OR owed_e4 IS NULL;
-- No index per sortable column: on the narrow table a top-50 sort of every row is quick,
-- and each index would slow every sync's writes.
CREATE TABLE IF NOT EXISTS mirror_state (
    environment_id TEXT PRIMARY KEY,
    pass INTEGER NOT NULL DEFAULT 0,
    full_at TEXT,
    refreshed_at TEXT,
    total INTEGER NOT NULL DEFAULT 0,
    error TEXT,
    error_code TEXT,
    looked_at TEXT
);
CREATE TABLE IF NOT EXISTS mirror_changes (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    environment_id TEXT NOT NULL,
    transaction_id TEXT NOT NULL,
    at TEXT NOT NULL,
    kind TEXT NOT NULL,
    before TEXT,
    after TEXT,
    title TEXT
);
CREATE INDEX IF NOT EXISTS mirror_changes_env ON mirror_changes (environment_id, seq);
-- What only a transaction's detail tells (failed payments, split payouts), read for open
-- deals whose list row changed; `fingerprint` is the list row it was read for.
CREATE TABLE IF NOT EXISTS mirror_details (
    environment_id TEXT NOT NULL,
    transaction_id TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    checked TEXT NOT NULL,
    failed_payments INTEGER NOT NULL,
    pending_splits INTEGER NOT NULL,
    oldest_pending_split TEXT,
    payer_splits_e4 INTEGER NOT NULL,
    PRIMARY KEY (environment_id, transaction_id)
);
CREATE TABLE IF NOT EXISTS attention_snoozes (
    environment_id TEXT NOT NULL,
    transaction_id TEXT NOT NULL,
    rule TEXT NOT NULL,
    until TEXT NOT NULL,
    note TEXT NOT NULL,
    created TEXT NOT NULL,
    PRIMARY KEY (environment_id, transaction_id, rule)
);
"#;

fn mirror(tx: &Transaction<'_>) -> rusqlite::Result<()> {
    tx.execute_batch(MIRROR)
}

/// Which bulk run an action belongs to (null for single actions). Written to find a
/// column an interrupted run already added, so its place in the list does not matter.
fn action_batches(tx: &Transaction<'_>) -> rusqlite::Result<()> {
    if !has_column(tx, "actions", "batch_id")? {
        tx.execute_batch("ALTER TABLE actions ADD COLUMN batch_id TEXT")?;
    }
    tx.execute_batch("CREATE INDEX IF NOT EXISTS actions_batch ON actions (batch_id)")
}

/// A detail check keeps the excess a payout would be refused for (the consequence rules'),
/// no longer the split payouts back to the payer. The checks are a cache: they are dropped
/// and made again by the next sync, so no old figure is read with the new meaning.
fn detail_excess(tx: &Transaction<'_>) -> rusqlite::Result<()> {
    if has_column(tx, "mirror_details", "payer_splits_e4")? {
        tx.execute_batch(
            "DELETE FROM mirror_details;
             ALTER TABLE mirror_details RENAME COLUMN payer_splits_e4 TO excess_e4;",
        )?;
    }
    Ok(())
}

/// The mirror's search text gains each amount's plain decimal (`289500` for `289500.00`, as
/// `mirror::row::amount_token` writes it for new rows), so an amount typed as it is shown
/// finds deals synced before. Stored amounts are `Decimal` text (no exponent): trailing
/// zeros after a point go, then the point; the search text keeps no point or minus sign.
fn search_amounts(tx: &Transaction<'_>) -> rusqlite::Result<()> {
    tx.execute_batch(
        "UPDATE mirror_search SET search = search || char(31) || (
             SELECT replace(replace(
                 CASE WHEN instr(r.amount, '.') > 0 THEN rtrim(rtrim(r.amount, '0'), '.') ELSE r.amount END,
                 '.', ''), '-', '')
             FROM mirror_rows r
             WHERE r.environment_id = mirror_search.environment_id AND r.transaction_id = mirror_search.transaction_id)
         WHERE EXISTS (SELECT 1 FROM mirror_rows r
             WHERE r.environment_id = mirror_search.environment_id AND r.transaction_id = mirror_search.transaction_id);",
    )
}

/// A detail check keeps what has gone out of an open deal (reimbursements, split payouts
/// paid), so the overview's money in escrow is what deals hold, not what was paid in. The
/// checks are a cache: dropped here, every open deal is read again at the next sync.
fn detail_gone_out(tx: &Transaction<'_>) -> rusqlite::Result<()> {
    if !has_column(tx, "mirror_details", "gone_out_e4")? {
        tx.execute_batch(
            "DELETE FROM mirror_details;
             ALTER TABLE mirror_details ADD COLUMN gone_out_e4 INTEGER NOT NULL DEFAULT 0;",
        )?;
    }
    Ok(())
}

const AUDIT_COLUMNS: [&str; 7] =
    ["environment_kind", "app_version", "actor_user", "actor_host", "staff_name", "key_id", "mac"];

fn version(conn: &Connection) -> Result<u32, AppError> {
    conn.query_row("PRAGMA user_version", [], |r| r.get(0)).map_err(AppError::storage)
}

/// A database from a newer Escrow Desk is never changed by this one.
pub fn refuse_newer(conn: &Connection, path: &Path) -> Result<(), AppError> {
    let found = version(conn)?;
    if found > LATEST {
        return Err(AppError::new(
            ErrorCode::Storage,
            format!(
                "{} was written by a newer Escrow Desk (schema {found}; this version knows up to {LATEST}). \
                 It was left untouched: install the newer version, or move the file aside to start afresh.",
                path.display()
            ),
        ));
    }
    Ok(())
}

/// Applies every migration newer than the database, each in its own transaction.
pub fn run(conn: &mut Connection, migrations: &[Migration]) -> Result<u32, AppError> {
    let mut current = version(conn)?;
    let found = current;
    for m in migrations.iter().filter(|m| m.version > found) {
        let tx = conn.transaction().map_err(AppError::storage)?;
        (m.apply)(&tx)
            .and_then(|()| tx.pragma_update(None, "user_version", m.version))
            .map_err(|e| AppError::storage(format!("schema step {} ({}): {e}", m.version, m.name)))?;
        tx.commit().map_err(AppError::storage)?;
        current = m.version;
    }
    Ok(current)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn broken(tx: &Transaction<'_>) -> rusqlite::Result<()> {
        tx.execute_batch("CREATE TABLE half (x); INSERT INTO nowhere VALUES (1);")
    }

    #[test]
    fn a_failing_step_leaves_the_previous_version_whole() {
        let mut conn = Connection::open_in_memory().unwrap();
        let steps = [
            Migration { version: 1, name: "baseline", apply: baseline },
            Migration { version: 2, name: "broken", apply: broken },
        ];
        let err = run(&mut conn, &steps).unwrap_err();
        assert!(err.message.contains("schema step 2 (broken)"), "{}", err.message);
        assert_eq!(version(&conn).unwrap(), 1);
        let half: i64 =
            conn.query_row("SELECT count(*) FROM sqlite_master WHERE name = 'half'", [], |r| r.get(0)).unwrap();
        assert_eq!(half, 0, "the failed step's own changes are rolled back");
    }

    #[test]
    fn synced_amounts_become_searchable_without_trailing_zeros() {
        let mut conn = Connection::open_in_memory().unwrap();
        let upto7: Vec<&Migration> = MIGRATIONS.iter().filter(|m| m.version <= 7).collect();
        let tx = conn.transaction().unwrap();
        for m in &upto7 {
            (m.apply)(&tx).unwrap();
        }
        for (id, amount) in [("a", "289500.00"), ("b", "289500.50"), ("c", "1200"), ("d", "0.00")] {
            tx.execute(
                "INSERT INTO mirror_rows (environment_id, transaction_id, status, auto, currency, amount, fingerprint,
                     first_seen, changed, pass) VALUES ('e', ?1, 'PAID', 0, 'DKK', ?2, 'f', 't', 't', 1)",
                [id, amount],
            )
            .unwrap();
            tx.execute("INSERT INTO mirror_search VALUES ('e', ?1, NULL, 'text')", [id]).unwrap();
        }
        search_amounts(&tx).unwrap();
        let search = |id: &str| -> String {
            tx.query_row("SELECT search FROM mirror_search WHERE transaction_id = ?1", [id], |r| r.get(0)).unwrap()
        };
        assert_eq!(search("a"), "text\u{1f}289500");
        assert_eq!(search("b"), "text\u{1f}2895005");
        assert_eq!(search("c"), "text\u{1f}1200");
        assert_eq!(search("d"), "text\u{1f}0");
    }

    #[test]
    fn the_list_ends_at_latest_in_order() {
        let versions: Vec<u32> = MIGRATIONS.iter().map(|m| m.version).collect();
        assert_eq!(versions, (1..=LATEST).collect::<Vec<_>>());
    }
}
