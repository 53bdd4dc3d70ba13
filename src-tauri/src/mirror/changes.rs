//! "Changes since you last looked": what refreshes noticed after the time the user last
//! marked the list as seen (newest first, at most 500).

use super::views::Change;
use crate::error::AppError;
use rusqlite::{Connection, params};

pub fn since(conn: &Connection, env: &str, looked_at: Option<&str>) -> Result<Vec<Change>, AppError> {
    let mut stmt = conn
        .prepare_cached(
            "SELECT seq, transaction_id, at, kind, before, after, title FROM mirror_changes
             WHERE environment_id = ?1 AND at > ?2 ORDER BY seq DESC LIMIT 500",
        )
        .map_err(AppError::storage)?;
    let rows = stmt
        .query_map(params![env, looked_at.unwrap_or("")], |r| {
            Ok(Change {
                seq: r.get(0)?,
                transaction_id: r.get(1)?,
                at: r.get(2)?,
                kind: r.get(3)?,
                before: r.get(4)?,
                after: r.get(5)?,
                title: r.get(6)?,
            })
        })
        .map_err(AppError::storage)?;
    rows.collect::<Result<_, _>>().map_err(AppError::storage)
}

/// Marks everything noticed so far as seen.
pub fn mark_seen(conn: &Connection, env: &str, now: &str) -> Result<(), AppError> {
    conn.execute(
        "INSERT INTO mirror_state (environment_id, looked_at) VALUES (?1, ?2)
         ON CONFLICT (environment_id) DO UPDATE SET looked_at = ?2",
        params![env, now],
    )
    .map(drop)
    .map_err(AppError::storage)
}

/// The kinds that need a person (shown first, and the ones a notification is sent for).
pub fn needs_action(kind: &str) -> bool {
    matches!(kind, "paid" | "payment_failed")
}
