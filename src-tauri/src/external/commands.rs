//! Opening a hosted page in the system browser, as an IPC command.

/// Opens a hosted page in the user's browser (checked in Rust: https, or the built-in
/// Sandbox's loopback pages).
#[tauri::command]
pub fn open_external(url: String) -> Result<(), crate::error::AppError> {
    super::open(&url)
}
