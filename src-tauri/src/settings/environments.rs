//! Environments: the built-in Sandbox and the user's profiles (name, base URL, badge;
//! the API key lives in the keychain, see [`crate::settings::keychain`]).

use crate::appdb::AppDb;
use crate::error::{AppError, ErrorCode};
use escrow_api::Dialect;
use rusqlite::{OptionalExtension, params};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The id of the built-in Sandbox environment.
pub const SANDBOX_ID: &str = "sandbox";

/// Shown on every screen so nobody mistakes production for a test.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Badge {
    Sandbox,
    Production,
}

impl Badge {
    fn as_str(self) -> &'static str {
        match self {
            Self::Sandbox => "sandbox",
            Self::Production => "production",
        }
    }
    fn parse(s: &str) -> Self {
        if s == "sandbox" { Self::Sandbox } else { Self::Production }
    }
}

/// An environment as the UI sees it. Never carries the key: only whether one exists.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct EnvironmentView {
    pub id: String,
    pub name: String,
    pub base_url: String,
    pub badge: Badge,
    pub built_in: bool,
    pub has_key: bool,
    /// Route overrides (see [`crate::settings::route_overrides`]); empty for the defaults.
    pub routes: String,
    /// What the app sends: the specs' names and routes, or the published documentation's.
    pub dialect: Dialect,
    /// Preset by the organisation's policy: the user stores its key, and changes nothing else.
    pub managed: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct EnvironmentList {
    pub active_id: String,
    pub environments: Vec<EnvironmentView>,
    /// The organisation's policy sets the environments: users add, edit and delete none.
    pub locked: bool,
}

/// Create (id null) or edit a profile. The key is set separately, write-only.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ProfileInput {
    pub id: Option<String>,
    pub name: String,
    pub base_url: String,
    pub badge: Badge,
    /// Route overrides, one per line (see [`crate::settings::route_overrides`]); empty for none.
    #[serde(default)]
    pub routes: String,
    /// The wire dialect; the specs' when absent.
    #[serde(default)]
    pub dialect: Dialect,
}

/// A stored profile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Profile {
    pub id: String,
    pub name: String,
    pub base_url: String,
    pub badge: Badge,
    pub routes: String,
    pub dialect: Dialect,
}

/// A stored dialect name; anything unknown reads as the specs' (the default).
fn dialect(name: &str) -> Dialect {
    Dialect::parse(name).unwrap_or_default()
}

impl ProfileInput {
    /// Trims and checks the fields; returns the normalized name and base URL.
    pub fn validate(&self) -> Result<(String, String), AppError> {
        let name = self.name.trim();
        if name.is_empty() || name.chars().count() > 80 {
            return Err(AppError::validation("The name must be 1 to 80 characters."));
        }
        let base = self.base_url.trim().trim_end_matches('/');
        let parsed = url::Url::parse(base).map_err(|_| AppError::validation("The base URL is not a valid URL."))?;
        if !matches!(parsed.scheme(), "http" | "https") || parsed.host().is_none() {
            return Err(AppError::validation("The base URL must start with https:// (or http:// for a local server)."));
        }
        if escrow_api::transport::check_key_transport(&parsed).is_err() {
            return Err(AppError::validation(
                "Use https:// for this server: over http:// the API key would travel unencrypted (http:// is only for a server on this machine).",
            ));
        }
        if parsed.query().is_some() || parsed.fragment().is_some() || !parsed.username().is_empty() {
            return Err(AppError::validation("The base URL must not contain credentials, a query or a fragment."));
        }
        let base = base.strip_suffix("/v2").unwrap_or(base).to_owned();
        Ok((name.to_owned(), base))
    }
}

pub fn list_profiles(db: &AppDb) -> Result<Vec<Profile>, AppError> {
    let conn = db.lock()?;
    let mut stmt = conn
        .prepare("SELECT id, name, base_url, badge, routes, dialect FROM profiles ORDER BY created, name")
        .map_err(AppError::storage)?;
    let rows = stmt
        .query_map([], |r| {
            Ok(Profile {
                id: r.get(0)?,
                name: r.get(1)?,
                base_url: r.get(2)?,
                badge: Badge::parse(&r.get::<_, String>(3)?),
                routes: r.get(4)?,
                dialect: dialect(&r.get::<_, String>(5)?),
            })
        })
        .map_err(AppError::storage)?;
    rows.collect::<Result<Vec<_>, _>>().map_err(AppError::storage)
}

pub fn get_profile(db: &AppDb, id: &str) -> Result<Profile, AppError> {
    let conn = db.lock()?;
    conn.query_row("SELECT id, name, base_url, badge, routes, dialect FROM profiles WHERE id = ?1", [id], |r| {
        Ok(Profile {
            id: r.get(0)?,
            name: r.get(1)?,
            base_url: r.get(2)?,
            badge: Badge::parse(&r.get::<_, String>(3)?),
            routes: r.get(4)?,
            dialect: dialect(&r.get::<_, String>(5)?),
        })
    })
    .optional()
    .map_err(AppError::storage)?
    .ok_or_else(|| AppError::new(ErrorCode::EnvironmentNotFound, format!("No environment with id {id}.")))
}

/// Inserts or updates; returns the stored profile.
pub fn save_profile(db: &AppDb, input: &ProfileInput) -> Result<Profile, AppError> {
    let (name, base_url) = input.validate()?;
    crate::settings::route_overrides::parse(&input.routes)?;
    let routes = input.routes.trim().to_owned();
    let id = match input.id.as_deref() {
        Some(SANDBOX_ID) => return Err(AppError::validation("The built-in Sandbox cannot be edited.")),
        Some(id) => {
            get_profile(db, id)?;
            id.to_owned()
        }
        None => uuid::Uuid::new_v4().to_string(),
    };
    let profile = Profile { id, name, base_url, badge: input.badge, routes, dialect: input.dialect };
    put_profile(db, &profile)?;
    Ok(profile)
}

/// Writes `p` under its own id (a user's checked profile, the organisation's presets), created
/// now or as it was.
pub fn put_profile(db: &AppDb, p: &Profile) -> Result<(), AppError> {
    let conn = db.lock()?;
    conn.execute(
        "INSERT INTO profiles (id, name, base_url, badge, created, routes, dialect) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
         ON CONFLICT(id) DO UPDATE SET name = excluded.name, base_url = excluded.base_url, badge = excluded.badge,
             routes = excluded.routes, dialect = excluded.dialect",
        params![
            p.id,
            p.name,
            p.base_url,
            p.badge.as_str(),
            chrono::Utc::now().to_rfc3339(),
            p.routes,
            p.dialect.name()
        ],
    )
    .map_err(AppError::storage)?;
    Ok(())
}

pub fn delete_profile(db: &AppDb, id: &str) -> Result<(), AppError> {
    let conn = db.lock()?;
    conn.execute("DELETE FROM profiles WHERE id = ?1", [id]).map_err(AppError::storage)?;
    Ok(())
}

/// What kind of environment `id` is (`sandbox` or `production`, `unknown` for an id no
/// longer stored), read on `conn` so a caller inside a transaction can use it.
pub fn kind_on(conn: &rusqlite::Connection, id: &str) -> rusqlite::Result<&'static str> {
    if id == SANDBOX_ID {
        return Ok(Badge::Sandbox.as_str());
    }
    let badge: Option<String> =
        conn.query_row("SELECT badge FROM profiles WHERE id = ?1", [id], |r| r.get(0)).optional()?;
    Ok(badge.map_or("unknown", |b| Badge::parse(&b).as_str()))
}

pub use desk_core::appdb::settings::{get_setting, set_setting};
