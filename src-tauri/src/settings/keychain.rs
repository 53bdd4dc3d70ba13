//! The API keys of profiles, kept in the OS keychain (Secret Service on Linux,
//! Keychain on macOS, Credential Manager on Windows) and nowhere else.
//!
//! There is deliberately no fallback: when the keychain is missing or locked the
//! user is told what to do, and no key is written to a file.

use crate::error::{AppError, ErrorCode};
use keyring::Entry;

/// The keychain service name under which Escrow Desk stores keys.
pub const SERVICE: &str = "dk.escrowdesk.app";

/// Keys in the OS keychain, one entry per profile id.
#[derive(Debug, Clone)]
pub struct Keychain {
    service: String,
}

impl Default for Keychain {
    fn default() -> Self {
        Self { service: SERVICE.into() }
    }
}

impl Keychain {
    /// A keychain namespace of its own (tests use one per run).
    pub fn with_service(service: impl Into<String>) -> Self {
        Self { service: service.into() }
    }

    fn entry(&self, profile_id: &str) -> Result<Entry, AppError> {
        Entry::new(&self.service, profile_id).map_err(map_error)
    }

    pub fn set(&self, profile_id: &str, key: &str) -> Result<(), AppError> {
        crate::support::redact::register(key);
        self.entry(profile_id)?.set_password(key).map_err(map_error)
    }

    /// The key, or `None` when the profile has none.
    pub fn get(&self, profile_id: &str) -> Result<Option<String>, AppError> {
        match self.entry(profile_id)?.get_password() {
            Ok(k) => {
                crate::support::redact::register(&k);
                Ok(Some(k))
            }
            Err(keyring::Error::NoEntry) => Ok(None),
            Err(e) => Err(map_error(e)),
        }
    }

    /// Removes the key; removing a missing key is not an error.
    pub fn delete(&self, profile_id: &str) -> Result<(), AppError> {
        match self.entry(profile_id)?.delete_credential() {
            Ok(()) | Err(keyring::Error::NoEntry) => Ok(()),
            Err(e) => Err(map_error(e)),
        }
    }
}

/// Turns keychain failures into messages that say what to do. The platform error
/// text is included: it never contains the secret.
/// The audit trail keeps its key and anchors here too.
impl desk_audit::Vault for Keychain {
    fn get(&self, account: &str) -> Result<Option<String>, AppError> {
        Keychain::get(self, account)
    }

    fn set(&self, account: &str, secret: &str) -> Result<(), AppError> {
        Keychain::set(self, account, secret)
    }
}

fn map_error(e: keyring::Error) -> AppError {
    match e {
        keyring::Error::NoStorageAccess(inner) => AppError::new(
            ErrorCode::KeychainLocked,
            format!(
                "The keychain is locked. Unlock your login keyring (e.g. in Passwords and Keys) and try again. ({inner})"
            ),
        ),
        keyring::Error::NoDefaultStore | keyring::Error::PlatformFailure(_) => AppError::new(
            ErrorCode::KeychainUnavailable,
            format!(
                "No OS keychain is available ({e}). On Linux install and start a Secret Service such as gnome-keyring; \
                 Escrow Desk never stores API keys in a file."
            ),
        ),
        keyring::Error::NoEntry => AppError::new(ErrorCode::NoApiKey, "No API key is stored for this environment."),
        other => AppError::new(ErrorCode::KeychainUnavailable, format!("Keychain error: {other}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Round trip against the real Secret Service (`make test` runs the tests in a
    /// private D-Bus session with an unlocked gnome-keyring).
    #[test]
    fn round_trip_in_the_real_keychain() {
        let kc = Keychain::with_service(format!("dk.escrowdesk.test.{}", uuid::Uuid::new_v4()));
        let id = "profile-1";
        assert_eq!(kc.get(id).expect("keychain reachable"), None);
        kc.set(id, "secret-key-1").expect("store");
        assert_eq!(kc.get(id).unwrap().as_deref(), Some("secret-key-1"));
        kc.set(id, "secret-key-2").expect("replace");
        assert_eq!(kc.get(id).unwrap().as_deref(), Some("secret-key-2"));
        kc.delete(id).expect("delete");
        assert_eq!(kc.get(id).unwrap(), None);
        kc.delete(id).expect("deleting twice is fine");
    }
}
