//! Bulk runs as IPC commands: prepare, start on the typed totals, poll, cancel, retry,
//! and the ids of every match for "select all matching".

use super::model::{BatchStatus, BulkPrepareRequest, BulkStartRequest};
use super::service::MatchingIds;
use crate::desk::Desk;
use crate::error::AppError;
use crate::transactions::export::ExportRequest;
use std::sync::Arc;
use tauri::State;

type Result<T> = std::result::Result<T, AppError>;

/// Reads the selection live; answers the rows and the totals to type.
#[tauri::command]
pub async fn bulk_prepare(desk: State<'_, Arc<Desk>>, request: BulkPrepareRequest) -> Result<BatchStatus> {
    desk.bulk_prepare(&request).await
}

/// Starts a prepared run once the typed totals match; poll `bulk_status`.
#[tauri::command]
pub async fn bulk_start(desk: State<'_, Arc<Desk>>, request: BulkStartRequest) -> Result<BatchStatus> {
    desk.bulk_start(&request)
}

#[tauri::command]
pub async fn bulk_status(desk: State<'_, Arc<Desk>>, batch_id: String) -> Result<BatchStatus> {
    desk.bulk_status(&batch_id)
}

#[tauri::command]
pub async fn bulk_cancel(desk: State<'_, Arc<Desk>>, batch_id: String) -> Result<BatchStatus> {
    desk.bulk_cancel(&batch_id)
}

/// Runs again what failed (an unclear outcome with its own key).
#[tauri::command]
pub async fn bulk_retry(desk: State<'_, Arc<Desk>>, batch_id: String) -> Result<BatchStatus> {
    desk.bulk_retry(&batch_id)
}

#[tauri::command]
pub async fn bulk_matching_ids(desk: State<'_, Arc<Desk>>, request: ExportRequest) -> Result<MatchingIds> {
    desk.bulk_matching_ids(&request).await
}
