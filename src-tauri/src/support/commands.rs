//! Support, as IPC commands: the Help menu's "Open logs folder" and "Copy diagnostics".

use crate::desk::Desk;
use crate::error::{AppError, ErrorCode};
use tauri::Manager;

/// The diagnostics text (the web view copies it to the clipboard). Works even when the
/// app could not open its data, which is when support needs it most.
#[tauri::command]
pub fn diagnostics<R: tauri::Runtime>(app: tauri::AppHandle<R>) -> Result<String, AppError> {
    Ok(super::diagnostics::report(app.try_state::<Desk>().as_deref()))
}

/// Opens the log folder in the file manager.
#[tauri::command]
pub fn open_logs_folder() -> Result<String, AppError> {
    let dir = super::logging::open_dir().map_err(|e| AppError::new(ErrorCode::Internal, e))?;
    Ok(dir.display().to_string())
}
