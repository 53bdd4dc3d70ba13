//! A damaged SQLite file (not a database, or failing `PRAGMA quick_check`) is moved aside
//! with a UTC timestamp — never deleted — so the app can start afresh and the old file
//! stays on disk for support. Its `-wal` and `-shm` move with it under the same new name,
//! so SQLite still reads the three together, and a stale WAL is never replayed onto the
//! fresh database.

use crate::error::{AppError, ErrorCode};
use rusqlite::{Connection, OpenFlags};
use std::path::{Path, PathBuf};

/// A database file that was moved aside, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MovedAside {
    pub from: PathBuf,
    pub to: PathBuf,
    /// What SQLite said about it.
    pub why: String,
}

/// How deep a database is checked at open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Depth {
    /// `PRAGMA quick_check`: every page (~90 ms for 30 MB). For the app's journal.
    Pages,
    /// The header and the schema only (microseconds): a file that is not a database. For
    /// the built-in sandbox's demo data, large in benchmarks, whose other faults show on use.
    Schema,
}

/// Why the file at `path` is damaged, or `None` when it is whole or absent. Faults that
/// do not mean damage (a folder that cannot be read, a locked file) are errors: those
/// files are left where they are.
pub fn damage(path: &Path, depth: Depth) -> Result<Option<String>, AppError> {
    if !path.exists() {
        return Ok(None);
    }
    // Read-only, without the checkpoint a last connection makes on close: the check
    // changes nothing, so a damaged file (and its WAL) is kept exactly as it was found.
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(path, flags).map_err(AppError::storage)?;
    conn.set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true)
        .map_err(AppError::storage)?;
    let verdict = match depth {
        Depth::Pages => conn.query_row("PRAGMA quick_check(1)", [], |r| r.get::<_, String>(0)),
        Depth::Schema => {
            conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get::<_, i64>(0)).map(|_| "ok".into())
        }
    };
    match verdict {
        Ok(ok) if ok == "ok" => Ok(None),
        Ok(found) => Ok(Some(found)),
        Err(e) if crate::error::is_damaged(&e) => Ok(Some(e.to_string())),
        Err(e) => Err(AppError::storage(e)),
    }
}

/// Moves a damaged `path` aside (see [`move_aside`]); `None` when it is whole or absent.
pub fn move_if_damaged(path: &Path, depth: Depth) -> Result<Option<MovedAside>, AppError> {
    match damage(path, depth)? {
        None => Ok(None),
        Some(why) => Ok(Some(MovedAside { from: path.to_path_buf(), to: move_aside(path)?, why })),
    }
}

/// Renames `path` to `<name>.corrupt-<UTC timestamp>` (a free name: `-2`, `-3`… on a
/// clash) and its `-wal`/`-shm` to the same name plus their suffix. Answers the new path.
pub fn move_aside(path: &Path) -> Result<PathBuf, AppError> {
    let stamp = chrono::Utc::now().format("%Y%m%dT%H%M%SZ").to_string();
    let base = format!("{}.corrupt-{stamp}", path.display());
    let to = (1..1000)
        .map(|n| if n == 1 { PathBuf::from(&base) } else { PathBuf::from(format!("{base}-{n}")) })
        .find(|p| !p.exists() && !sidecar(p, "-wal").exists() && !sidecar(p, "-shm").exists())
        .ok_or_else(|| AppError::new(ErrorCode::Storage, format!("no free name to move {} aside", path.display())))?;
    let cannot = |what: &Path, e: std::io::Error| {
        AppError::new(
            ErrorCode::Storage,
            format!("{} is damaged and could not be moved aside to {}: {e}", what.display(), to.display()),
        )
    };
    std::fs::rename(path, &to).map_err(|e| cannot(path, e))?;
    for suffix in ["-wal", "-shm"] {
        let from = sidecar(path, suffix);
        if from.exists() {
            std::fs::rename(&from, sidecar(&to, suffix)).map_err(|e| cannot(&from, e))?;
        }
    }
    Ok(to)
}

