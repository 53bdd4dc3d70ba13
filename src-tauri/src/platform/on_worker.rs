//! Runs a command's work off the main thread. Tauri runs a command that is not `async` on
//! the main thread, whose event loop also paints the window and carries every other call:
//! a query over the whole mirror there (the attention queue reads 100,000 rows) would hold
//! up clicks while it runs, and more so while a sync writes. Commands that read much run
//! their work here, on the runtime's blocking pool, with their state `S` from the app's.

use crate::error::{AppError, ErrorCode};
use tauri::{AppHandle, Manager, Runtime};

pub async fn on_worker<S: Send + Sync + 'static, R: Runtime, T: Send + 'static>(
    app: AppHandle<R>,
    work: impl FnOnce(&S) -> Result<T, AppError> + Send + 'static,
) -> Result<T, AppError> {
    tauri::async_runtime::spawn_blocking(move || match app.try_state::<S>() {
        Some(state) => work(&state),
        None => Err(AppError::new(ErrorCode::Internal, "The app is still starting.")),
    })
    .await
    .map_err(|e| AppError::new(ErrorCode::Internal, format!("a background task failed: {e}")))?
}
