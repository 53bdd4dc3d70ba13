//! Journaled actions as IPC commands: run one, and the open ones (retry, dismiss).

use super::Actions;
use super::{ActionRecord, ActionRequest};
use crate::error::AppError;
use tauri::State;

type Result<T> = std::result::Result<T, AppError>;

/// Runs a staff action exactly once (intent journaled before the request).
#[tauri::command]
/// `readAt`: the consequence's, when the dialog showed one.
pub async fn start_action(
    actions: State<'_, Actions>,
    request: ActionRequest,
    read_at: Option<String>,
) -> Result<ActionRecord> {
    actions.start_action(&request, read_at.as_deref()).await
}

/// Resends an open action with its stored Idempotency-Key.
#[tauri::command]
pub async fn retry_action(actions: State<'_, Actions>, id: String) -> Result<ActionRecord> {
    actions.retry_action(&id).await
}

#[tauri::command]
pub async fn dismiss_action(actions: State<'_, Actions>, id: String) -> Result<ActionRecord> {
    actions.dismiss_action(&id).await
}

/// Actions without a clear outcome (after a crash, a timeout or a lost connection).
#[tauri::command]
pub async fn open_actions(actions: State<'_, Actions>) -> Result<Vec<ActionRecord>> {
    actions.open_actions().await
}

/// One journaled action as it stands now (a page following an action awaiting approval).
#[tauri::command]
pub async fn get_action(actions: State<'_, Actions>, id: String) -> Result<ActionRecord> {
    actions.get_action(&id).await
}
