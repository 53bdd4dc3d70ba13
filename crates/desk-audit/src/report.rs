//! What the integrity check answers: intact, broken (the first bad row and why), or not
//! fully verified (what could not be checked).

use serde::Serialize;
use ts_rs::TS;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum ChainStatus {
    /// Every row verifies, with the key, up to an anchor that matches.
    Intact,
    /// A row was changed, removed, reordered or rewritten, or rows were cut off.
    Broken,
    /// Nothing wrong was found, but not everything could be checked (see `anchor`,
    /// `keyAvailable`, and `unkeyedFrom`: rows without a MAC, written while the keychain was
    /// unavailable or by someone without the key).
    Unverified,
}

/// Why a row is bad.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum ChainProblem {
    /// Its content no longer matches its own hash.
    Edited,
    /// Rows before it are missing.
    Removed,
    /// It chains from a row that is elsewhere in the log (or rows are out of order).
    Reordered,
    /// Rows from it on are missing: the log ends before the anchored row.
    Truncated,
    /// It matches a hash recomputed without the key: its MAC (or the anchor) disagrees.
    Rewritten,
    /// Its MAC was made with another key than this keychain's.
    WrongKey,
}

impl ChainProblem {
    /// The problem in a word or two, for messages and the command line.
    pub fn words(self) -> &'static str {
        match self {
            Self::Edited => "edited",
            Self::Removed => "removed",
            Self::Reordered => "reordered",
            Self::Truncated => "truncated",
            Self::Rewritten => "rewritten",
            Self::WrongKey => "wrong key",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum AnchorState {
    /// The anchored row is the newest and matches.
    Matches,
    /// The anchored row matches; newer rows verify by their MACs (a crash between a
    /// commit and its anchor write leaves this).
    Behind,
    /// This keychain holds no anchor for this data folder.
    Missing,
    /// The keychain could not be read.
    Unavailable,
    /// The anchor disagrees with the log (see `problem`).
    Mismatch,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ChainCheck {
    /// Rows in the log.
    #[ts(type = "number")]
    pub rows: i64,
    /// Rows of the legacy chain (plain SHA-256, written before the upgrade).
    #[ts(type = "number")]
    pub legacy_rows: i64,
    /// Rows whose MAC was verified with the key.
    #[ts(type = "number")]
    pub keyed_rows: i64,
    pub status: ChainStatus,
    pub problem: Option<ChainProblem>,
    /// The first bad row (for `truncated`, the first missing one).
    #[ts(type = "number | null")]
    pub broken_at: Option<i64>,
    /// The first row without a MAC after the upgrade, if any.
    #[ts(type = "number | null")]
    pub unkeyed_from: Option<i64>,
    pub anchor: AnchorState,
    #[ts(type = "number | null")]
    pub anchored_seq: Option<i64>,
    /// Whether the audit key could be read (without it MACs are not checked).
    pub key_available: bool,
    /// The finding in English words (the UI words it from the fields above).
    pub message: String,
}
