//! Who acted and from where, for every audit row (PCI DSS 10.2.2: user identification and
//! origin): the OS user and host running the app, the staff name set under Settings, the
//! app version, and the environment's id and kind.

use desk_core::error::AppError;
use rusqlite::{Connection, OptionalExtension};

/// The setting holding the staff name (empty or absent: none).
pub const STAFF_NAME_SETTING: &str = "staff_name";

/// This app's version, written into every row.
pub const APP_VERSION: &str = env!("CARGO_PKG_VERSION");

/// The OS account and machine; read once per process.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Actor {
    pub user: String,
    pub host: String,
}

impl Actor {
    pub fn of_this_process() -> Self {
        Self { user: os_user(), host: host_name() }
    }
}

fn non_empty(v: Option<String>) -> Option<String> {
    v.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty() && s.len() <= 256)
}

/// The login name (`USER`, `USERNAME` on Windows, `LOGNAME`), else `id -un`, else "unknown".
pub fn os_user() -> String {
    ["USER", "USERNAME", "LOGNAME"]
        .into_iter()
        .find_map(|name| non_empty(std::env::var(name).ok()))
        .or_else(|| command_output("id", &["-un"]))
        .unwrap_or_else(|| "unknown".into())
}

/// The machine's name: `COMPUTERNAME` on Windows, the kernel's host name on Linux,
/// `/etc/hostname`, else the `hostname` command, else "unknown".
pub fn host_name() -> String {
    non_empty(std::env::var("COMPUTERNAME").ok())
        .or_else(|| non_empty(std::fs::read_to_string("/proc/sys/kernel/hostname").ok()))
        .or_else(|| non_empty(std::fs::read_to_string("/etc/hostname").ok()))
        .or_else(|| command_output("hostname", &[]))
        .unwrap_or_else(|| "unknown".into())
}

fn command_output(program: &str, args: &[&str]) -> Option<String> {
    let out = std::process::Command::new(program).args(args).output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).into_owned()).and_then(|s| non_empty(Some(s)))
}

/// The staff name as set now, read on the connection of the transaction that appends.
pub fn staff_name(conn: &Connection) -> Result<Option<String>, AppError> {
    let value: Option<String> = conn
        .query_row("SELECT value FROM settings WHERE key = ?1", [STAFF_NAME_SETTING], |r| r.get(0))
        .optional()
        .map_err(AppError::storage)?;
    Ok(non_empty(value))
}

/// `sandbox`, `production` or `unknown`: the kind of an environment, read on the connection
/// of the transaction that appends (the app knows where environments are kept).
pub type KindOf = fn(&rusqlite::Connection, &str) -> rusqlite::Result<&'static str>;

/// `sandbox`, `production` or `unknown`, as the environment is configured now.
pub fn environment_kind(conn: &Connection, environment_id: &str, kind_of: KindOf) -> Result<String, AppError> {
    kind_of(conn, environment_id).map(str::to_owned).map_err(AppError::storage)
}
