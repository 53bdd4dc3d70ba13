//! One audit row as stored, listed by the UI and exported, and the SQL that reads and
//! inserts rows. Rows up to the migration point (the `audit_legacy_end` setting) are in
//! the legacy format `v1`; every later row is `v2` (see [`super::digest`]).

use desk_core::error::AppError;
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use ts_rs::TS;

pub use desk_core::appdb::LEGACY_END_SETTING;

/// Which scheme a row is hashed with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum RowFormat {
    /// Written before the upgrade: plain SHA-256, no actor, no MAC.
    V1,
    /// Actor and origin, SHA-256 and (when the key was at hand) HMAC-SHA256.
    V2,
}

impl RowFormat {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::V1 => "v1",
            Self::V2 => "v2",
        }
    }
}

/// One audit row. The actor and origin fields are empty on `v1` rows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntry {
    #[ts(type = "number")]
    pub seq: i64,
    /// RFC 3339 with the writer's UTC offset (`v1` rows: UTC with `Z`).
    pub at: String,
    pub environment_id: String,
    /// `sandbox`, `production` or `unknown`.
    pub environment_kind: Option<String>,
    pub app_version: Option<String>,
    /// The OS user running the app.
    pub actor_user: Option<String>,
    pub actor_host: Option<String>,
    /// The staff name set under Settings, if any.
    pub staff_name: Option<String>,
    pub action_id: String,
    pub kind: String,
    pub target: String,
    pub amount: Option<String>,
    pub idempotency_key: Option<String>,
    pub correlation_id: Option<String>,
    /// `intent` (before the request) or `outcome` (after).
    pub phase: String,
    /// `pending`, `succeeded`, `failed`, `unknown` or `dismissed`.
    pub outcome: String,
    pub detail: Option<String>,
    pub format: RowFormat,
    /// Names the key the row's MAC was made with (never the key itself).
    pub key_id: Option<String>,
    /// The previous row's link (its MAC, or its hash when it has none).
    pub prev_hash: String,
    pub hash: String,
    pub mac: Option<String>,
}

impl AuditEntry {
    /// What the next row chains from: the MAC when there is one, else the hash.
    pub fn link(&self) -> &str {
        self.mac.as_deref().unwrap_or(&self.hash)
    }
}

/// What the journal appends (seq, time, actor, origin and the chain are filled in).
pub struct NewEntry<'a> {
    pub environment_id: &'a str,
    pub action_id: &'a str,
    pub kind: &'a str,
    pub target: &'a str,
    pub amount: Option<&'a str>,
    pub idempotency_key: Option<&'a str>,
    pub correlation_id: Option<&'a str>,
    pub phase: &'a str,
    pub outcome: &'a str,
    pub detail: Option<&'a str>,
}

const COLUMNS: &str = "seq, at, environment_id, environment_kind, app_version, actor_user, actor_host, staff_name, \
    action_id, kind, target, amount, idempotency_key, correlation_id, phase, outcome, detail, key_id, prev_hash, hash, mac";

fn read(r: &rusqlite::Row<'_>, legacy_end: i64) -> rusqlite::Result<AuditEntry> {
    let seq: i64 = r.get(0)?;
    Ok(AuditEntry {
        seq,
        at: r.get(1)?,
        environment_id: r.get(2)?,
        environment_kind: r.get(3)?,
        app_version: r.get(4)?,
        actor_user: r.get(5)?,
        actor_host: r.get(6)?,
        staff_name: r.get(7)?,
        action_id: r.get(8)?,
        kind: r.get(9)?,
        target: r.get(10)?,
        amount: r.get(11)?,
        idempotency_key: r.get(12)?,
        correlation_id: r.get(13)?,
        phase: r.get(14)?,
        outcome: r.get(15)?,
        detail: r.get(16)?,
        format: if seq <= legacy_end { RowFormat::V1 } else { RowFormat::V2 },
        key_id: r.get(17)?,
        prev_hash: r.get(18)?,
        hash: r.get(19)?,
        mac: r.get(20)?,
    })
}

/// The last `seq` of the legacy chain (0: none; a database without the setting has none).
pub fn legacy_end(conn: &Connection) -> Result<i64, AppError> {
    let value: Option<String> = conn
        .query_row("SELECT value FROM settings WHERE key = ?1", [LEGACY_END_SETTING], |r| r.get(0))
        .optional()
        .map_err(AppError::storage)?;
    Ok(value.and_then(|v| v.trim().parse().ok()).unwrap_or(0))
}

/// Rows matching `text` (any column, case-insensitive), newest first. `shown_as` are the
/// codes (of an action's kind, phase or outcome) whose words on screen match `text`: the UI
/// shows "Udbetal" or "Udført" where the row stores `payout` or `succeeded`, so a person's
/// filter finds the rows by what they read too.
pub fn list(
    conn: &Connection,
    text: Option<&str>,
    shown_as: &[String],
    limit: u32,
) -> Result<Vec<AuditEntry>, AppError> {
    let legacy_end = legacy_end(conn)?;
    let pattern = text.map(str::trim).filter(|t| !t.is_empty()).map(|t| format!("%{}%", t.to_lowercase()));
    let codes = serde_json::to_string(shown_as).map_err(AppError::storage)?;
    let mut stmt = conn
        .prepare(&format!(
            "SELECT {COLUMNS} FROM audit WHERE ?1 IS NULL OR lower(kind || ' ' || target || ' ' || ifnull(amount,'') || ' ' ||
             ifnull(idempotency_key,'') || ' ' || ifnull(correlation_id,'') || ' ' || outcome || ' ' || environment_id || ' ' ||
             ifnull(detail,'') || ' ' || ifnull(staff_name,'') || ' ' || ifnull(actor_user,'') || ' ' ||
             ifnull(actor_host,'')) LIKE ?1
             OR kind IN (SELECT value FROM json_each(?3)) OR phase IN (SELECT value FROM json_each(?3))
             OR outcome IN (SELECT value FROM json_each(?3)) ORDER BY seq DESC LIMIT ?2"
        ))
        .map_err(AppError::storage)?;
    let rows = stmt.query_map(params![pattern, limit, codes], |r| read(r, legacy_end)).map_err(AppError::storage)?;
    rows.collect::<Result<_, _>>().map_err(AppError::storage)
}

