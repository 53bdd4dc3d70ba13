//! The update URL, one key in the app database's settings. Empty means "never check":
//! the default, so the built-in Sandbox never reaches out for updates unless asked to.

use super::Updates;
use crate::error::AppError;
use crate::settings::environments::{get_setting, set_setting};
use serde::Serialize;
use ts_rs::TS;
use url::Url;

pub use crate::settings::policy::UPDATE_URL_KEY;

/// What the Updates section shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct UpdateSettings {
    /// The manifest URL, or "" when updates are off.
    pub url: String,
    /// Set by the organisation's policy, which users may not change.
    pub managed: bool,
    /// The running app's version.
    pub current_version: String,
}

/// Parses what the user typed: empty turns updates off, anything else must be an
/// http(s) URL (release builds of the updater refuse plain http on their own).
pub fn parse_url(text: &str) -> Result<Option<Url>, AppError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let url = Url::parse(text).map_err(|e| AppError::validation(format!("The update URL is not a URL: {e}")))?;
    match url.scheme() {
        "https" | "http" => Ok(Some(url)),
        other => Err(AppError::validation(format!("The update URL must start with https:// (not {other}:)."))),
    }
}

impl Updates {
    pub fn update_settings(&self) -> Result<UpdateSettings, AppError> {
        let url = get_setting(&self.desk.db, UPDATE_URL_KEY)?.unwrap_or_default();
        let managed = self.desk.policy().update_url.is_some() && self.desk.policy().locks("updateUrl");
        Ok(UpdateSettings { url, managed, current_version: env!("CARGO_PKG_VERSION").into() })
    }

    /// Stores the URL (trimmed; "" turns checks off) and answers the new settings.
    pub fn save_update_url(&self, text: &str) -> Result<UpdateSettings, AppError> {
        if self.update_settings()?.managed {
            return Err(AppError::validation("Your organisation sets the update URL."));
        }
        let url = parse_url(text)?;
        set_setting(&self.desk.db, UPDATE_URL_KEY, url.as_ref().map(Url::as_str).unwrap_or(""))?;
        self.update_settings()
    }

    /// The URL to check, or `None` when updates are off.
    pub fn update_url(&self) -> Result<Option<Url>, AppError> {
        // A stored value was valid when saved; one that no longer parses counts as off.
        let stored = get_setting(&self.desk.db, UPDATE_URL_KEY)?.unwrap_or_default();
        Ok(parse_url(&stored).ok().flatten())
    }
}

#[cfg(test)]
mod tests {
    use super::parse_url;

    #[test]
    fn empty_is_off_and_only_http_urls_are_taken() {
        assert_eq!(parse_url("  ").unwrap(), None);
        assert!(parse_url("https://updates.example/latest.json").unwrap().is_some());
        assert!(parse_url("file:///etc/passwd").is_err());
        assert!(parse_url("not a url").is_err());
    }
}
