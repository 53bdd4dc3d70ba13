//! The audit log as a CSV file in the user's Downloads folder, written by Rust: the web
//! view's `<a download>` is not honoured by every WebKitGTK, and the web view must not
//! choose file names or contents on disk.

use super::csv_rows::{HEADER, cell, cells};
use super::entry::{self, AuditEntry};
use crate::desk::Desk;
use crate::error::AppError;
use serde::Serialize;
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use ts_rs::TS;

/// Most rows one file holds (the screen shows at most 10,000 too).
pub const MAX_ROWS: u32 = 100_000;

/// Where the file went and how many rows it has.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AuditFile {
    pub path: String,
    #[ts(type = "number")]
    pub rows: u64,
}

/// The rows as CSV with a UTF-8 byte-order mark (spreadsheets then read æ, ø, å) and CRLF
/// line ends; every column of [`HEADER`], hashes and MACs included (never the key).
pub fn csv(rows: &[AuditEntry], env_name: impl Fn(&str) -> String) -> String {
    let mut out = String::from("\u{feff}");
    out.push_str(&HEADER.join(","));
    out.push_str("\r\n");
    for r in rows {
        let line: Vec<String> = cells(r, &env_name(&r.environment_id)).iter().map(|c| cell(c)).collect();
        out.push_str(&line.join(","));
        out.push_str("\r\n");
    }
    out
}

/// A new file name in `dir` (never overwrites).
fn target(dir: &Path) -> PathBuf {
    let stamp = chrono::Local::now().format("%Y-%m-%d-%H%M%S");
    let mut path = dir.join(format!("escrow-desk-audit-{stamp}.csv"));
    let mut n = 1;
    while path.exists() {
        n += 1;
        path = dir.join(format!("escrow-desk-audit-{stamp}-{n}.csv"));
    }
    path
}

impl Desk {
    /// Writes the audit rows matching `text` (as the screen filters them), oldest first, to
    /// a CSV file in the export folder; created new, written in full, then flushed to disk.
    /// Without a filter the file holds every row (up to [`MAX_ROWS`], the newest), so
    /// `escrow-desk verify-audit` checks it whole; a filtered file verifies with `--partial`.
    pub fn save_audit_csv(&self, text: Option<&str>) -> Result<AuditFile, AppError> {
        if text.is_some_and(|t| t.len() > 200) {
            return Err(AppError::validation("The filter is too long (200 characters at most)."));
        }
        let mut rows = entry::list(&*self.db.lock()?, text, MAX_ROWS)?;
        rows.reverse();
        let names: HashMap<String, String> =
            self.list_environments()?.environments.into_iter().map(|e| (e.id, e.name)).collect();
        let body = csv(&rows, |id| names.get(id).cloned().unwrap_or_default());
        let dir = self.export_dir();
        std::fs::create_dir_all(dir).map_err(AppError::storage)?;
        let path = target(dir);
        let mut file =
            std::fs::OpenOptions::new().write(true).create_new(true).open(&path).map_err(AppError::storage)?;
        file.write_all(body.as_bytes()).and_then(|()| file.sync_all()).map_err(AppError::storage)?;
        Ok(AuditFile { path: path.display().to_string(), rows: rows.len() as u64 })
    }
}
