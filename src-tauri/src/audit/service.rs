//! Reading and checking the audit log.

use super::entry::{self, AuditEntry};
use super::report::ChainCheck;
use crate::desk::Desk;
use crate::error::AppError;

impl Desk {
    pub fn audit_log(&self, text: Option<&str>, limit: u32) -> Result<Vec<AuditEntry>, AppError> {
        if text.is_some_and(|t| t.len() > 200) {
            return Err(AppError::validation("The filter is too long (200 characters at most)."));
        }
        entry::list(&*self.db.lock()?, text, limit.clamp(1, 10_000))
    }

    /// Walks the whole log with the audit key and holds its end against the anchor.
    pub fn verify_audit_log(&self) -> Result<ChainCheck, AppError> {
        self.audit.check(&self.db)
    }
}
