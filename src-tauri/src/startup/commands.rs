//! The start-up problem, as an IPC command (the window asks before anything else).

use crate::error::AppError;

/// Why the app could not open its data, or `None` when it did.
#[tauri::command]
pub fn startup_problem() -> Result<Option<String>, AppError> {
    Ok(super::problem())
}
