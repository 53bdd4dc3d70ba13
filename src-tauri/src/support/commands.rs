//! Support, as IPC commands: the Help menu's "Open logs folder" and "Copy diagnostics".

use crate::actions::Actions;
use crate::error::{AppError, ErrorCode};
use tauri::Manager;
use tauri_plugin_clipboard_manager::ClipboardExt;

/// The diagnostics text (the About line shows its first line). Works even when the app
/// could not open its data, which is when support needs it most.
#[tauri::command]
pub async fn diagnostics<R: tauri::Runtime>(app: tauri::AppHandle<R>) -> Result<String, AppError> {
    Ok(super::diagnostics::report(app.try_state::<Actions>().as_deref()).await)
}

/// "Copy diagnostics" (Help menu and command palette): writes the diagnostics text to the
/// system clipboard from Rust. The web view's own clipboard API needs a user gesture, which
/// a native menu click is not; and this way the text never passes through the web view.
#[tauri::command]
pub async fn copy_diagnostics<R: tauri::Runtime>(app: tauri::AppHandle<R>) -> Result<(), AppError> {
    let text = super::diagnostics::report(app.try_state::<Actions>().as_deref()).await;
    app.clipboard().write_text(text).map_err(|e| {
        tracing::warn!(error = %e, "could not write the diagnostics to the clipboard");
        AppError::new(ErrorCode::Internal, format!("Could not write to the clipboard: {e}"))
    })
}

/// Opens the log folder in the file manager.
#[tauri::command]
pub fn open_logs_folder() -> Result<String, AppError> {
    let dir = super::logging::open_dir().map_err(|e| AppError::new(ErrorCode::Internal, e))?;
    Ok(dir.display().to_string())
}
