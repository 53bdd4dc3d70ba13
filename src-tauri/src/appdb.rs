//! The app's own SQLite database: environments now; the audit log and pending-action
//! journal join it. WAL with `synchronous=FULL`: a committed row survives a crash.

use crate::error::AppError;
use rusqlite::Connection;
use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard};

const SCHEMA: &str = r#"
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

#[derive(Clone)]
pub struct AppDb {
    conn: Arc<Mutex<Connection>>,
}

impl AppDb {
    pub fn open(dir: &Path) -> Result<Self, AppError> {
        std::fs::create_dir_all(dir).map_err(AppError::storage)?;
        let conn = Connection::open(dir.join("escrow-desk.sqlite")).map_err(AppError::storage)?;
        conn.execute_batch("PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;")
            .and_then(|()| conn.execute_batch(SCHEMA))
            .map_err(AppError::storage)?;
        // Added after the first release: route overrides per profile.
        let has_routes: i64 = conn
            .query_row("SELECT count(*) FROM pragma_table_info('profiles') WHERE name = 'routes'", [], |r| r.get(0))
            .map_err(AppError::storage)?;
        if has_routes == 0 {
            conn.execute_batch("ALTER TABLE profiles ADD COLUMN routes TEXT NOT NULL DEFAULT ''")
                .map_err(AppError::storage)?;
        }
        // Added later: the wire dialect per profile (`spec` or `published`).
        let has_dialect: i64 = conn
            .query_row("SELECT count(*) FROM pragma_table_info('profiles') WHERE name = 'dialect'", [], |r| r.get(0))
            .map_err(AppError::storage)?;
        if has_dialect == 0 {
            conn.execute_batch("ALTER TABLE profiles ADD COLUMN dialect TEXT NOT NULL DEFAULT 'spec'")
                .map_err(AppError::storage)?;
        }
        Ok(Self { conn: Arc::new(Mutex::new(conn)) })
    }

    /// The connection (short, synchronous uses only; never held across an await).
    pub fn lock(&self) -> Result<MutexGuard<'_, Connection>, AppError> {
        self.conn.lock().map_err(|_| AppError::storage("lock poisoned"))
    }
}
