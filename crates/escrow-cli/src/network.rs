//! The desk's network settings for a profile's calls (Environments → Network in the app): the
//! proxy, its password from the OS keychain, and the extra CA certificate file, read from the
//! app's database as the app stores them (`settings` key `network`). Without a profile, the
//! shell's own `HTTPS_PROXY` and friends apply, as for any command-line tool.

use crate::exit::Failure;
use escrow_api::network::{Network, Proxy};
use serde::Deserialize;
use std::path::Path;

/// The keychain account of the proxy's password (the app's).
const PASSWORD_ACCOUNT: &str = "network-proxy-password";
const MAX_CA_BYTES: u64 = 1024 * 1024;

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase")]
struct Stored {
    #[serde(default)]
    mode: String,
    url: Option<String>,
    username: Option<String>,
    ca_file: Option<String>,
}

/// The network of the desk whose database is `db` (the defaults when it stores none), the
/// proxy's password from keychain service `service`.
pub fn of_desk(db: &Path, service: &str) -> Result<Network, Failure> {
    let stored: Stored = read(db).and_then(|text| serde_json::from_str(&text).ok()).unwrap_or_default();
    let proxy = match stored.mode.as_str() {
        "direct" => Proxy::Direct,
        "url" => Proxy::Url {
            url: stored.url.unwrap_or_default(),
            username: stored.username,
            password: keyring::Entry::new(service, PASSWORD_ACCOUNT).and_then(|e| e.get_password()).ok(),
        },
        _ => Proxy::System,
    };
    let extra_roots_pem = match stored.ca_file {
        None => None,
        Some(path) => Some(ca(&path)?),
    };
    Ok(Network { proxy, extra_roots_pem })
}

fn read(db: &Path) -> Option<String> {
    let conn = rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).ok()?;
    conn.query_row("SELECT value FROM settings WHERE key = 'network'", [], |r| r.get(0)).ok()
}

fn ca(path: &str) -> Result<Vec<u8>, Failure> {
    use std::io::Read;
    let cannot = |e: &dyn std::fmt::Display| {
        Failure::usage(format!("the desk's CA certificate file {path} cannot be read: {e} (Environments → Network)"))
    };
    let file = std::fs::File::open(path).map_err(|e| cannot(&e))?;
    let mut bytes = Vec::new();
    file.take(MAX_CA_BYTES + 1).read_to_end(&mut bytes).map_err(|e| cannot(&e))?;
    if bytes.len() as u64 > MAX_CA_BYTES {
        return Err(cannot(&"it is larger than a certificate file"));
    }
    Ok(bytes)
}
