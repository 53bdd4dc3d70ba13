//! The local audit log: every action a staff member triggers, recorded before it runs
//! (intent) and after (outcome). Append-only (triggers refuse UPDATE and DELETE) and
//! tamper-evident: each row's hash covers its content and the previous row's hash, so
//! an edited, removed or reordered row breaks the chain at that point.

pub mod commands;
pub mod export;
pub mod service;

use crate::error::AppError;
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use sha2::{Digest, Sha256};
use ts_rs::TS;

/// The hash before the first row.
pub const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// One audit row as the UI lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntry {
    #[ts(type = "number")]
    pub seq: i64,
    pub at: String,
    pub environment_id: String,
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
}

/// What to append (seq, time and hashes are filled in).
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

fn digest(prev: &str, at: &str, e: &NewEntry<'_>) -> String {
    let mut h = Sha256::new();
    for part in [
        prev,
        at,
        e.environment_id,
        e.action_id,
        e.kind,
        e.target,
        e.amount.unwrap_or(""),
        e.idempotency_key.unwrap_or(""),
        e.correlation_id.unwrap_or(""),
        e.phase,
        e.outcome,
        e.detail.unwrap_or(""),
    ] {
        h.update((part.len() as u64).to_le_bytes());
        h.update(part.as_bytes());
    }
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// Appends a row (call inside the transaction that records the action's state).
pub fn append(conn: &Connection, e: &NewEntry<'_>) -> Result<(), AppError> {
    let prev: String = conn
        .query_row("SELECT hash FROM audit ORDER BY seq DESC LIMIT 1", [], |r| r.get(0))
        .optional()
        .map_err(AppError::storage)?
        .unwrap_or_else(|| GENESIS.to_owned());
    let at = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    let hash = digest(&prev, &at, e);
    conn.execute(
        "INSERT INTO audit (at, environment_id, action_id, kind, target, amount, idempotency_key, correlation_id,
                            phase, outcome, detail, prev_hash, hash)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
        params![
            at,
            e.environment_id,
            e.action_id,
            e.kind,
            e.target,
            e.amount,
            e.idempotency_key,
            e.correlation_id,
            e.phase,
            e.outcome,
            e.detail,
            prev,
            hash
        ],
    )
    .map_err(AppError::storage)?;
    Ok(())
}

fn row(r: &rusqlite::Row<'_>) -> rusqlite::Result<(AuditEntry, String, String)> {
    Ok((
        AuditEntry {
            seq: r.get(0)?,
            at: r.get(1)?,
            environment_id: r.get(2)?,
            action_id: r.get(3)?,
            kind: r.get(4)?,
            target: r.get(5)?,
            amount: r.get(6)?,
            idempotency_key: r.get(7)?,
            correlation_id: r.get(8)?,
            phase: r.get(9)?,
            outcome: r.get(10)?,
            detail: r.get(11)?,
        },
        r.get(12)?,
        r.get(13)?,
    ))
}

const COLUMNS: &str = "seq, at, environment_id, action_id, kind, target, amount, idempotency_key, correlation_id, phase, outcome, detail, prev_hash, hash";

/// Rows matching `text` (any column, case-insensitive), newest first.
pub fn list(conn: &Connection, text: Option<&str>, limit: u32) -> Result<Vec<AuditEntry>, AppError> {
    let pattern = text.map(str::trim).filter(|t| !t.is_empty()).map(|t| format!("%{}%", t.to_lowercase()));
    let mut stmt = conn
        .prepare(&format!(
            "SELECT {COLUMNS} FROM audit WHERE ?1 IS NULL OR lower(kind || ' ' || target || ' ' || ifnull(amount,'') || ' ' ||
             ifnull(idempotency_key,'') || ' ' || ifnull(correlation_id,'') || ' ' || outcome || ' ' || environment_id || ' ' ||
             ifnull(detail,'')) LIKE ?1 ORDER BY seq DESC LIMIT ?2"
        ))
        .map_err(AppError::storage)?;
    let rows = stmt.query_map(params![pattern, limit], row).map_err(AppError::storage)?;
    rows.map(|r| r.map(|(e, _, _)| e)).collect::<Result<_, _>>().map_err(AppError::storage)
}

/// Where the chain breaks, if anywhere.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ChainCheck {
    #[ts(type = "number")]
    pub rows: i64,
    /// The first row whose hash does not match its content or predecessor.
    #[ts(type = "number | null")]
    pub broken_at: Option<i64>,
}

/// Recomputes every hash from the start.
pub fn verify(conn: &Connection) -> Result<ChainCheck, AppError> {
    let mut stmt = conn.prepare(&format!("SELECT {COLUMNS} FROM audit ORDER BY seq")).map_err(AppError::storage)?;
    let rows = stmt.query_map([], row).map_err(AppError::storage)?;
    let mut prev = GENESIS.to_owned();
    let mut n = 0;
    for r in rows {
        let (e, prev_hash, hash) = r.map_err(AppError::storage)?;
        n += 1;
        let expected = digest(
            &prev,
            &e.at,
            &NewEntry {
                environment_id: &e.environment_id,
                action_id: &e.action_id,
                kind: &e.kind,
                target: &e.target,
                amount: e.amount.as_deref(),
                idempotency_key: e.idempotency_key.as_deref(),
                correlation_id: e.correlation_id.as_deref(),
                phase: &e.phase,
                outcome: &e.outcome,
                detail: e.detail.as_deref(),
            },
        );
        if prev_hash != prev || hash != expected {
            return Ok(ChainCheck { rows: n, broken_at: Some(e.seq) });
        }
        prev = hash;
    }
    Ok(ChainCheck { rows: n, broken_at: None })
}
