//! Opens the service's hosted pages (checkout, payment, connect, signing, onboarding,
//! trade status) in the user's own browser, never in the app's web view: those pages
//! take bank logins and signatures, which belong in a browser the user trusts.
//!
//! The web view only passes a URL; Rust checks it and hands it to the OS (`xdg-open`,
//! `open`, `start`) through the `open` crate, so no opener plugin permission is granted
//! to the web view at all.

use crate::error::AppError;
use url::Url;

/// Longest URL accepted (the trade API's own bound for URLs).
pub const MAX_URL_LEN: usize = 2048;

/// A URL that may be opened: `https`, or `http` to a loopback host (the built-in
/// Sandbox serves its hosted pages on 127.0.0.1). No user names or passwords in it.
pub fn check(raw: &str) -> Result<Url, AppError> {
    let raw = raw.trim();
    if raw.is_empty() || raw.len() > MAX_URL_LEN {
        return Err(AppError::validation(format!("A link must be 1 to {MAX_URL_LEN} characters.")));
    }
    let url = Url::parse(raw).map_err(|e| AppError::validation(format!("Not a valid link ({e}).")))?;
    if !url.username().is_empty() || url.password().is_some() {
        return Err(AppError::validation("Links with a user name or password are not opened."));
    }
    let loopback = match url.host() {
        Some(url::Host::Domain(d)) => d.eq_ignore_ascii_case("localhost"),
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    };
    match url.scheme() {
        "https" if url.host().is_some() => Ok(url),
        "http" if loopback => Ok(url),
        "http" => {
            Err(AppError::validation("Only secure (https) links are opened, except the built-in Sandbox's own pages."))
        }
        other => Err(AppError::validation(format!("Only web links are opened, not \"{other}:\" links."))),
    }
}

/// Checks the URL and opens it in the default browser; returns once the browser
/// launcher has been started.
pub fn open(raw: &str) -> Result<(), AppError> {
    let url = check(raw)?;
    open::that_detached(url.as_str()).map_err(|e| {
        AppError::new(
            crate::error::ErrorCode::Internal,
            format!("No browser could be started ({e}). Copy the link and open it yourself."),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_https_and_loopback_http() {
        for ok in [
            "https://pay.example.dk/checkout/abc?x=1",
            "http://127.0.0.1:4010/hosted/checkout/T-1",
            "http://localhost:8080/x",
            "http://[::1]:9/x",
        ] {
            assert!(check(ok).is_ok(), "{ok}");
        }
    }

    #[test]
    fn refuses_everything_else() {
        for bad in [
            "",
            "   ",
            "http://pay.example.dk/checkout",
            "file:///etc/passwd",
            "javascript:alert(1)",
            "data:text/html,<script>1</script>",
            "ftp://example.dk/x",
            "https://user:pw@example.dk/",
            "https://user@example.dk/",
            "not a url",
            "http://127.0.0.1.evil.dk/",
            "smb://server/share",
        ] {
            assert!(check(bad).is_err(), "{bad}");
        }
        let long = format!("https://example.dk/{}", "a".repeat(MAX_URL_LEN));
        assert!(check(&long).is_err());
    }
}

pub mod commands;
