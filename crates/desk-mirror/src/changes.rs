//! "Changes since you last looked": what refreshes noticed after the time the user last
//! marked the list as seen (newest first, at most 500).

use super::views::Change;
use desk_core::error::AppError;
use rusqlite::{Connection, params};

/// The columns of a change, with the deal's currency from its row (for amounts).
const SELECT: &str = "SELECT c.seq, c.transaction_id, c.at, c.kind, c.before, c.after, c.title, r.currency
     FROM mirror_changes c LEFT JOIN mirror_rows r USING (environment_id, transaction_id)";

fn read(conn: &Connection, tail: &str, args: impl rusqlite::Params) -> Result<Vec<Change>, AppError> {
    let mut stmt = conn.prepare_cached(&format!("{SELECT} {tail}")).map_err(AppError::storage)?;
    let rows = stmt
        .query_map(args, |r| {
            Ok(Change {
                seq: r.get(0)?,
                transaction_id: r.get(1)?,
                at: r.get(2)?,
                kind: r.get(3)?,
                before: r.get(4)?,
                after: r.get(5)?,
                title: r.get(6)?,
                currency: r.get(7)?,
            })
        })
        .map_err(AppError::storage)?;
    rows.collect::<Result<_, _>>().map_err(AppError::storage)
}

/// The changes noticed after `looked_at`, newest first (at most 500).
pub fn since(conn: &Connection, env: &str, looked_at: Option<&str>) -> Result<Vec<Change>, AppError> {
    read(
        conn,
        "WHERE c.environment_id = ?1 AND c.at > ?2 ORDER BY c.seq DESC LIMIT 500",
        params![env, looked_at.unwrap_or("")],
    )
}

/// The changes recorded after change `seq`, oldest first (at most 1000): what a watch has not
/// seen yet.
pub fn after(conn: &Connection, env: &str, seq: i64) -> Result<Vec<Change>, AppError> {
    read(conn, "WHERE c.environment_id = ?1 AND c.seq > ?2 ORDER BY c.seq LIMIT 1000", params![env, seq])
}

/// The newest change's seq (0 when there is none).
pub fn newest(conn: &Connection, env: &str) -> Result<i64, AppError> {
    conn.query_row("SELECT COALESCE(MAX(seq), 0) FROM mirror_changes WHERE environment_id = ?1", [env], |r| r.get(0))
        .map_err(AppError::storage)
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
