//! What a desk hears from its team store, as the web view is told it: the pulse of the link
//! and the change heard last (`pulse` keeps them up to date).

use serde::Serialize;
use ts_rs::TS;

/// How this desk's link to its team store is, and the change it heard last.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TeamPulse {
    /// Counts changes (and losses and recoveries of the store) this session.
    pub seq: u32,
    /// Joined and listening; `false` while the store is out of reach (or not joined).
    pub reachable: bool,
    pub joined: bool,
    /// This desk hears the team's changes now (its listening connection is up).
    pub listening: bool,
    pub last: Option<TeamChange>,
}

/// One change in the team store, as this desk names it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TeamChange {
    /// `intent` (recorded or moved on) or `decision` (approved or rejected).
    pub what: String,
    /// The action.
    pub id: String,
    /// This desk's environment for the change's service (`None`: this desk has none).
    pub environment_id: Option<String>,
    pub kind: String,
    pub target: String,
    pub state: String,
    pub requested_by: String,
    pub by: String,
}
