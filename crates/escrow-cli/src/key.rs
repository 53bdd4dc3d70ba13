//! Where the service is and the API key to use: from `--base-url` and an environment variable,
//! or from an Escrow Desk profile and its OS keychain entry. The key is never taken from an
//! argument and never printed.

use crate::args::Global;
use crate::exit::Failure;
use crate::profile;
use escrow_api::Dialect;

/// The keychain service under which Escrow Desk stores keys (account = profile id).
pub const KEYCHAIN_SERVICE: &str = "dk.escrowdesk.app";

/// What a client is built from.
pub struct Target {
    pub base_url: String,
    pub api_key: String,
    pub dialect: Dialect,
}

impl std::fmt::Debug for Target {
    /// Never prints the key.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Target")
            .field("base_url", &self.base_url)
            .field("dialect", &self.dialect)
            .finish_non_exhaustive()
    }
}

/// The base URL, key and dialect the global flags name.
pub fn resolve(global: &Global) -> Result<Target, Failure> {
    let flag_dialect = global.dialect.map(|d| d.dialect());
    match global.profile.as_deref() {
        Some(name) => {
            let p = profile::find(name)?;
            let api_key = keychain_key(&p)?;
            Ok(Target {
                base_url: global.base_url.clone().unwrap_or(p.base_url),
                api_key,
                dialect: flag_dialect.or(p.dialect).unwrap_or_default(),
            })
        }
        None => {
            let base_url = global
                .base_url
                .clone()
                .ok_or_else(|| Failure::usage("no service address: give --base-url URL (or --profile NAME)"))?;
            Ok(Target { base_url, api_key: env_key(&global.api_key_env)?, dialect: flag_dialect.unwrap_or_default() })
        }
    }
}

/// The key in environment variable `name`.
fn env_key(name: &str) -> Result<String, Failure> {
    if name.is_empty() || name.contains(['=', '\0']) {
        return Err(Failure::usage(format!("`{name}` cannot name an environment variable (--api-key-env)")));
    }
    let missing = || {
        Failure::usage(format!(
            "no API key: set the environment variable {name} \
             (or name another with --api-key-env, or use --profile NAME)"
        ))
    };
    match std::env::var(name) {
        Ok(key) if !key.trim().is_empty() => Ok(key),
        Ok(_) | Err(std::env::VarError::NotPresent) => Err(missing()),
        Err(std::env::VarError::NotUnicode(_)) => {
            Err(Failure::usage(format!("the API key in {name} is not valid text")))
        }
    }
}

/// The profile's key from the OS keychain, with a message that says what to do when it cannot be read.
fn keychain_key(p: &profile::Profile) -> Result<String, Failure> {
    let unavailable = |e: keyring::Error| match e {
        keyring::Error::NoEntry => Failure::usage(format!(
            "no API key is stored for profile `{}`: set it in Escrow Desk (Environments)",
            p.name
        )),
        keyring::Error::NoStorageAccess(inner) => {
            Failure::usage(format!("the keychain is locked: unlock your login keyring and try again ({inner})"))
        }
        keyring::Error::NoDefaultStore | keyring::Error::PlatformFailure(_) => Failure::usage(format!(
            "no OS keychain is available ({e}); on Linux start a Secret Service such as gnome-keyring, \
             or give the key in an environment variable instead of --profile"
        )),
        other => Failure::usage(format!("keychain error: {other}")),
    };
    let key = keyring::Entry::new(KEYCHAIN_SERVICE, &p.id).and_then(|e| e.get_password()).map_err(unavailable)?;
    if key.trim().is_empty() {
        return Err(unavailable(keyring::Error::NoEntry));
    }
    Ok(key)
}

/// Whether the profile `id` has a key in the OS keychain (`None`: the keychain cannot be read).
pub fn stored(id: &str) -> Option<bool> {
    match keyring::Entry::new(KEYCHAIN_SERVICE, id).and_then(|e| e.get_password()) {
        Ok(key) => Some(!key.trim().is_empty()),
        Err(keyring::Error::NoEntry) => Some(false),
        Err(_) => None,
    }
}
