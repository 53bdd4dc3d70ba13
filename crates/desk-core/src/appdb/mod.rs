//! The app's own SQLite database: profiles, settings, the action journal, the audit log.
//! WAL with `synchronous=FULL`: a committed row survives a crash. Its schema is
//! versioned (`PRAGMA user_version`) and changed only by [`migrations`]. A damaged file is
//! moved aside at open ([`quarantine`]), never deleted; one found damaged while the app ran
//! is marked ([`damage`]) and moved aside at the next open.

mod lock;
mod migrations;

pub use migrations::LEGACY_END_SETTING;
pub mod quarantine;
pub mod settings;

use crate::damage;
use crate::error::{AppError, ErrorCode, NotRecorded};
use quarantine::MovedAside;
use rusqlite::Connection;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};

/// The database's file name in the data folder.
pub const FILE_NAME: &str = "escrow-desk.sqlite";

#[derive(Clone)]
pub struct AppDb {
    conn: Arc<Mutex<Connection>>,
    /// Held while any handle lives: no other process opens this folder's journal.
    _owner: Arc<lock::FolderLock>,
    /// Damage SQLite reports while any handle lives marks this folder for the next open.
    _watch: Arc<damage::Watch>,
    /// The data folder, canonical: names this database's audit anchor in the keychain.
    dir: PathBuf,
    /// The damaged database this open moved aside before starting afresh, if any.
    moved_aside: Option<MovedAside>,
}

impl AppDb {
    /// Opens (or creates) the database in `dir` and brings its schema up to date; a
    /// database written by a newer version is refused and left untouched; a damaged one
    /// is moved aside and a fresh one started (see [`AppDb::moved_aside`]), as is one found
    /// damaged while the app last ran ([`damage`]), whatever `quick_check` says of it now.
    pub fn open(dir: &Path) -> Result<Self, AppError> {
        std::fs::create_dir_all(dir).map_err(AppError::storage)?;
        let owner = lock::acquire(dir)?;
        let dir = dir.canonicalize().map_err(AppError::storage)?;
        let watch = Arc::new(damage::watch(&dir));
        let path = dir.join(FILE_NAME);
        let moved_aside = match damage::marked(&dir) {
            Some(why) if path.exists() => Some(MovedAside {
                from: path.clone(),
                to: quarantine::move_aside(&path)?,
                why: format!("found damaged while Escrow Desk was running: {why}"),
            }),
            _ => quarantine::move_if_damaged(&path, quarantine::Depth::Pages)?,
        };
        damage::clear(&dir).map_err(AppError::storage)?;
        let mut conn = Connection::open(&path).map_err(AppError::storage)?;
        migrations::refuse_newer(&conn, &path)?;
        conn.execute_batch("PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;")
            .map_err(AppError::storage)?;
        migrations::run(&mut conn, migrations::MIGRATIONS)?;
        Ok(Self { conn: Arc::new(Mutex::new(conn)), _owner: owner, _watch: watch, dir, moved_aside })
    }

    /// Another connection to the same database, for work that must not wait on the
    /// journal's (the local mirror). `synchronous=NORMAL`: what it writes is a cache.
    pub fn second_connection(&self) -> Result<Connection, AppError> {
        let conn = Connection::open(self.dir.join(FILE_NAME)).map_err(AppError::storage)?;
        conn.busy_timeout(std::time::Duration::from_secs(10)).map_err(AppError::storage)?;
        conn.execute_batch("PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;").map_err(AppError::storage)?;
        Ok(conn)
    }

    /// Hands back the connection's page cache unless it is in use (`PRAGMA shrink_memory`).
    pub fn release_memory(&self) -> usize {
        shrink(&self.conn)
    }

    /// The data folder the database lives in (canonical path).
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The connection (short, synchronous uses only; never held across an await).
    pub fn lock(&self) -> Result<MutexGuard<'_, Connection>, AppError> {
        self.conn.lock().map_err(|_| AppError::storage("lock poisoned"))
    }

    /// The damaged database moved aside when this handle opened, for the start-up notice.
    pub fn moved_aside(&self) -> Option<&MovedAside> {
        self.moved_aside.as_ref()
    }

    /// A full disk or a damaged database under a journaled action said plainly, naming the
    /// data folder and what was not recorded (so what became of the action); any other
    /// error unchanged.
    pub fn explain(&self, e: AppError, what: NotRecorded) -> AppError {
        let (dir, words) = (self.dir.display(), what.words());
        let message = match e.code {
            ErrorCode::StorageFull => {
                format!("The data folder is full ({dir}): {words} Free some space on that disk, then try again.")
            }
            ErrorCode::StorageDamaged => {
                format!("The local database in {dir} is damaged: {words} {}", crate::error::DAMAGED_NEXT)
            }
            _ => return e,
        };
        AppError { not_recorded: Some(what), ..AppError::new(e.code, message) }
    }
}

/// `PRAGMA shrink_memory` on a connection not in use (a busy one is skipped: nothing waits);
/// answers 1 when it shrank.
pub fn shrink(conn: &Mutex<Connection>) -> usize {
    conn.try_lock().ok().is_some_and(|c| c.execute_batch("PRAGMA shrink_memory").is_ok()) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shrink_skips_a_connection_in_use() {
        let conn = Mutex::new(Connection::open_in_memory().unwrap());
        assert_eq!(shrink(&conn), 1);
        let _busy = conn.lock().unwrap();
        assert_eq!(shrink(&conn), 0, "a connection in use was waited on or shrunk");
    }
}
