//! Bulk runs as IPC commands: prepare, start on the typed totals, poll, cancel, retry,
//! and the ids of every match for "select all matching".

use super::Bulk;
use super::model::{BatchStatus, BulkPrepareRequest, BulkStartRequest};
use super::service::MatchingIds;
use crate::error::AppError;
use crate::transactions::export::ExportRequest;
use tauri::State;

type Result<T> = std::result::Result<T, AppError>;

/// Reads the selection live; answers the rows and the totals to type.
#[tauri::command]
pub async fn bulk_prepare(bulk: State<'_, Bulk>, request: BulkPrepareRequest) -> Result<BatchStatus> {
    bulk.bulk_prepare(&request).await
}

/// Starts a prepared run once the typed totals match; poll `bulk_status`.
#[tauri::command]
pub async fn bulk_start(bulk: State<'_, Bulk>, request: BulkStartRequest) -> Result<BatchStatus> {
    bulk.bulk_start(&request)
}

#[tauri::command]
pub async fn bulk_status(bulk: State<'_, Bulk>, batch_id: String) -> Result<BatchStatus> {
    bulk.bulk_status(&batch_id)
}

#[tauri::command]
pub async fn bulk_cancel(bulk: State<'_, Bulk>, batch_id: String) -> Result<BatchStatus> {
    bulk.bulk_cancel(&batch_id)
}

/// Runs again what failed (an unclear outcome with its own key).
#[tauri::command]
pub async fn bulk_retry(bulk: State<'_, Bulk>, batch_id: String) -> Result<BatchStatus> {
    bulk.bulk_retry(&batch_id)
}

#[tauri::command]
pub async fn bulk_matching_ids(bulk: State<'_, Bulk>, request: ExportRequest) -> Result<MatchingIds> {
    bulk.bulk_matching_ids(&request).await
}
