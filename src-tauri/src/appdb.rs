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
        Ok(Self { conn: Arc::new(Mutex::new(conn)) })
    }

    /// The connection (short, synchronous uses only; never held across an await).
    pub fn lock(&self) -> Result<MutexGuard<'_, Connection>, AppError> {
        self.conn.lock().map_err(|_| AppError::storage("lock poisoned"))
    }
}
