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

/// "Copy CSV": puts the audit rows matching `text` on the clipboard as CSV (the same writer as
/// the file), from Rust, since the web view's clipboard needs a user gesture that an awaited
/// answer no longer carries. Answers how many rows were copied.
#[tauri::command]
pub fn copy_audit_csv<R: tauri::Runtime>(
    app: tauri::AppHandle<R>,
    text: Option<String>,
    shown_as: Vec<String>,
) -> Result<u64> {
    use tauri::Manager;
    use tauri_plugin_clipboard_manager::ClipboardExt;
    let audit = app
        .try_state::<AuditLog>()
        .ok_or_else(|| AppError::new(crate::error::ErrorCode::Internal, "the data is not open"))?;
    // The row count from the rows themselves: a quoted detail may span lines.
    let (csv, rows) = audit.audit_csv_text(text.as_deref(), &shown_as)?;
    app.clipboard().write_text(csv).map_err(|e| {
        AppError::new(crate::error::ErrorCode::Internal, format!("Could not write to the clipboard: {e}"))
    })?;
    Ok(rows)
}
