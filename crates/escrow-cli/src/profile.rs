//! Escrow Desk profiles, read from the desktop app's SQLite database (read-only; the app may be
//! running). The app writes the `profiles` table (crates/desk-core/src/appdb/migrations.rs); this reads only `id`,
//! `name`, `base_url` and, when the columns exist, `dialect` and `routes` (the route overrides).

use crate::exit::Failure;
use escrow_api::Dialect;
use rusqlite::{Connection, OpenFlags};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Overrides the app's data folder, as in the app.
pub const DATA_DIR_ENV: &str = "ESCROW_DESK_DATA_DIR";
/// The app's identifier, the name of its folder in the OS app-data folder.
pub const APP_ID: &str = "dk.escrowdesk.app";
/// The app's database file in its data folder.
pub const DB_FILE: &str = "escrow-desk.sqlite";

/// A profile as the command line needs it. The API key is in the keychain, under `id`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Profile {
    pub id: String,
    pub name: String,
    pub base_url: String,
    pub dialect: Option<Dialect>,
    /// The route overrides as the app stores them (see [`crate::route_overrides`]); empty: none.
    pub routes: String,
}

/// The app's data folder: `$ESCROW_DESK_DATA_DIR`, else the OS app-data folder (as Tauri's
/// `app_data_dir`: `$XDG_DATA_HOME` or `~/.local/share` on Linux, `~/Library/Application Support`
/// on macOS, `%APPDATA%` on Windows) joined with the app's identifier.
pub fn data_dir() -> Result<PathBuf, Failure> {
    if let Some(dir) = std::env::var_os(DATA_DIR_ENV).filter(|d| !d.is_empty()) {
        return Ok(PathBuf::from(dir));
    }
    let absolute = |name: &str| std::env::var_os(name).map(PathBuf::from).filter(|p| p.is_absolute());
    let base = if cfg!(windows) {
        absolute("APPDATA")
    } else if cfg!(target_os = "macos") {
        absolute("HOME").map(|h| h.join("Library/Application Support"))
    } else {
        absolute("XDG_DATA_HOME").or_else(|| absolute("HOME").map(|h| h.join(".local/share")))
    };
    base.map(|b| b.join(APP_ID))
        .ok_or_else(|| Failure::usage(format!("cannot tell where Escrow Desk keeps its data: set {DATA_DIR_ENV}")))
}

/// The profile named `name` (case-insensitive, surrounding spaces ignored).
pub fn find(name: &str) -> Result<Profile, Failure> {
    let path = data_dir()?.join(DB_FILE);
    find_in(&path, name)
}

/// A profile as `escrow profiles` lists it: its dialect as stored (a name this version does
/// not know is shown, not refused).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Listed {
    pub id: String,
    pub name: String,
    pub base_url: String,
    pub dialect: String,
    /// Preset by the organisation's policy (`/etc/escrow-desk/policy.json`).
    pub managed: bool,
}

/// Every profile of the app's database, as the app lists them (oldest first).
pub fn all() -> Result<Vec<Listed>, Failure> {
    all_in(&data_dir()?.join(DB_FILE))
}

fn all_in(path: &Path) -> Result<Vec<Listed>, Failure> {
    Ok(read(path)?
        .into_iter()
        .map(|(id, name, base_url, dialect, _)| Listed {
            managed: id.starts_with("org:"),
            dialect: dialect.map(|d| d.trim().to_owned()).filter(|d| !d.is_empty()).unwrap_or_else(|| "spec".into()),
            id,
            name,
            base_url,
        })
        .collect())
}

/// A stored dialect name; `None` for the default.
fn dialect_of(name: &str, dialect: Option<&str>) -> Result<Option<Dialect>, Failure> {
    match dialect.map(str::trim).filter(|d| !d.is_empty()) {
        None => Ok(None),
        Some(d) => Dialect::parse(d).map(Some).ok_or_else(|| {
            Failure::usage(format!("profile `{name}` has an unknown dialect `{d}` (spec or published); give --dialect"))
        }),
    }
}

fn find_in(path: &Path, name: &str) -> Result<Profile, Failure> {
    let rows = read(path)?;
    let wanted = name.trim().to_lowercase();
    let mut matches = rows.into_iter().filter(|(_, n, _, _, _)| n.trim().to_lowercase() == wanted);
    let (id, name, base_url, dialect, routes) = match (matches.next(), matches.next()) {
        (Some(one), None) => one,
        (Some(_), Some(_)) => {
            return Err(Failure::usage(format!(
                "more than one profile is named `{}`: rename one in the app",
                name.trim()
            )));
        }
        (None, _) => return Err(Failure::usage(format!("no profile named `{}` in {}", name.trim(), path.display()))),
    };
    let dialect = dialect_of(&name, dialect.as_deref())?;
    Ok(Profile { id, name, base_url, dialect, routes: routes.unwrap_or_default() })
}

