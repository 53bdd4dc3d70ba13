//! The last line of defence for the log files: every secret the app has held in memory
//! (API keys read from or written to the keychain) is replaced by `[redacted]` in any log
//! line that would contain it, and so is any `Authorization` header value. Nothing logs a
//! key on purpose; this catches the accident.

use std::io::{self, Write};
use std::sync::RwLock;

static SECRETS: RwLock<Vec<String>> = RwLock::new(Vec::new());

/// Shorter strings would redact ordinary words; no real key is this short.
const MIN_SECRET_LEN: usize = 8;

/// Remembers a secret so that it never reaches a log file.
pub fn register(secret: &str) {
    let secret = secret.trim();
    if secret.len() < MIN_SECRET_LEN {
        return;
    }
    let mut all = SECRETS.write().unwrap_or_else(|p| p.into_inner());
    if !all.iter().any(|s| s == secret) {
        all.push(secret.to_owned());
    }
}

/// `text` with every registered secret and `Authorization` value replaced.
pub fn scrub(text: &str) -> String {
    let mut out = text.to_owned();
    for secret in SECRETS.read().unwrap_or_else(|p| p.into_inner()).iter() {
        if out.contains(secret.as_str()) {
            out = out.replace(secret.as_str(), "[redacted]");
        }
    }
    scrub_authorization(&out)
}

/// Replaces the value after every `authorization:` / `authorization=` (any case).
fn scrub_authorization(text: &str) -> String {
    // ASCII lower-casing keeps byte offsets, so positions found in `lower` index `text`.
    let lower = text.to_ascii_lowercase();
    let mut out = String::with_capacity(text.len());
    let mut pos = 0;
    while let Some(found) = lower[pos..].find("authorization") {
        let name_end = pos + found + "authorization".len();
        let rest = &text[name_end..];
        let sep = rest.len() - rest.trim_start_matches([':', '=', ' ', '"']).len();
        out.push_str(&text[pos..name_end + sep]);
        pos = name_end + sep;
        if sep > 0 {
            out.push_str("[redacted]");
            pos += text[pos..].find(['\n', '"', ',', '}']).unwrap_or(text.len() - pos);
        }
    }
    out.push_str(&text[pos..]);
    out
}

/// A writer that scrubs each write (one log line per write) before passing it on.
pub struct Redacting<W: Write>(pub W);

impl<W: Write> Write for Redacting<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let text = String::from_utf8_lossy(buf);
        self.0.write_all(scrub(&text).as_bytes())?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registered_secrets_and_authorization_values_never_pass() {
        register("sk_test_redact_me_0123456789");
        let line = "call failed key=sk_test_redact_me_0123456789 Authorization: Bearer abcdef123, next";
        let out = scrub(line);
        assert!(!out.contains("sk_test_redact_me"), "{out}");
        assert!(!out.contains("abcdef123"), "{out}");
        assert!(out.contains("call failed"), "{out}");
        assert!(out.ends_with(", next"), "{out}");
    }

    #[test]
    fn short_strings_are_not_secrets() {
        register("abc");
        assert_eq!(scrub("abc def"), "abc def");
    }

    #[test]
    fn the_writer_scrubs_what_it_writes() {
        register("sk_test_writer_secret_42");
        let mut w = Redacting(Vec::new());
        w.write_all(b"x sk_test_writer_secret_42 y\n").ok();
        assert_eq!(String::from_utf8_lossy(&w.0), "x [redacted] y\n");
    }
}
