//! The audit log as a CSV file, written by Rust where the user chose in the save dialog
//! (see [`crate::save_as`]): the web view's `<a download>` is not honoured by every
//! WebKitGTK, and the web view must not choose file names or contents on disk.

use super::entry::{self, AuditEntry};
use super::service::AuditLog;
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

/// The rows as a CSV file's text: with a UTF-8 byte-order mark, every column of the audit
/// CSV, hashes and MACs included (never the key); see [`super::csv_rows::text`].
pub fn csv(rows: &[AuditEntry], env_name: impl Fn(&str) -> String) -> String {
    super::csv_rows::text(rows, env_name, true)
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

impl AuditLog {
    /// Writes the audit rows matching `text` (as the screen filters them), oldest first, to
    /// a new CSV file in the export folder; created new, written in full, then flushed.
    /// Without a filter the file holds every row (up to [`MAX_ROWS`], the newest), so
    /// `escrow-desk verify-audit` checks it whole; a filtered file verifies with `--partial`.
    pub fn save_audit_csv(&self, text: Option<&str>) -> Result<AuditFile, AppError> {
        let (body, rows) = self.audit_csv(text, &[])?;
        let dir = self.save_as.export_dir();
        std::fs::create_dir_all(dir).map_err(AppError::storage)?;
        let path = target(dir);
        let mut file =
            std::fs::OpenOptions::new().write(true).create_new(true).open(&path).map_err(AppError::storage)?;
        file.write_all(body.as_bytes()).and_then(|()| file.sync_all()).map_err(AppError::storage)?;
        Ok(AuditFile { path: path.display().to_string(), rows })
    }

    /// [`AuditLog::save_audit_csv`] to the file chosen in the save dialog, named by its token.
    /// The user agreed to replace a file of that name there, so it is replaced whole: written
    /// beside it first, then renamed over it (never left half-written).
    pub fn save_audit_csv_to_choice(
        &self,
        text: Option<&str>,
        shown_as: &[String],
        save_token: &str,
    ) -> Result<AuditFile, AppError> {
        let path = self.save_as.tokens().redeem(save_token, crate::save_as::kind::ExportKind::Audit)?;
        let (body, rows) = self.audit_csv(text, shown_as)?;
        let mut partial = path.as_os_str().to_owned();
        partial.push(".part");
        let partial = PathBuf::from(partial);
        let written = std::fs::File::create(&partial)
            .and_then(|mut f| f.write_all(body.as_bytes()).and_then(|()| f.sync_all()))
            .and_then(|()| std::fs::rename(&partial, &path));
        if let Err(e) = written {
            let _ = std::fs::remove_file(&partial);
            return Err(AppError::storage(e));
        }
        Ok(AuditFile { path: path.display().to_string(), rows })
    }

    /// The rows matching `text` (or showing it: `shown_as`) as CSV text for the clipboard (no
    /// byte-order mark): the same writer and columns as the file.
    /// Answers the text and how many rows it holds.
    pub fn audit_csv_text(&self, text: Option<&str>, shown_as: &[String]) -> Result<(String, u64), AppError> {
        let (body, rows) = self.audit_csv(text, shown_as)?;
        Ok((body.trim_start_matches('\u{feff}').to_owned(), rows))
    }

    /// The CSV text of the rows matching `text` (or showing it: `shown_as`), and how many rows it has.
    fn audit_csv(&self, text: Option<&str>, shown_as: &[String]) -> Result<(String, u64), AppError> {
        if text.is_some_and(|t| t.len() > 200) {
            return Err(AppError::validation("The filter is too long (200 characters at most)."));
        }
        entry::check_shown_as(shown_as)?;
        let mut rows = entry::list(&*self.desk.db.lock()?, text, shown_as, MAX_ROWS)?;
        rows.reverse();
        let names: HashMap<String, String> =
            self.desk.list_environments()?.environments.into_iter().map(|e| (e.id, e.name)).collect();
        Ok((csv(&rows, |id| names.get(id).cloned().unwrap_or_default()), rows.len() as u64))
    }
}
