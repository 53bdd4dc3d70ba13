//! The app's own SQLite database: profiles, settings, the action journal, the audit log.
//! WAL with `synchronous=FULL`: a committed row survives a crash. Its schema is
//! versioned (`PRAGMA user_version`) and changed only by [`migrations`].

mod lock;
mod migrations;

use crate::error::AppError;
use rusqlite::Connection;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};

#[derive(Clone)]
pub struct AppDb {
    conn: Arc<Mutex<Connection>>,
    /// The data folder, canonical: names this database's audit anchor in the keychain.
    dir: PathBuf,
    /// Held while any handle lives: no other process opens this folder's journal.
    _owner: Arc<lock::FolderLock>,
}

impl AppDb {
    /// Opens (or creates) the database in `dir` and brings its schema up to date; a
    /// database written by a newer version is refused and left untouched.
    pub fn open(dir: &Path) -> Result<Self, AppError> {
        std::fs::create_dir_all(dir).map_err(AppError::storage)?;
        let owner = lock::acquire(dir)?;
        let dir = dir.canonicalize().map_err(AppError::storage)?;
        let path = dir.join("escrow-desk.sqlite");
        let mut conn = Connection::open(&path).map_err(AppError::storage)?;
        migrations::refuse_newer(&conn, &path)?;
        conn.execute_batch("PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;")
            .map_err(AppError::storage)?;
        migrations::run(&mut conn, migrations::MIGRATIONS)?;
        Ok(Self { conn: Arc::new(Mutex::new(conn)), dir, _owner: owner })
    }

    /// The data folder the database lives in (canonical path).
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The connection (short, synchronous uses only; never held across an await).
    pub fn lock(&self) -> Result<MutexGuard<'_, Connection>, AppError> {
        self.conn.lock().map_err(|_| AppError::storage("lock poisoned"))
    }
}
