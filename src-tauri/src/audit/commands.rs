//! The audit log as IPC commands.

use super::report::ChainCheck;
use super::service::AuditRow;
use crate::desk::Desk;
use crate::error::AppError;
use std::sync::Arc;
use tauri::State;

type Result<T> = std::result::Result<T, AppError>;

/// The rows matching `filter`; `shown_as` are the codes whose words on screen match it.
#[tauri::command]
pub fn audit_log(
    desk: State<'_, Arc<Desk>>,
    filter: Option<String>,
    shown_as: Vec<String>,
    limit: u32,
) -> Result<Vec<AuditRow>> {
    desk.audit_log_shown(filter.as_deref(), &shown_as, limit)
}

#[tauri::command]
pub fn verify_audit_log(desk: State<'_, Arc<Desk>>) -> Result<ChainCheck> {
    desk.verify_audit_log()
}

/// Writes the audit rows matching `text` to the file chosen in the save dialog
/// (`save_token` from `choose_save_path`); answers its path.
#[tauri::command]
pub fn save_audit_csv(
    desk: State<'_, Arc<Desk>>,
    text: Option<String>,
    shown_as: Vec<String>,
    save_token: String,
) -> Result<crate::audit::export::AuditFile> {
    desk.save_audit_csv_to_choice(text.as_deref(), &shown_as, &save_token)
}
