//! The mirror as IPC commands: status and sync, overview, attention queue, changes,
//! snoozes, settings.

use super::MirrorService;
use super::rules::Thresholds;
use super::settings::Intervals;
use super::views::{AttentionView, ChangesView, MirrorStatus, Overview, SnoozeTarget};
use crate::error::AppError;
use crate::platform::on_worker::on_worker;
use tauri::{AppHandle, Runtime, State};

type Result<T> = std::result::Result<T, AppError>;

#[tauri::command]
pub fn mirror_status(mirror: State<'_, MirrorService>) -> Result<MirrorStatus> {
    mirror.mirror_status()
}

/// Starts a sync now (a full pass when `full`); poll `mirror_status` for progress. Async
/// so that it runs on the async runtime, where the sync's task is spawned.
#[tauri::command]
pub async fn sync_mirror(mirror: State<'_, MirrorService>, full: bool) -> Result<MirrorStatus> {
    mirror.sync_mirror(full)
}

// The overview, the queue and the changes read the whole mirror: off the main thread
// (see [`crate::platform::on_worker`]).

#[tauri::command]
pub async fn overview<R: Runtime>(app: AppHandle<R>) -> Result<Overview> {
    on_worker(app, |mirror: &MirrorService| mirror.overview()).await
}

/// The attention queue; `rule` narrows it to one rule.
#[tauri::command]
pub async fn attention<R: Runtime>(app: AppHandle<R>, rule: Option<String>) -> Result<AttentionView> {
    on_worker(app, move |mirror: &MirrorService| mirror.attention(rule.as_deref())).await
}

#[tauri::command]
pub async fn changes<R: Runtime>(app: AppHandle<R>) -> Result<ChangesView> {
    on_worker(app, |mirror: &MirrorService| mirror.changes()).await
}

#[tauri::command]
pub async fn mark_changes_seen<R: Runtime>(app: AppHandle<R>) -> Result<ChangesView> {
    on_worker(app, |mirror: &MirrorService| mirror.mark_changes_seen()).await
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
    on_worker(app, move |mirror: &MirrorService| mirror.snooze(&items, days, &note, shown.as_deref())).await
}

#[tauri::command]
pub async fn unsnooze_attention<R: Runtime>(
    app: AppHandle<R>,
    transaction_id: String,
    rule: String,
    shown: Option<String>,
) -> Result<AttentionView> {
    on_worker(app, move |mirror: &MirrorService| mirror.unsnooze(&transaction_id, &rule, shown.as_deref())).await
}

#[tauri::command]
pub fn attention_thresholds(mirror: State<'_, MirrorService>) -> Result<Thresholds> {
    mirror.attention_thresholds()
}

#[tauri::command]
pub fn save_attention_thresholds(mirror: State<'_, MirrorService>, thresholds: Thresholds) -> Result<Thresholds> {
    mirror.save_attention_thresholds(&thresholds)
}

#[tauri::command]
pub fn mirror_intervals(mirror: State<'_, MirrorService>) -> Result<Intervals> {
    mirror.mirror_intervals()
}

#[tauri::command]
pub fn save_mirror_intervals(mirror: State<'_, MirrorService>, intervals: Intervals) -> Result<Intervals> {
    mirror.save_mirror_intervals(&intervals)
}

/// Titles and references of transaction ids, from the mirror (for the audit log).
#[tauri::command]
pub fn transaction_labels(
    mirror: State<'_, MirrorService>,
    ids: Vec<String>,
) -> Result<Vec<super::labels::TransactionLabel>> {
    mirror.transaction_labels(&ids)
}
