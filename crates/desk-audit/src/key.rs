//! The audit key in the OS keychain: one random 32-byte key per keychain (service
//! `dk.escrowdesk.app`, account `audit-mac-key`, 64 hex digits), created on first start
//! and never written anywhere else. A stored value that is not a key is reported, never
//! replaced: replacing it would make every row sealed so far unverifiable.

use super::digest::MacKey;
use crate::vault::Vault;
use desk_core::error::{AppError, ErrorCode};
use std::fs::{File, OpenOptions};

/// The keychain account of the audit key.
pub const ACCOUNT: &str = "audit-mac-key";

/// The stored key, or `None` when this keychain has none yet.
pub fn load(keychain: &dyn Vault) -> Result<Option<MacKey>, AppError> {
    match keychain.get(ACCOUNT)? {
        None => Ok(None),
        Some(text) => MacKey::from_hex(&text).map(Some).ok_or_else(|| {
            AppError::new(
                ErrorCode::KeychainUnavailable,
                format!("The audit key in the keychain (account {ACCOUNT}) is damaged; it was left as it is."),
            )
        }),
    }
}

/// The stored key, made and stored first when there is none. Processes sharing the
/// keychain (two data folders, parallel tests) could otherwise each make one: a lock file
/// serialises the making, and the key is read again under it.
pub fn load_or_create(keychain: &dyn Vault) -> Result<MacKey, AppError> {
    if let Some(key) = load(keychain)? {
        return Ok(key);
    }
    let _making = making_lock();
    if let Some(key) = load(keychain)? {
        return Ok(key);
    }
    let key = MacKey::generate()?;
    keychain.set(ACCOUNT, &key.to_hex())?;
    Ok(key)
}

/// An exclusive lock on a per-user file in the temp folder (held until dropped); without
/// one (the folder not writable) the key is made anyway.
fn making_lock() -> Option<File> {
    let user: String = super::actor::os_user().chars().filter(char::is_ascii_alphanumeric).collect();
    let path = std::env::temp_dir().join(format!("escrow-desk-audit-key-{user}.lock"));
    let file = OpenOptions::new().create(true).truncate(false).write(true).open(path).ok()?;
    file.lock().ok()?;
    Some(file)
}
