//! The timeline as an IPC command.

use super::Timeline;
use super::service::TimelineView;
use crate::error::AppError;
use tauri::State;

#[tauri::command]
pub async fn transaction_timeline(
    timeline: State<'_, Timeline>,
    transaction_id: String,
) -> Result<TimelineView, AppError> {
    timeline.transaction_timeline(&transaction_id).await
}
