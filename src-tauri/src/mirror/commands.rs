//! The mirror as IPC commands: status and sync, overview, attention queue, changes,
//! snoozes, settings.

use super::rules::Thresholds;
use super::settings::Intervals;
use super::views::{AttentionView, ChangesView, MirrorStatus, Overview, SnoozeTarget};
use crate::desk::Desk;
use crate::error::AppError;
use crate::platform::on_worker::on_worker;
use std::sync::Arc;
use tauri::{AppHandle, Runtime, State};

type Result<T> = std::result::Result<T, AppError>;

#[tauri::command]
pub fn mirror_status(desk: State<'_, Arc<Desk>>) -> Result<MirrorStatus> {
    desk.mirror_status()
}

/// Starts a sync now (a full pass when `full`); poll `mirror_status` for progress. Async
/// so that it runs on the async runtime, where the sync's task is spawned.
#[tauri::command]
pub async fn sync_mirror(desk: State<'_, Arc<Desk>>, full: bool) -> Result<MirrorStatus> {
    desk.sync_mirror(full)
}

// The overview, the queue and the changes read the whole mirror: off the main thread
// (see [`crate::platform::on_worker`]).

#[tauri::command]
pub async fn overview<R: Runtime>(app: AppHandle<R>) -> Result<Overview> {
    on_worker(app, |desk| desk.overview()).await
}

/// The attention queue; `rule` narrows it to one rule.
#[tauri::command]
pub async fn attention<R: Runtime>(app: AppHandle<R>, rule: Option<String>) -> Result<AttentionView> {
    on_worker(app, move |desk| desk.attention(rule.as_deref())).await
}

#[tauri::command]
pub async fn changes<R: Runtime>(app: AppHandle<R>) -> Result<ChangesView> {
    on_worker(app, |desk| desk.changes()).await
}

#[tauri::command]
pub async fn mark_changes_seen<R: Runtime>(app: AppHandle<R>) -> Result<ChangesView> {
    on_worker(app, |desk| desk.mark_changes_seen()).await
}

/// Snoozes the items (one, or many picked together) with one note and one end.
#[tauri::command]
pub async fn snooze_attention<R: Runtime>(
    app: AppHandle<R>,
    items: Vec<SnoozeTarget>,
    days: u32,
    note: String,
    shown: Option<String>,
) -> Result<AttentionView> {
    on_worker(app, move |desk| desk.snooze(&items, days, &note, shown.as_deref())).await
}

#[tauri::command]
pub async fn unsnooze_attention<R: Runtime>(
    app: AppHandle<R>,
    transaction_id: String,
    rule: String,
    shown: Option<String>,
) -> Result<AttentionView> {
    on_worker(app, move |desk| desk.unsnooze(&transaction_id, &rule, shown.as_deref())).await
}

#[tauri::command]
pub fn attention_thresholds(desk: State<'_, Arc<Desk>>) -> Result<Thresholds> {
    desk.attention_thresholds()
}

#[tauri::command]
pub fn save_attention_thresholds(desk: State<'_, Arc<Desk>>, thresholds: Thresholds) -> Result<Thresholds> {
    desk.save_attention_thresholds(&thresholds)
}

#[tauri::command]
pub fn mirror_intervals(desk: State<'_, Arc<Desk>>) -> Result<Intervals> {
    desk.mirror_intervals()
}

#[tauri::command]
pub fn save_mirror_intervals(desk: State<'_, Arc<Desk>>, intervals: Intervals) -> Result<Intervals> {
    desk.save_mirror_intervals(&intervals)
}

/// Titles and references of transaction ids, from the mirror (for the audit log).
#[tauri::command]
pub fn transaction_labels(
    desk: State<'_, Arc<Desk>>,
    ids: Vec<String>,
) -> Result<Vec<super::labels::TransactionLabel>> {
    desk.transaction_labels(&ids)
}
