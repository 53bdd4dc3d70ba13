//! Files of the Auto modules (bill of sale, debt documentation) and the short-lived
//! download links of debt documentation.
//!
//! The bytes live under the data dir (`files/auto/<transactionId>/<fileId>`, through
//! [`super::files`]); what they are (name, type, size) is recorded in the transaction's
//! `autoInformation` (`billOfSale`, `debt`). A link is a row in `auto_download_links`
//! (created here on first use, so the shared schema stays untouched): an unguessable
//! token, the file it opens and when it stops working.

use crate::error::{ApiError, ApiResult};
use crate::store::files;
use chrono::{DateTime, Utc};
use rusqlite::{Connection, OptionalExtension, params};

/// The area under `<data-dir>/files` that holds Auto module files.
const AREA: &str = "auto";

const SCHEMA: &str = "CREATE TABLE IF NOT EXISTS auto_download_links (
    token TEXT PRIMARY KEY,
    tenant TEXT NOT NULL,
    transaction_id TEXT NOT NULL,
    file_id TEXT NOT NULL,
    expires_ms INTEGER NOT NULL
)";

/// A new file id: a random UUID, which is also its name on disk.
pub fn new_file_id() -> String {
    uuid::Uuid::new_v4().to_string()
}

/// Stores the bytes of a transaction's file durably.
pub fn save(conn: &Connection, transaction_id: &str, file_id: &str, bytes: &[u8]) -> ApiResult<()> {
    files::write(&files::path(conn, AREA, transaction_id, file_id)?, bytes)
}

/// Reads a transaction's file back.
pub fn load(conn: &Connection, transaction_id: &str, file_id: &str) -> ApiResult<Vec<u8>> {
    files::read(&files::path(conn, AREA, transaction_id, file_id)?)
}

/// Removes a replaced file. Failing to remove is logged, not fatal: the new file and
/// record are already committed, and an orphan only costs disk space.
pub fn discard(conn: &Connection, transaction_id: &str, file_id: &str) {
    let removed = files::path(conn, AREA, transaction_id, file_id).and_then(|p| match std::fs::remove_file(&p) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(ApiError::Internal(format!("remove {}: {e}", p.display()))),
    });
    if let Err(e) = removed {
        tracing::warn!("auto file {transaction_id}/{file_id} not removed: {e}");
    }
}

/// A download link's target, as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    pub tenant: String,
    pub transaction_id: String,
    pub file_id: String,
    pub expires: DateTime<Utc>,
}

/// A fresh unguessable token: two random UUIDs, 244 random bits, URL-safe hex.
pub fn new_token() -> String {
    format!("{}{}", uuid::Uuid::new_v4().simple(), uuid::Uuid::new_v4().simple())
}

/// Records a link and forgets links that expired long ago (a day), so the table stays small.
pub fn insert_link(conn: &Connection, token: &str, link: &Link) -> ApiResult<()> {
    conn.execute_batch(SCHEMA)?;
    conn.execute(
        "INSERT INTO auto_download_links (token, tenant, transaction_id, file_id, expires_ms) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![token, link.tenant, link.transaction_id, link.file_id, link.expires.timestamp_millis()],
    )?;
    let day_ago = link.expires.timestamp_millis() - 24 * 3600 * 1000;
    conn.execute("DELETE FROM auto_download_links WHERE expires_ms < ?1", [day_ago])?;
    Ok(())
}

/// The link behind a token, expired or not (the caller compares with its clock).
pub fn link(conn: &Connection, token: &str) -> ApiResult<Option<Link>> {
    conn.execute_batch(SCHEMA)?;
    let row = conn
        .query_row(
            "SELECT tenant, transaction_id, file_id, expires_ms FROM auto_download_links WHERE token = ?1",
            [token],
            |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?, r.get::<_, String>(2)?, r.get::<_, i64>(3)?)),
        )
        .optional()?;
    Ok(row.and_then(|(tenant, transaction_id, file_id, ms)| {
        DateTime::<Utc>::from_timestamp_millis(ms).map(|expires| Link { tenant, transaction_id, file_id, expires })
    }))
}
