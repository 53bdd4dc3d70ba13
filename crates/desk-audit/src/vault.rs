//! Where the audit key and each data folder's anchor are kept: the OS keychain in the app.
//! A trait, so the trail needs no keychain library and a test or another store can hold them.

use desk_core::error::AppError;

/// A store of small secrets by account name, outside the database the trail guards.
pub trait Vault: Send + Sync {
    /// The secret of `account`, or `None` when it holds none.
    fn get(&self, account: &str) -> Result<Option<String>, AppError>;
    /// Stores (or replaces) the secret of `account`.
    fn set(&self, account: &str, secret: &str) -> Result<(), AppError>;
}
