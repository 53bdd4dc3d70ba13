//! Saved filters of the transactions list, shared by the team. The store stamps who saved
//! each and refuses to replace or remove a colleague's (an admin may).

use crate::connect::Connection;
use crate::errors::{from_postgres, gone};
use desk_core::error::{AppError, ErrorCode};
use tokio_postgres::error::SqlState;

/// A filter as the team keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SharedFilter {
    pub name: String,
    pub search: String,
    /// The desk's filter set, JSON as it wrote it.
    pub filters: String,
    pub saved_by: String,
    pub saved: String,
}

/// Every shared filter, by name.
pub async fn list(conn: &Connection) -> Result<Vec<SharedFilter>, AppError> {
    let guard = conn.client().await?;
    let rows = guard
        .as_ref()
        .ok_or_else(gone)?
        .query(
            "SELECT name, search, filters, saved_by::text, \
             to_char(saved AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') \
             FROM escrow.shared_filters ORDER BY lower(name)",
            &[],
        )
        .await
        .map_err(from_postgres)?;
    Ok(rows
        .iter()
        .map(|r| SharedFilter {
            name: r.get(0),
            search: r.get(1),
            filters: r.get(2),
            saved_by: r.get(3),
            saved: r.get(4),
        })
        .collect())
}

/// Saves (or replaces one's own) shared filter `name`.
pub async fn save(conn: &Connection, name: &str, search: &str, filters: &str) -> Result<(), AppError> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 40 {
        return Err(AppError::validation("A filter's name is 1 to 40 characters."));
    }
    write(
        conn,
        "INSERT INTO escrow.shared_filters (name, search, filters) VALUES ($1, $2, $3) \
         ON CONFLICT (name) DO UPDATE SET search = excluded.search, filters = excluded.filters",
        &[&name, &search.trim(), &filters],
    )
    .await
}

/// Removes the shared filter `name` (one's own; an admin's any).
pub async fn remove(conn: &Connection, name: &str) -> Result<(), AppError> {
    write(conn, "DELETE FROM escrow.shared_filters WHERE name = $1", &[&name]).await
}

async fn write(
    conn: &Connection,
    sql: &str,
    params: &[&(dyn tokio_postgres::types::ToSql + Sync)],
) -> Result<(), AppError> {
    let guard = conn.client().await?;
    match guard.as_ref().ok_or_else(gone)?.execute(sql, params).await {
        Ok(_) => Ok(()),
        Err(e) => {
            // A colleague's filter: said with their name.
            let theirs = e.as_db_error().filter(|d| *d.code() == SqlState::INSUFFICIENT_PRIVILEGE).and_then(|d| {
                d.message()
                    .strip_suffix(" saved this filter")
                    .map(|who| format!("{who} saved this filter: save it under another name."))
            });
            Err(theirs.map_or_else(|| from_postgres(e), |m| AppError::new(ErrorCode::NotPermitted, m)))
        }
    }
}
