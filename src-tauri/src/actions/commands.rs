//! Journaled actions as IPC commands: run one, and the open ones (retry, dismiss).

use super::{ActionRecord, ActionRequest};
use crate::desk::Desk;
use crate::error::AppError;
use std::sync::Arc;
use tauri::State;

type Result<T> = std::result::Result<T, AppError>;

/// Runs a staff action exactly once (intent journaled before the request).
#[tauri::command]
pub async fn start_action(desk: State<'_, Arc<Desk>>, request: ActionRequest) -> Result<ActionRecord> {
    desk.start_action(&request).await
}

/// Resends an open action with its stored Idempotency-Key.
#[tauri::command]
pub async fn retry_action(desk: State<'_, Arc<Desk>>, id: String) -> Result<ActionRecord> {
    desk.retry_action(&id).await
}

#[tauri::command]
pub fn dismiss_action(desk: State<'_, Arc<Desk>>, id: String) -> Result<ActionRecord> {
    desk.dismiss_action(&id)
}

/// Actions without a clear outcome (after a crash, a timeout or a lost connection).
#[tauri::command]
pub fn open_actions(desk: State<'_, Arc<Desk>>) -> Result<Vec<ActionRecord>> {
    desk.open_actions()
}
