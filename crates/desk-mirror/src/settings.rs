//! The mirror's settings, in the app database (not cosmetic: they decide what the
//! attention queue shows): the attention thresholds and how often the mirror syncs.

use super::rules::Thresholds;
use desk_core::appdb::AppDb;
use desk_core::appdb::settings::{get_setting, set_setting};
use desk_core::error::AppError;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

const THRESHOLDS: &str = "attention_thresholds";
const INTERVALS: &str = "mirror_intervals";

/// How often the active environment's mirror is refreshed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Intervals {
    /// The newest pages, every this many seconds (10 to 3600).
    pub refresh_seconds: u32,
    /// A full pass (which also notices changes to older deals), every this many minutes (1 to 1440).
    pub full_minutes: u32,
}

impl Default for Intervals {
    fn default() -> Self {
        Self { refresh_seconds: 60, full_minutes: 15 }
    }
}

/// Settings the user saved, or the defaults; a stored value this version cannot read
/// falls back to the defaults rather than failing.
pub fn thresholds(db: &AppDb) -> Result<Thresholds, AppError> {
    Ok(get_setting(db, THRESHOLDS)?.and_then(|s| serde_json::from_str(&s).ok()).unwrap_or_default())
}

pub fn save_thresholds(db: &AppDb, t: &Thresholds) -> Result<Thresholds, AppError> {
    if t.unpaid_days > 365 || t.overdue_days > 365 || t.split_pending_days > 365 {
        return Err(AppError::validation("A threshold is 0 to 365 days."));
    }
    set_setting(db, THRESHOLDS, &serde_json::to_string(t).map_err(AppError::storage)?)?;
    thresholds(db)
}

pub fn intervals(db: &AppDb) -> Result<Intervals, AppError> {
    Ok(get_setting(db, INTERVALS)?.and_then(|s| serde_json::from_str(&s).ok()).unwrap_or_default())
}

pub fn save_intervals(db: &AppDb, i: &Intervals) -> Result<Intervals, AppError> {
    if !(10..=3600).contains(&i.refresh_seconds) || !(1..=1440).contains(&i.full_minutes) {
        return Err(AppError::validation("Refresh every 10 to 3600 seconds; a full pass every 1 to 1440 minutes."));
    }
    set_setting(db, INTERVALS, &serde_json::to_string(i).map_err(AppError::storage)?)?;
    intervals(db)
}