/// At most this many codes shown as a filter's words, each at most 64 bytes.
pub const MAX_SHOWN_AS: usize = 200;

/// Refuses a list of codes no screen would send.
pub fn check_shown_as(shown_as: &[String]) -> Result<(), AppError> {
    if shown_as.len() > MAX_SHOWN_AS || shown_as.iter().any(|c| c.len() > 64) {
        return Err(AppError::validation("Too many words to filter by."));
    }
    Ok(())
}

/// Rows of one environment about any of `targets` (a transaction and its documents),
/// oldest first.
pub fn for_targets(conn: &Connection, environment_id: &str, targets: &[&str]) -> Result<Vec<AuditEntry>, AppError> {
    let legacy_end = legacy_end(conn)?;
    let targets = serde_json::to_string(targets).map_err(AppError::storage)?;
    let mut stmt = conn
        .prepare(&format!(
            "SELECT {COLUMNS} FROM audit WHERE environment_id = ?1
             AND target IN (SELECT value FROM json_each(?2)) ORDER BY seq"
        ))
        .map_err(AppError::storage)?;
    let rows = stmt.query_map(params![environment_id, targets], |r| read(r, legacy_end)).map_err(AppError::storage)?;
    rows.collect::<Result<_, _>>().map_err(AppError::storage)
}

/// Calls `each` with every row, oldest first, until it answers `false` (the check reads
/// the log as a stream: a long log is never held in memory at once).
pub fn each(conn: &Connection, mut each: impl FnMut(&AuditEntry) -> bool) -> Result<(), AppError> {
    let legacy_end = legacy_end(conn)?;
    let mut stmt = conn.prepare(&format!("SELECT {COLUMNS} FROM audit ORDER BY seq")).map_err(AppError::storage)?;
    let mut rows = stmt.query([]).map_err(AppError::storage)?;
    while let Some(r) = rows.next().map_err(AppError::storage)? {
        if !each(&read(r, legacy_end).map_err(AppError::storage)?) {
            break;
        }
    }
    Ok(())
}

/// The newest row's seq and link.
pub fn head(conn: &Connection) -> Result<Option<(i64, String)>, AppError> {
    conn.query_row("SELECT seq, ifnull(mac, hash) FROM audit ORDER BY seq DESC LIMIT 1", [], |r| {
        Ok((r.get(0)?, r.get(1)?))
    })
    .optional()
    .map_err(AppError::storage)
}

pub fn count(conn: &Connection) -> Result<i64, AppError> {
    conn.query_row("SELECT count(*) FROM audit", [], |r| r.get(0)).map_err(AppError::storage)
}

/// The link of row `seq`, if it exists.
pub fn link_at(conn: &Connection, seq: i64) -> Result<Option<String>, AppError> {
    conn.query_row("SELECT ifnull(mac, hash) FROM audit WHERE seq = ?1", [seq], |r| r.get(0))
        .optional()
        .map_err(AppError::storage)
}

/// The row whose link is `link`, if any (tells a reordered chain from a rewritten one).
pub fn seq_of_link(conn: &Connection, link: &str) -> Result<Option<i64>, AppError> {
    conn.query_row("SELECT seq FROM audit WHERE ifnull(mac, hash) = ?1 LIMIT 1", [link], |r| r.get(0))
        .optional()
        .map_err(AppError::storage)
}

/// Inserts a finished row with its own `seq`.
pub fn insert(conn: &Connection, e: &AuditEntry) -> Result<(), AppError> {
    conn.execute(
        &format!("INSERT INTO audit ({COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21)"),
        params![
            e.seq,
            e.at,
            e.environment_id,
            e.environment_kind,
            e.app_version,
            e.actor_user,
            e.actor_host,
            e.staff_name,
            e.action_id,
            e.kind,
            e.target,
            e.amount,
            e.idempotency_key,
            e.correlation_id,
            e.phase,
            e.outcome,
            e.detail,
            e.key_id,
            e.prev_hash,
            e.hash,
            e.mac
        ],
    )
    .map_err(AppError::storage)?;
    Ok(())
}

/// A row as a desk writes it (staff Mette on `desk-1`, deal `t-1`), for tests (also the
/// app's, through the `test-support` feature).
#[cfg(any(test, feature = "test-support"))]
pub fn sample(seq: i64, action: &str, kind: &str, phase: &str, outcome: &str, at: &str) -> AuditEntry {
    AuditEntry {
        seq,
        at: at.into(),
        environment_id: "sandbox".into(),
        environment_kind: Some("sandbox".into()),
        app_version: None,
        actor_user: Some("mette".into()),
        actor_host: Some("desk-1".into()),
        staff_name: Some("Mette Hansen".into()),
        action_id: action.into(),
        kind: kind.into(),
        target: "t-1".into(),
        amount: None,
        idempotency_key: None,
        correlation_id: (phase == "outcome").then(|| format!("corr-{seq}")),
        phase: phase.into(),
        outcome: outcome.into(),
        detail: None,
        format: RowFormat::V2,
        key_id: None,
        prev_hash: String::new(),
        hash: String::new(),
        mac: None,
    }
}

#[cfg(test)]
#[path = "entry_tests.rs"]
mod tests;
