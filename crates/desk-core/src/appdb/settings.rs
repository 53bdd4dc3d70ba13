//! The `settings` table: one text value per key, for whichever room keeps a setting there
//! (the active environment, the staff name, the mirror's thresholds, the update URL, …).

use super::AppDb;
use crate::error::AppError;
use rusqlite::{OptionalExtension, params};

pub fn get_setting(db: &AppDb, key: &str) -> Result<Option<String>, AppError> {
    let conn = db.lock()?;
    conn.query_row("SELECT value FROM settings WHERE key = ?1", [key], |r| r.get(0))
        .optional()
        .map_err(AppError::storage)
}

pub fn set_setting(db: &AppDb, key: &str, value: &str) -> Result<(), AppError> {
    let conn = db.lock()?;
    conn.execute(
        "INSERT INTO settings (key, value) VALUES (?1, ?2) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        params![key, value],
    )
    .map_err(AppError::storage)?;
    Ok(())
}
