//! A database found damaged while the app runs (a query answered SQLITE_CORRUPT or
//! SQLITE_NOTADB) is remembered by a marker file in its data folder, so that the next open
//! moves it aside even when `PRAGMA quick_check` finds nothing: the check reads every
//! page's b-tree, not each index against its table, and the damage may sit in a page the
//! check reads differently from the query that failed.
//!
//! The error is made far from the folder (`AppError::storage`, called on every SQLite
//! failure), so the folders whose database is open in this process are kept here: one in
//! the app (one process per data folder), several only in tests.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The marker's file name in the data folder; it holds what SQLite said.
pub const MARKER: &str = "escrow-desk.sqlite.damaged";

/// Data folders with an open database in this process, each with its watch's number.
static WATCHED: Mutex<Vec<(u64, PathBuf)>> = Mutex::new(Vec::new());
static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

/// A data folder watched for damage while this lives.
#[derive(Debug)]
pub struct Watch {
    id: u64,
}

/// Watches `dir` (canonical) until the answer is dropped.
pub fn watch(dir: &Path) -> Watch {
    let id = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    if let Ok(mut list) = WATCHED.lock() {
        list.push((id, dir.to_path_buf()));
    }
    Watch { id }
}

impl Drop for Watch {
    fn drop(&mut self) {
        if let Ok(mut list) = WATCHED.lock() {
            list.retain(|(id, _)| *id != self.id);
        }
    }
}

/// SQLite found the database damaged (`why`: its words): marks every watched folder. Never
/// fails: the error itself still reaches the user, and a marker that cannot be written
/// leaves `quick_check` to find the damage at the next start.
pub fn noticed(why: &str) {
    tracing::error!(why, "the local database is damaged; it will be moved aside at the next start");
    mark(&watched(), why);
}

/// The folders watched now.
fn watched() -> Vec<PathBuf> {
    WATCHED.lock().map(|l| l.iter().map(|(_, d)| d.clone()).collect()).unwrap_or_default()
}

/// Writes the marker into each of `dirs` that has none yet (the first words are kept).
fn mark(dirs: &[PathBuf], why: &str) {
    for dir in dirs {
        let marker = dir.join(MARKER);
        if !marker.exists()
            && let Err(e) = std::fs::write(&marker, why)
        {
            tracing::error!(marker = %marker.display(), error = %e, "the damage marker could not be written");
        }
    }
}

/// What SQLite said when the database in `dir` was found damaged while running, if it was.
pub fn marked(dir: &Path) -> Option<String> {
    let marker = dir.join(MARKER);
    marker.exists().then(|| std::fs::read_to_string(&marker).unwrap_or_default())
}

/// Forgets the marker of `dir` (its database was moved aside, or is gone).
pub fn clear(dir: &Path) -> std::io::Result<()> {
    match std::fs::remove_file(dir.join(MARKER)) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_is_watched_while_its_watch_lives() {
        let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let watch_a = watch(a.path());
        {
            let _watch_b = watch(b.path());
            assert!(watched().contains(&b.path().to_path_buf()));
        }
        assert!(watched().contains(&a.path().to_path_buf()));
        assert!(!watched().contains(&b.path().to_path_buf()), "a folder no longer watched is not marked");
        drop(watch_a);
        assert!(!watched().contains(&a.path().to_path_buf()));
    }

    #[test]
    fn the_marker_keeps_the_first_words_until_cleared() {
        let dir = tempfile::tempdir().unwrap();
        let dirs = [dir.path().to_path_buf()];
        assert_eq!(marked(dir.path()), None);
        mark(&dirs, "database disk image is malformed");
        mark(&dirs, "file is not a database");
        assert_eq!(marked(dir.path()).as_deref(), Some("database disk image is malformed"));
        clear(dir.path()).unwrap();
        clear(dir.path()).unwrap();
        assert_eq!(marked(dir.path()), None);
    }
}
