//! Helpers every `/v2` feature uses: reading a JSON body and checking a return URL.

use crate::error::ApiError;
use serde::de::DeserializeOwned;

/// Parses a JSON request body into `T`, answering 400 with the reason when it does not fit.
pub fn parse_json<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    let text: &[u8] = if body.iter().all(u8::is_ascii_whitespace) { b"{}" } else { body };
    serde_json::from_slice(text).map_err(|e| ApiError::bad_request("Invalid request", e.to_string()))
}

/// Valid absolute http(s) URL, as returnUrl must be.
pub fn is_web_url(url: &str) -> bool {
    let url = url.trim();
    let rest = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://"));
    rest.is_some_and(|r| {
        !r.is_empty() && !r.starts_with('/') && !url.chars().any(|c| c.is_whitespace() || c.is_control())
    })
}
