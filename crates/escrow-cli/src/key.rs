//! Where the service is and the API key to use: from `--base-url` and an environment variable,
//! or from an Escrow Desk profile (its route overrides too) and its OS keychain entry, or the
//! built-in Sandbox (its demo key). The key is never taken from an argument and never printed.

use crate::args::Global;
use crate::builtin_sandbox::{self, Reach};
use crate::exit::Failure;
use crate::profile;
use crate::route_overrides::{self, RouteOverrides};
use escrow_api::Dialect;

/// The keychain service under which Escrow Desk stores keys (account = profile id).
pub const KEYCHAIN_SERVICE: &str = "dk.escrowdesk.app";

/// What a client is built from.
pub struct Target {
    /// Empty until the built-in Sandbox to reach ([`Target::builtin`]) has an address.
    pub base_url: String,
    pub api_key: String,
    pub dialect: Dialect,
    pub routes: RouteOverrides,
    /// `--profile Sandbox` without `--base-url`: the built-in Sandbox, to start or reach.
    pub builtin: Option<Reach>,
    /// Whether `--profile Sandbox` was named (a sandbox for certain, whatever its address).
    pub is_builtin: bool,
    /// The proxy and extra CA certificates: the desk's for a profile, the shell's otherwise.
    pub network: escrow_api::network::Network,
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
        Some(name) if builtin_sandbox::is_named(name) => {
            refuse_a_namesake(name)?;
            let builtin = match global.base_url.is_some() {
                true => None,
                false => Some(builtin_sandbox::reach()?),
            };
            Ok(Target {
                base_url: global.base_url.clone().unwrap_or_default(),
                api_key: escrow_sandbox::DEMO_KEY.to_owned(),
                dialect: flag_dialect.unwrap_or_default(),
                routes: RouteOverrides::default(),
                builtin,
                is_builtin: true,
                // On this computer: never through a proxy.
                network: escrow_api::network::Network {
                    proxy: escrow_api::network::Proxy::Direct,
                    extra_roots_pem: None,
                },
            })
        }
        Some(name) => {
            let p = profile::find(name)?;
            let routes = route_overrides::parse(&p.name, &p.routes)?;
            let api_key = keychain_key(&p)?;
            let network = crate::network::of_desk(&profile::data_dir()?.join(profile::DB_FILE), KEYCHAIN_SERVICE)?;
            Ok(Target {
                base_url: global.base_url.clone().unwrap_or(p.base_url),
                api_key,
                dialect: flag_dialect.or(p.dialect).unwrap_or_default(),
                routes,
                builtin: None,
                is_builtin: false,
                network,
            })
        }
        None => {
            let base_url = global
                .base_url
                .clone()
                .ok_or_else(|| Failure::usage("no service address: give --base-url URL (or --profile NAME)"))?;
            Ok(Target {
                base_url,
                api_key: env_key(&global.api_key_env)?,
                dialect: flag_dialect.unwrap_or_default(),
                routes: RouteOverrides::default(),
                builtin: None,
                is_builtin: false,
                network: Default::default(),
            })
        }
    }
}

/// A profile of the user's also named "Sandbox" would make `--profile Sandbox` ambiguous.
fn refuse_a_namesake(name: &str) -> Result<(), Failure> {
    let Ok(dir) = profile::data_dir() else { return Ok(()) };
    if !dir.join(profile::DB_FILE).is_file() {
        return Ok(());
    }
    if profile::all()?.iter().any(|p| builtin_sandbox::is_named(&p.name)) {
        return Err(Failure::usage(format!(
            "`{}` names the built-in Sandbox, and a profile of yours has the same name: rename the profile in              Escrow Desk to use it here",
            name.trim()
        )));
    }
    Ok(())
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
