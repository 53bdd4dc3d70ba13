//! The timeline as an IPC command.

use super::service::TimelineView;
use crate::desk::Desk;
use crate::error::AppError;
use std::sync::Arc;
use tauri::State;

#[tauri::command]
pub async fn transaction_timeline(
    desk: State<'_, Arc<Desk>>,
    transaction_id: String,
) -> Result<TimelineView, AppError> {
    desk.transaction_timeline(&transaction_id).await
}
