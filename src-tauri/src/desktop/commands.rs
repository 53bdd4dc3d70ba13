//! The desktop's command: the page tells Rust the language its person chose, and the native
//! menu is built again in it (notifications and dialog titles read it when they are made).

use crate::error::AppError;
use tauri::{AppHandle, Runtime};

/// `lang`: `en`, `da`, or none to follow the system's.
#[tauri::command]
pub fn set_language<R: Runtime>(app: AppHandle<R>, lang: Option<String>) -> Result<(), AppError> {
    crate::shared::lang::set(lang.as_deref());
    let menu = super::menu::build(&app).map_err(|e| AppError::new(crate::error::ErrorCode::Internal, e.to_string()))?;
    app.set_menu(menu).map_err(|e| AppError::new(crate::error::ErrorCode::Internal, e.to_string()))?;
    Ok(())
}