/// `path` with `suffix` appended to its file name (SQLite's names for its side files).
fn sidecar(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn whole_db(path: &Path) {
        let conn = Connection::open(path).unwrap();
        conn.execute_batch("PRAGMA journal_mode=WAL; CREATE TABLE t (x); INSERT INTO t VALUES (1);").unwrap();
    }

    #[test]
    fn a_whole_or_absent_database_is_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.sqlite");
        assert_eq!(move_if_damaged(&path, Depth::Pages).unwrap(), None);
        whole_db(&path);
        assert_eq!(move_if_damaged(&path, Depth::Pages).unwrap(), None);
        assert!(path.exists());
    }

    #[test]
    fn the_check_changes_no_file_of_a_database_left_with_a_wal() {
        let dir = tempfile::tempdir().unwrap();
        let live = dir.path().join("live.sqlite");
        let conn = Connection::open(&live).unwrap();
        conn.execute_batch("PRAGMA journal_mode=WAL; CREATE TABLE t (x); INSERT INTO t VALUES (1), (2);").unwrap();
        // What a crash leaves: the database with its WAL and shared memory, no checkpoint.
        let copy = dir.path().join("copy.sqlite");
        for suffix in ["", "-wal", "-shm"] {
            std::fs::copy(sidecar(&live, suffix), sidecar(&copy, suffix)).unwrap();
        }
        // The -shm is only an index SQLite rebuilds from the WAL; the data is the other two.
        let read =
            || -> Vec<Vec<u8>> { ["", "-wal"].iter().map(|s| std::fs::read(sidecar(&copy, s)).unwrap()).collect() };
        let before = read();
        assert!(!before[1].is_empty(), "the rows are in the WAL");
        assert_eq!(damage(&copy, Depth::Pages).unwrap(), None);
        let after = read();
        assert!(before[0] == after[0], "the check wrote nothing to the database");
        assert!(before[1] == after[1], "the check neither checkpointed nor removed the WAL");
        drop(conn);
    }

    #[test]
    fn garbage_is_moved_aside_with_its_side_files_and_nothing_is_deleted() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.sqlite");
        std::fs::write(&path, vec![0x5a; 8192]).unwrap();
        std::fs::write(sidecar(&path, "-wal"), b"wal bytes").unwrap();
        std::fs::write(sidecar(&path, "-shm"), b"shm bytes").unwrap();
        assert!(damage(&path, Depth::Schema).unwrap().is_some(), "garbage is found by the schema check too");
        let moved = move_if_damaged(&path, Depth::Pages).unwrap().expect("damaged");
        assert!(moved.why.contains("not a database"), "{}", moved.why);
        assert!(!path.exists() && !sidecar(&path, "-wal").exists() && !sidecar(&path, "-shm").exists());
        let name = moved.to.file_name().unwrap().to_string_lossy().into_owned();
        assert!(name.starts_with("a.sqlite.corrupt-20") && name.ends_with('Z'), "{name}");
        assert!(std::fs::read(&moved.to).unwrap() == vec![0x5a; 8192], "the database kept as it was");
        assert!(std::fs::read(sidecar(&moved.to, "-wal")).unwrap() == b"wal bytes", "its WAL kept as it was");
        assert!(sidecar(&moved.to, "-shm").exists(), "its shared-memory index moved with it");

        // A second damaged file in the same second gets its own name.
        std::fs::write(&path, vec![0x5b; 8192]).unwrap();
        let again = move_if_damaged(&path, Depth::Pages).unwrap().expect("damaged");
        assert_ne!(again.to, moved.to);
        assert!(moved.to.exists() && again.to.exists());
    }

    #[test]
    fn a_database_with_damaged_pages_is_moved_aside() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.sqlite");
        {
            let conn = Connection::open(&path).unwrap();
            conn.execute_batch("CREATE TABLE t (x); CREATE INDEX tx ON t (x); BEGIN;").unwrap();
            for i in 0..2000 {
                conn.execute("INSERT INTO t VALUES (?1)", [format!("row {i} {}", "x".repeat(50))]).unwrap();
            }
            conn.execute_batch("COMMIT;").unwrap();
        }
        // Keep the header (page 1) and overwrite the pages after it.
        let mut bytes = std::fs::read(&path).unwrap();
        let len = bytes.len();
        bytes[8192..len - 4096].fill(0x77);
        std::fs::write(&path, bytes).unwrap();
        assert_eq!(damage(&path, Depth::Schema).unwrap(), None, "the schema check reads the schema only");
        assert!(move_if_damaged(&path, Depth::Pages).unwrap().is_some());
        assert!(!path.exists());
    }
}
