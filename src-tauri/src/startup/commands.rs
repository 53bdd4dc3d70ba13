//! The start-up report, as an IPC command (the window asks before anything else).

use crate::error::AppError;

/// Why the app could not open its data (`problem`), and what it repaired on its own (`notices`).
#[tauri::command]
pub fn startup_report() -> Result<super::StartupReport, AppError> {
    Ok(super::report())
}
