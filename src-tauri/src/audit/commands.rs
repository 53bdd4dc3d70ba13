//! The audit log as IPC commands.

use super::report::ChainCheck;
use super::service::AuditLog;
use super::service::AuditRow;
use crate::error::AppError;
use tauri::State;

type Result<T> = std::result::Result<T, AppError>;

/// The rows matching `filter`; `shown_as` are the codes whose words on screen match it.
#[tauri::command]
pub fn audit_log(
    audit: State<'_, AuditLog>,
    filter: Option<String>,
    shown_as: Vec<String>,
    limit: u32,
) -> Result<Vec<AuditRow>> {
    audit.audit_log_shown(filter.as_deref(), &shown_as, limit)
}

#[tauri::command]
pub fn verify_audit_log(audit: State<'_, AuditLog>) -> Result<ChainCheck> {
    audit.verify_audit_log()
}

/// Writes the audit rows matching `text` to the file chosen in the save dialog
/// (`save_token` from `choose_save_path`); answers its path.
#[tauri::command]
pub fn save_audit_csv(
    audit: State<'_, AuditLog>,
    text: Option<String>,
    shown_as: Vec<String>,
    save_token: String,
) -> Result<crate::audit::export::AuditFile> {
    audit.save_audit_csv_to_choice(text.as_deref(), &shown_as, &save_token)
}

/// The audit rows matching `text` as CSV text, for "Copy CSV" (the same writer as the file).
#[tauri::command]
pub fn audit_csv_text(audit: State<'_, AuditLog>, text: Option<String>, shown_as: Vec<String>) -> Result<String> {
    audit.audit_csv_text(text.as_deref(), &shown_as)
}