/// A profile's row: id, name, base URL, dialect and route overrides as stored.
type Row = (String, String, String, Option<String>, Option<String>);

/// Every profile's row, read only.
fn read(path: &Path) -> Result<Vec<Row>, Failure> {
    if !path.is_file() {
        return Err(Failure::usage(format!(
            "no Escrow Desk database at {} (create the profile in the app, or set {DATA_DIR_ENV})",
            path.display()
        )));
    }
    let storage = |e: rusqlite::Error| Failure::usage(format!("cannot read profiles from {}: {e}", path.display()));
    let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX)
        .map_err(storage)?;
    conn.busy_timeout(Duration::from_secs(5)).map_err(storage)?;
    let columns: Vec<String> = conn
        .prepare("SELECT name FROM pragma_table_info('profiles')")
        .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect())
        .map_err(storage)?;
    if columns.is_empty() {
        return Err(Failure::usage(format!("{} has no profiles (create one in the app)", path.display())));
    }
    // A column an older app has not added yet is read as NULL.
    let column = |name: &'static str| if columns.iter().any(|c| c == name) { name } else { "NULL" };
    let sql =
        format!("SELECT id, name, base_url, {}, {} FROM profiles ORDER BY rowid", column("dialect"), column("routes"));
    let rows: Vec<Row> = conn
        .prepare(&sql)
        .and_then(|mut s| s.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)))?.collect())
        .map_err(storage)?;
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn db(dir: &Path, with_dialect: bool) -> PathBuf {
        let path = dir.join(DB_FILE);
        let conn = Connection::open(&path).unwrap();
        let dialect = if with_dialect { ", dialect TEXT, routes TEXT NOT NULL DEFAULT ''" } else { "" };
        conn.execute_batch(&format!(
            "PRAGMA journal_mode=WAL; CREATE TABLE profiles (id TEXT PRIMARY KEY, name TEXT NOT NULL, \
             base_url TEXT NOT NULL, badge TEXT NOT NULL, created TEXT NOT NULL{dialect});"
        ))
        .unwrap();
        let insert = "INSERT INTO profiles (id, name, base_url, badge, created) VALUES (?1, ?2, ?3, 'sandbox', 'x')";
        conn.execute(insert, ["p1", "Produktion Ø", "https://a"]).unwrap();
        conn.execute(insert, ["p2", "Test", "http://b"]).unwrap();
        path
    }

    #[test]
    fn finds_by_name_case_insensitively_with_or_without_a_dialect_column() {
        let dir = tempfile::tempdir().unwrap();
        let path = db(dir.path(), false);
        let p = find_in(&path, " produktion ø ").unwrap();
        assert_eq!((p.id.as_str(), p.base_url.as_str(), p.dialect, p.routes.as_str()), ("p1", "https://a", None, ""));
        assert!(matches!(find_in(&path, "nope"), Err(Failure::Usage(_))));
        assert!(matches!(find_in(&dir.path().join("missing.sqlite"), "Test"), Err(Failure::Usage(_))));
        assert!(!dir.path().join("missing.sqlite").exists(), "a missing database is not created");

        let dir = tempfile::tempdir().unwrap();
        let path = db(dir.path(), true);
        Connection::open(&path)
            .unwrap()
            .execute(
                "UPDATE profiles SET dialect = 'published', routes = 'addPayee = /x/{transactionId}' WHERE id = 'p2'",
                [],
            )
            .unwrap();
        assert_eq!(find_in(&path, "TEST").unwrap().dialect, Some(Dialect::Published));
        assert_eq!(find_in(&path, "TEST").unwrap().routes, "addPayee = /x/{transactionId}");
        Connection::open(&path)
            .unwrap()
            .execute("UPDATE profiles SET dialect = 'klingon' WHERE id = 'p2'", [])
            .unwrap();
        assert!(matches!(find_in(&path, "test"), Err(Failure::Usage(_))));
        let listed = all_in(&path).unwrap();
        assert_eq!(
            listed.iter().map(|p| (p.id.as_str(), p.dialect.as_str())).collect::<Vec<_>>(),
            [("p1", "spec"), ("p2", "klingon")]
        );
    }
}
