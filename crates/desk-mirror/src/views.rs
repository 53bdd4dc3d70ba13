//! What the mirror's commands answer. Money crosses IPC as decimal strings.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// How fresh the mirror of one environment is, and whether a sync is under way.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct MirrorStatus {
    pub environment_id: String,
    #[ts(type = "number")]
    pub rows: i64,
    /// When the last full pass ended (`None`: never; the mirror is still filling).
    pub full_at: Option<String>,
    /// When the newest pages were last read: the "as of" time.
    pub refreshed_at: Option<String>,
    pub syncing: Option<SyncProgress>,
    /// The last sync could not reach the service: what is shown is the last known state.
    pub offline: bool,
    pub error: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SyncProgress {
    /// `full` or `refresh` (reading the list), or `details` (checking open deals; the
    /// list part is done).
    pub kind: String,
    #[ts(type = "number")]
    pub fetched: u64,
    #[ts(type = "number")]
    pub total: u64,
}

/// A sum of money in one currency, with how many deals make it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct MoneyLine {
    pub currency: String,
    /// `None` for a currency total.
    pub status: Option<String>,
    pub amount: String,
    #[ts(type = "number")]
    pub count: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct StatusCount {
    pub status: String,
    #[ts(type = "number")]
    pub count: i64,
}

/// One day of the 30-day chart (`day` is `YYYY-MM-DD` in UTC).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DayPoint {
    pub day: String,
    #[ts(type = "number")]
    pub created: i64,
    #[ts(type = "number")]
    pub paid: i64,
    #[ts(type = "number")]
    pub paid_out: i64,
}

/// Unpaid deals by age: `from_days` to `to_days` inclusive (`None`: and older).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AgeBucket {
    pub from_days: u32,
    pub to_days: Option<u32>,
    #[ts(type = "number")]
    pub count: i64,
    pub owed: Vec<MoneyLine>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TopPayee {
    pub name: String,
    #[ts(type = "number")]
    pub count: i64,
    pub amounts: Vec<MoneyLine>,
}

/// The overview, computed from the mirror (never used for a money decision).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Overview {
    pub status: MirrorStatus,
    /// Money paid in on open deals (not paid out, not cancelled), per currency.
    pub escrow: Vec<MoneyLine>,
    /// The same by currency and status.
    pub escrow_by_status: Vec<MoneyLine>,
    pub counts: Vec<StatusCount>,
    pub days: Vec<DayPoint>,
    /// From when paid and paid-out days are known (the mirror sees status changes only
    /// after its first full pass; the list does not say when a deal was paid).
    pub watched_since: Option<String>,
    pub ageing: Vec<AgeBucket>,
    pub top_payees: Vec<TopPayee>,
    /// Rows left out of sums because their amount has more than four decimals.
    #[ts(type = "number")]
    pub inexact: i64,
}

/// One item of the attention queue.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AttentionItem {
    pub rule: super::rules::Rule,
    pub transaction_id: String,
    pub title: Option<String>,
    pub reference_id: Option<String>,
    pub status: String,
    pub currency: String,
    pub amount: String,
    /// Since when the condition holds, when known.
    pub since: Option<String>,
    /// The excess of an overfunded deal.
    pub excess: Option<String>,
    /// The journaled action, for an unknown outcome.
    pub action_id: Option<String>,
    pub snoozed_until: Option<String>,
    pub note: Option<String>,
}

/// One item to snooze: the deal and the rule it is listed under.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SnoozeTarget {
    pub transaction_id: String,
    pub rule: String,
}

/// How many items one rule has (snoozed ones not counted).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RuleCount {
    pub rule: super::rules::Rule,
    #[ts(type = "number")]
    pub count: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AttentionView {
    pub status: MirrorStatus,
    pub thresholds: super::rules::Thresholds,
    /// The first [`super::attention::SHOWN`] items (of the rule asked for, or of all).
    pub items: Vec<AttentionItem>,
    /// Items in all (of the rule asked for, or of all), not snoozed.
    #[ts(type = "number")]
    pub total: i64,
    /// Every rule with items, and how many.
    pub counts: Vec<RuleCount>,
    /// Snoozed items (shown apart; the first [`super::attention::SHOWN`]).
    pub snoozed: Vec<AttentionItem>,
}

/// A change a mirror refresh noticed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Change {
    #[ts(type = "number")]
    pub seq: i64,
    pub transaction_id: String,
    pub at: String,
    /// `created`, `paid`, `succeeded`, `cancelled`, `status`, `amount`, `payment`,
    /// `payment_failed` or `removed`.
    pub kind: String,
    pub before: Option<String>,
    pub after: Option<String>,
    pub title: Option<String>,
    /// The deal's currency (for an amount's before and after); `None` once the row is gone.
    pub currency: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ChangesView {
    pub status: MirrorStatus,
    /// When the user last marked the changes as seen.
    pub looked_at: Option<String>,
    pub items: Vec<Change>,
}
