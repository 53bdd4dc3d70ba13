//! The corporate network as a desk sets it (Environments → Network): the proxy every request
//! of this desk's clients goes through (the environment's variables, none, or a given one with
//! a user name and a password kept in the OS keychain) and an extra CA certificate file for a
//! TLS-inspecting firewall. The app, the `escrow` CLI and update checks read the same.
//! Kept as one JSON value in the `settings` table; the password never leaves the keychain but
//! for the proxy.

use crate::appdb::AppDb;
use crate::error::AppError;
use crate::settings::environments::{get_setting, set_setting};
use crate::settings::keychain::Keychain;
use escrow_api::network::{Network, Proxy};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

const KEY: &str = "network";
/// The keychain account of the proxy's password.
pub const PASSWORD_ACCOUNT: &str = "network-proxy-password";
/// Largest CA file read (a bundle of a few certificates is a few kilobytes).
const MAX_CA_BYTES: u64 = 1024 * 1024;

/// Which proxy.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum ProxyMode {
    /// `HTTPS_PROXY` and friends of the app's environment (what a shell start sees).
    #[default]
    System,
    /// Straight to the service.
    Direct,
    /// The proxy at `url`.
    Url,
}

/// The network settings as stored and shown (never the password: whether one is stored).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct NetworkSettings {
    pub mode: ProxyMode,
    pub url: Option<String>,
    pub username: Option<String>,
    /// A PEM file of CA certificates trusted beside the system's.
    pub ca_file: Option<String>,
    #[serde(default)]
    pub has_password: bool,
}

/// What the Network form saves; `password`: `None` keeps the stored one, `""` forgets it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct NetworkInput {
    pub mode: ProxyMode,
    pub url: Option<String>,
    pub username: Option<String>,
    pub ca_file: Option<String>,
    #[ts(optional)]
    pub password: Option<String>,
}

fn trimmed(s: &Option<String>) -> Option<String> {
    s.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned)
}

/// The stored settings (the defaults when none are).
pub fn load(db: &AppDb, keychain: &Keychain) -> Result<NetworkSettings, AppError> {
    let mut settings: NetworkSettings =
        get_setting(db, KEY)?.and_then(|text| serde_json::from_str(&text).ok()).unwrap_or_default();
    settings.has_password = settings.mode == ProxyMode::Url && keychain.get(PASSWORD_ACCOUNT).ok().flatten().is_some();
    Ok(settings)
}

/// Checks and stores `input`; the proxy's address must be http(s) with a host, the CA file a
/// readable PEM file. Answers what is stored now.
pub fn save(db: &AppDb, keychain: &Keychain, input: &NetworkInput) -> Result<NetworkSettings, AppError> {
    let stored = NetworkSettings {
        mode: input.mode,
        url: trimmed(&input.url),
        username: trimmed(&input.username),
        ca_file: trimmed(&input.ca_file),
        has_password: false,
    };
    if stored.mode == ProxyMode::Url {
        let url = stored.url.as_deref().ok_or_else(|| AppError::validation("Give the proxy's address."))?;
        let ok = url::Url::parse(url).is_ok_and(|u| matches!(u.scheme(), "http" | "https") && u.host().is_some());
        if !ok {
            return Err(AppError::validation("The proxy's address must look like http://proxy.example:3128."));
        }
    }
    // Checked by building a network from it: the CA file must read as certificates.
    let network = network_of(&stored, None)?;
    let unusable =
        |e: &dyn std::fmt::Display| AppError::validation(format!("The network settings cannot be used: {e}"));
    network.apply(reqwest::Client::builder()).map_err(|e| unusable(&e))?.build().map_err(|e| unusable(&e))?;
    match input.password.as_deref() {
        Some("") => keychain.delete(PASSWORD_ACCOUNT)?,
        Some(p) => keychain.set(PASSWORD_ACCOUNT, p)?,
        None => {}
    }
    let text = serde_json::to_string(&stored).map_err(AppError::storage)?;
    set_setting(db, KEY, &text)?;
    tracing::info!(mode = ?stored.mode, ca = stored.ca_file.is_some(), "network settings saved");
    load(db, keychain)
}

/// The client's network from the stored settings, the password from the keychain.
pub fn network(db: &AppDb, keychain: &Keychain) -> Result<Network, AppError> {
    let settings = load(db, keychain)?;
    let password = if settings.mode == ProxyMode::Url { keychain.get(PASSWORD_ACCOUNT)? } else { None };
    network_of(&settings, password)
}

fn network_of(settings: &NetworkSettings, password: Option<String>) -> Result<Network, AppError> {
    let proxy = match settings.mode {
        ProxyMode::System => Proxy::System,
        ProxyMode::Direct => Proxy::Direct,
        ProxyMode::Url => {
            Proxy::Url { url: settings.url.clone().unwrap_or_default(), username: settings.username.clone(), password }
        }
    };
    let extra_roots_pem = match &settings.ca_file {
        None => None,
        Some(path) => Some(read_ca(path)?),
    };
    Ok(Network { proxy, extra_roots_pem })
}

fn read_ca(path: &str) -> Result<Vec<u8>, AppError> {
    use std::io::Read;
    let cannot =
        |e: &dyn std::fmt::Display| AppError::validation(format!("The CA certificate file {path} cannot be read: {e}"));
    let file = std::fs::File::open(path).map_err(|e| cannot(&e))?;
    let mut bytes = Vec::new();
    file.take(MAX_CA_BYTES + 1).read_to_end(&mut bytes).map_err(|e| cannot(&e))?;
    if bytes.len() as u64 > MAX_CA_BYTES {
        return Err(cannot(&"it is larger than a certificate file (1 MB)"));
    }
    Ok(bytes)
}
