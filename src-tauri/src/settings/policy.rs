//! The organisation's policy for every desk of a computer, set by IT in
//! `/etc/escrow-desk/policy.json` (`ESCROW_DESK_POLICY` names another file): environments
//! preset without keys (each user stores their own key), the update URL, whether the built-in
//! Sandbox is offered, and which settings users may not change. Missing: nothing is preset.
//! Unreadable: nothing is preset and the window says why. A field this version does not
//! know is ignored. The schema: `docs/policy.schema.json`.

use super::environments::{self as envs, Badge, Profile, ProfileInput};
use super::keychain::Keychain;
use crate::appdb::AppDb;
use crate::error::AppError;
use escrow_api::Dialect;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The policy file's usual place.
pub const POLICY_PATH: &str = "/etc/escrow-desk/policy.json";
/// Names another policy file (tests, a packaged rollout that keeps it elsewhere).
pub const POLICY_ENV: &str = "ESCROW_DESK_POLICY";
/// The id prefix of an environment the policy presets (never one a user makes).
pub const ORG_PREFIX: &str = "org:";

#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Policy {
    #[serde(default)]
    pub environments: Vec<PolicyEnvironment>,
    /// The update manifest's URL ("" for none).
    pub update_url: Option<String>,
    /// Whether the built-in Sandbox is offered (default: yes).
    pub builtin_sandbox: Option<bool>,
    /// Settings users may not change: `environments` (they add, edit or delete none) and
    /// `updateUrl`.
    #[serde(default)]
    pub locked: Vec<String>,
}

/// An environment the policy presets: what a profile has, without its key.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PolicyEnvironment {
    /// Stable across versions of the policy file (the user's key is kept under it).
    pub id: String,
    pub name: String,
    pub base_url: String,
    pub badge: Badge,
    #[serde(default)]
    pub routes: String,
    #[serde(default)]
    pub dialect: Dialect,
}

impl Policy {
    pub fn locks(&self, setting: &str) -> bool {
        self.locked.iter().any(|l| l == setting)
    }

    pub fn offers_builtin_sandbox(&self) -> bool {
        self.builtin_sandbox.unwrap_or(true)
    }
}

/// The settings key that holds the update manifest's URL (the updates domain reads it).
pub const UPDATE_URL_KEY: &str = "update_url";

/// Makes the data folder what `policy` presets: its environments written (checked as a
/// user's would be), the ones a former policy preset and this one does not removed with their
/// keys, and its update URL kept (over the user's when it is locked, else only when the user
/// has none).
pub fn apply(db: &AppDb, keychain: &Keychain, policy: &Policy) -> Result<(), AppError> {
    let mut preset = Vec::new();
    for e in &policy.environments {
        let id = format!("{ORG_PREFIX}{}", e.id.trim());
        let input = ProfileInput {
            id: Some(id.clone()),
            name: e.name.clone(),
            base_url: e.base_url.clone(),
            badge: e.badge,
            routes: e.routes.clone(),
            dialect: e.dialect,
        };
        let (name, base_url) = input
            .validate()
            .map_err(|err| AppError::validation(format!("The policy's environment {}: {}", e.id, err.message)))?;
        super::route_overrides::parse(&e.routes)?;
        let profile = Profile {
            id: id.clone(),
            name,
            base_url,
            badge: e.badge,
            routes: e.routes.trim().into(),
            dialect: e.dialect,
        };
        envs::put_profile(db, &profile)?;
        preset.push(id);
    }
    for stale in envs::list_profiles(db)?.into_iter().filter(|p| is_managed(&p.id) && !preset.contains(&p.id)) {
        keychain.delete(&stale.id)?;
        envs::delete_profile(db, &stale.id)?;
    }
    if let Some(url) = &policy.update_url {
        let users = envs::get_setting(db, UPDATE_URL_KEY)?.filter(|u| !u.is_empty());
        if policy.locks("updateUrl") || users.is_none() {
            envs::set_setting(db, UPDATE_URL_KEY, url.trim())?;
        }
    }
    Ok(())
}

/// Whether `id` is an environment the policy presets.
pub fn is_managed(id: &str) -> bool {
    id.starts_with(ORG_PREFIX)
}

/// The policy file in use: `ESCROW_DESK_POLICY`, else [`POLICY_PATH`].
pub fn path() -> PathBuf {
    std::env::var_os(POLICY_ENV).filter(|p| !p.is_empty()).map_or_else(|| PathBuf::from(POLICY_PATH), PathBuf::from)
}

/// Largest policy file read (a policy is a few hundred bytes; a huge file is not one).
pub const MAX_POLICY_BYTES: u64 = 1024 * 1024;

/// Reads the policy at `path`: `Ok(None)` when there is none, an error in words when it
/// cannot be read or is not a policy.
pub fn load(path: &Path) -> Result<Option<Policy>, String> {
    let file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("{} cannot be read: {e}", path.display())),
    };
    let mut text = String::new();
    use std::io::Read;
    file.take(MAX_POLICY_BYTES + 1)
        .read_to_string(&mut text)
        .map_err(|e| format!("{} cannot be read: {e}", path.display()))?;
    if text.len() as u64 > MAX_POLICY_BYTES {
        return Err(format!("{} is larger than a policy can be (1 MB)", path.display()));
    }
    parse(&text, path).map(Some)
}

/// The policy in `text` (read from `path`, named in the errors).
pub fn parse(text: &str, path: &Path) -> Result<Policy, String> {
    let policy: Policy = serde_json::from_str(text).map_err(|e| format!("{} is not a policy: {e}", path.display()))?;
    let mut ids = std::collections::HashSet::new();
    for env in &policy.environments {
        let id = env.id.trim();
        if id.is_empty() || id.len() > 64 || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
            return Err(format!("{}: an environment's id must be 1 to 64 letters, digits, - or _", path.display()));
        }
        if !ids.insert(id) {
            return Err(format!("{}: the environment id {id} is used twice", path.display()));
        }
    }
    Ok(policy)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(text: &str) -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("policy.json");
        std::fs::write(&path, text).unwrap();
        (dir, path)
    }

    #[test]
    fn a_policy_reads_its_fields_ignores_what_it_does_not_know_and_says_what_is_wrong() {
        let (_d, p) = write(
            r#"{"environments": [{"id": "prod", "name": "Production", "baseUrl": "https://api.example",
                "badge": "production", "dialect": "published"}],
                "updateUrl": "https://updates.example/latest.json", "builtinSandbox": false,
                "locked": ["environments", "updateUrl"], "futureSetting": 1}"#,
        );
        let policy = load(&p).unwrap().unwrap();
        assert_eq!(policy.environments[0].dialect, Dialect::Published);
        assert!(policy.locks("environments") && policy.locks("updateUrl") && !policy.offers_builtin_sandbox());
        assert_eq!(load(&p.with_file_name("none.json")), Ok(None));
        let (_d, bad) = write("{\"environments\": 3}");
        assert!(load(&bad).unwrap_err().contains("is not a policy"));
        let (_d, twice) = write(
            r#"{"environments": [{"id": "a", "name": "A", "baseUrl": "https://a.example", "badge": "sandbox"},
                                  {"id": "a", "name": "B", "baseUrl": "https://b.example", "badge": "sandbox"}]}"#,
        );
        assert!(load(&twice).unwrap_err().contains("used twice"));
    }
}
