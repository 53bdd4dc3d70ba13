//! The mirror as IPC commands: status and sync, overview, attention queue, changes,
//! snoozes, settings.

use super::rules::Thresholds;
use super::settings::Intervals;
use super::views::{AttentionView, ChangesView, MirrorStatus, Overview};
use crate::desk::Desk;
use crate::error::AppError;
use tauri::State;

type Result<T> = std::result::Result<T, AppError>;

#[tauri::command]
pub fn mirror_status(desk: State<'_, Desk>) -> Result<MirrorStatus> {
    desk.mirror_status()
}

/// Starts a sync now (a full pass when `full`); poll `mirror_status` for progress. Async
/// so that it runs on the async runtime, where the sync's task is spawned.
#[tauri::command]
pub async fn sync_mirror(desk: State<'_, Desk>, full: bool) -> Result<MirrorStatus> {
    desk.sync_mirror(full)
}

#[tauri::command]
pub fn overview(desk: State<'_, Desk>) -> Result<Overview> {
    desk.overview()
}

/// The attention queue; `rule` narrows it to one rule.
#[tauri::command]
pub fn attention(desk: State<'_, Desk>, rule: Option<String>) -> Result<AttentionView> {
    desk.attention(rule.as_deref())
}

#[tauri::command]
pub fn changes(desk: State<'_, Desk>) -> Result<ChangesView> {
    desk.changes()
}

#[tauri::command]
pub fn mark_changes_seen(desk: State<'_, Desk>) -> Result<ChangesView> {
    desk.mark_changes_seen()
}

#[tauri::command]
pub fn snooze_attention(
    desk: State<'_, Desk>,
    transaction_id: String,
    rule: String,
    days: u32,
    note: String,
) -> Result<AttentionView> {
    desk.snooze(&transaction_id, &rule, days, &note)
}

#[tauri::command]
pub fn unsnooze_attention(desk: State<'_, Desk>, transaction_id: String, rule: String) -> Result<AttentionView> {
    desk.unsnooze(&transaction_id, &rule)
}

#[tauri::command]
pub fn attention_thresholds(desk: State<'_, Desk>) -> Result<Thresholds> {
    desk.attention_thresholds()
}

#[tauri::command]
pub fn save_attention_thresholds(desk: State<'_, Desk>, thresholds: Thresholds) -> Result<Thresholds> {
    desk.save_attention_thresholds(&thresholds)
}

#[tauri::command]
pub fn mirror_intervals(desk: State<'_, Desk>) -> Result<Intervals> {
    desk.mirror_intervals()
}

#[tauri::command]
pub fn save_mirror_intervals(desk: State<'_, Desk>, intervals: Intervals) -> Result<Intervals> {
    desk.save_mirror_intervals(&intervals)
}

/// Titles and references of transaction ids, from the mirror (for the audit log).
#[tauri::command]
pub fn transaction_labels(desk: State<'_, Desk>, ids: Vec<String>) -> Result<Vec<super::labels::TransactionLabel>> {
    desk.transaction_labels(&ids)
}
