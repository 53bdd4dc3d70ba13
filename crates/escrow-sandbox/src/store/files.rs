//! Uploaded and generated files, kept under the data dir (`<data-dir>/files/...`), not
//! in memory and not in SQLite, so big documents survive restarts without bloating
//! the database.
//!
//! The directory is found from the open database's own path, so every handler that
//! holds the connection can reach it. File names on disk are generated ids only; a
//! name a user sent is never part of a path.

use crate::error::{ApiError, ApiResult};
use rusqlite::Connection;
use std::io::Write;
use std::path::{Path, PathBuf};

/// `<data-dir>/files`, next to `sandbox.sqlite`.
pub fn root(conn: &Connection) -> ApiResult<PathBuf> {
    let db =
        conn.path().filter(|p| !p.is_empty()).ok_or_else(|| ApiError::Internal("database has no file path".into()))?;
    let dir = Path::new(db).parent().ok_or_else(|| ApiError::Internal("database path has no parent".into()))?;
    Ok(dir.join("files"))
}

/// Only generated ids (letters, digits, `-`) may name a directory or file.
fn safe(name: &str) -> ApiResult<&str> {
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
        return Err(ApiError::Internal(format!("refusing file name {name:?}")));
    }
    Ok(name)
}

/// Where `<area>/<owner>/<name>` lives (for example `documents/<documentId>/original`).
pub fn path(conn: &Connection, area: &str, owner: &str, name: &str) -> ApiResult<PathBuf> {
    Ok(root(conn)?.join(safe(area)?).join(safe(owner)?).join(safe(name)?))
}

/// Writes a file durably: to a temporary name, fsync, then rename over the target,
/// so a crash never leaves a half-written file under the real name.
pub fn write(path: &Path, bytes: &[u8]) -> ApiResult<()> {
    let io = |e: std::io::Error| ApiError::Internal(format!("write {}: {e}", path.display()));
    let dir = path.parent().ok_or_else(|| ApiError::Internal("file path has no parent".into()))?;
    std::fs::create_dir_all(dir).map_err(io)?;
    let tmp = path.with_extension("part");
    let mut f = std::fs::File::create(&tmp).map_err(io)?;
    f.write_all(bytes).and_then(|()| f.sync_all()).map_err(io)?;
    drop(f);
    std::fs::rename(&tmp, path).map_err(io)
}

pub fn read(path: &Path) -> ApiResult<Vec<u8>> {
    std::fs::read(path).map_err(|e| ApiError::Internal(format!("read {}: {e}", path.display())))
}

/// Removes a whole owner directory (a deleted document's original and signed
/// versions). A directory that is already gone is fine.
pub fn remove_owner(conn: &Connection, area: &str, owner: &str) -> ApiResult<()> {
    let dir = root(conn)?.join(safe(area)?).join(safe(owner)?);
    match std::fs::remove_dir_all(&dir) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(ApiError::Internal(format!("remove {}: {e}", dir.display()))),
    }
}
