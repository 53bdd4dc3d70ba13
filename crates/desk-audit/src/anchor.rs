//! The anchor: the newest row's `seq` and link (its MAC), kept in the OS keychain outside
//! the database, so deleting the newest rows, emptying the table or rewriting the chain
//! shows against it. One anchor per data folder (account `audit-anchor:` and 16 hex
//! digits of the SHA-256 of the folder's canonical path): several folders may share one
//! keychain (`ESCROW_DESK_DATA_DIR`, tests), and a folder's anchor must not be another's.
//! Stored as JSON: `{"seq":12,"link":"…"}`.

use super::digest::sha256_hex;
use crate::vault::Vault;
use desk_core::error::AppError;
use serde::{Deserialize, Serialize};
use std::path::Path;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Anchor {
    pub seq: i64,
    pub link: String,
}

/// The keychain account of the anchor of the database in `dir`.
pub fn account(dir: &Path) -> String {
    let mut id = sha256_hex(dir.to_string_lossy().as_bytes());
    id.truncate(16);
    format!("audit-anchor:{id}")
}

/// The stored anchor; `None` when there is none; an error when the keychain cannot be read
/// or holds something that is not an anchor.
pub fn read(keychain: &dyn Vault, account: &str) -> Result<Option<Anchor>, AppError> {
    match keychain.get(account)? {
        None => Ok(None),
        Some(text) => serde_json::from_str(&text)
            .map(Some)
            .map_err(|_| AppError::storage(format!("the audit anchor in the keychain (account {account}) is damaged"))),
    }
}

pub fn write(keychain: &dyn Vault, account: &str, anchor: &Anchor) -> Result<(), AppError> {
    let text = serde_json::to_string(anchor).map_err(AppError::storage)?;
    keychain.set(account, &text)
}
