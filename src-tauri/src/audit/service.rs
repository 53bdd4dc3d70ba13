//! Reading and checking the audit log, and the audit pages' state.

use super::entry::{self, AuditEntry};
use super::note::{self, AuditDetail};
use super::report::ChainCheck;
use crate::desk::Desk;
use crate::error::AppError;
use crate::save_as::SaveAs;
use serde::Serialize;
use std::sync::Arc;
use ts_rs::TS;

/// An audit row as the audit page lists it: the row as stored, and its detail in parts for
/// the UI to word in the user's language ([`note::parse`]; the stored text stays as it is).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct AuditRow {
    #[serde(flatten)]
    #[ts(flatten)]
    pub entry: AuditEntry,
    pub parsed: AuditDetail,
}

/// The row's stored fields read through (`row.seq`, `row.detail`), as before the parts were added.
impl std::ops::Deref for AuditRow {
    type Target = AuditEntry;
    fn deref(&self) -> &AuditEntry {
        &self.entry
    }
}

impl std::ops::DerefMut for AuditRow {
    fn deref_mut(&mut self) -> &mut AuditEntry {
        &mut self.entry
    }
}

impl From<AuditEntry> for AuditRow {
    fn from(entry: AuditEntry) -> Self {
        let parsed = note::parse(entry.detail.as_deref());
        Self { entry, parsed }
    }
}

/// The audit log page's state (reading, checking and exporting the log the core writes):
/// Tauri manages it and the commands take it.
pub struct AuditLog {
    pub(super) desk: Arc<Desk>,
    /// The chosen file a CSV goes to, and where it goes without a dialog.
    pub(super) save_as: SaveAs,
}

impl AuditLog {
    pub fn new(desk: Arc<Desk>, save_as: SaveAs) -> Self {
        Self { desk, save_as }
    }

    pub fn audit_log(&self, text: Option<&str>, limit: u32) -> Result<Vec<AuditRow>, AppError> {
        self.audit_log_shown(text, &[], limit)
    }

    /// The rows matching `text`, or showing it as the words of a code in `shown_as` (see
    /// [`entry::list`]).
    pub fn audit_log_shown(
        &self,
        text: Option<&str>,
        shown_as: &[String],
        limit: u32,
    ) -> Result<Vec<AuditRow>, AppError> {
        if text.is_some_and(|t| t.len() > 200) {
            return Err(AppError::validation("The filter is too long (200 characters at most)."));
        }
        entry::check_shown_as(shown_as)?;
        let rows = entry::list(&*self.desk.db.lock()?, text, shown_as, limit.clamp(1, 10_000))?;
        Ok(rows.into_iter().map(AuditRow::from).collect())
    }

    /// Walks the whole log with the audit key and holds its end against the anchor.
    pub fn verify_audit_log(&self) -> Result<ChainCheck, AppError> {
        self.desk.audit.check(&self.desk.db)
    }
}
