//! Escrow Desk's log files, as the app writes them (src-tauri's `support::logging`): one file a
//! day, `escrow-desk.YYYY-MM-DD.log`, in `$ESCROW_DESK_LOG_DIR`, else `logs` in
//! `$ESCROW_DESK_DATA_DIR`, else the OS log folder Tauri gives the app. Each line carries the
//! spans it happened in: `action{id=… kind=… idempotency_key=…}` of a journaled action and
//! `escrow_api.call{… correlation_id="…"}` of each call to the service.

use crate::exit::Failure;
use crate::profile::{APP_ID, DATA_DIR_ENV};
use std::path::{Path, PathBuf};

/// Overrides the log folder, as in the app.
pub const LOG_DIR_ENV: &str = "ESCROW_DESK_LOG_DIR";
const PREFIX: &str = "escrow-desk.";
const SUFFIX: &str = ".log";

/// The folder the app writes its log files to.
pub fn dir() -> Result<PathBuf, Failure> {
    let var = |name: &str| std::env::var_os(name).filter(|d| !d.is_empty()).map(PathBuf::from);
    if let Some(dir) = var(LOG_DIR_ENV) {
        return Ok(dir);
    }
    if let Some(data) = var(DATA_DIR_ENV) {
        return Ok(data.join("logs"));
    }
    let absolute = |name: &str| var(name).filter(|p| p.is_absolute());
    let os = if cfg!(windows) {
        absolute("LOCALAPPDATA").map(|d| d.join(APP_ID).join("logs"))
    } else if cfg!(target_os = "macos") {
        absolute("HOME").map(|h| h.join("Library/Logs").join(APP_ID))
    } else {
        absolute("XDG_DATA_HOME")
            .or_else(|| absolute("HOME").map(|h| h.join(".local/share")))
            .map(|d| d.join(APP_ID).join("logs"))
    };
    os.ok_or_else(|| Failure::usage(format!("cannot tell where Escrow Desk writes its logs: set {LOG_DIR_ENV}")))
}

/// The log files in `dir`, oldest first (their names sort by date).
pub fn files(dir: &Path) -> Result<Vec<PathBuf>, Failure> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| Failure::usage(format!("cannot read the log folder {}: {e}", dir.display())))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with(PREFIX) && n.ends_with(SUFFIX))
        })
        .collect();
    files.sort();
    Ok(files)
}

/// What a line must belong to: a journaled action's id, a call's correlation id.
#[derive(Debug, Default, Clone)]
pub struct Filter {
    pub action: Option<String>,
    pub correlation: Option<String>,
}

impl Filter {
    /// Whether `line` was logged inside the action and the call asked for.
    pub fn matches(&self, line: &str) -> bool {
        let action = self.action.as_deref().is_none_or(|id| span_field(line, "action{", "id").is_some_and(|v| v == id));
        let call = self.correlation.as_deref().is_none_or(|id| {
            line.match_indices("correlation_id=").any(|(at, key)| value_at(&line[at + key.len()..]) == id)
        });
        action && call
    }
}

/// The value of `field` in the first span that opens with `span` (`action{id=… kind=…}`).
fn span_field<'a>(line: &'a str, span: &str, field: &str) -> Option<&'a str> {
    let start = line.find(span)? + span.len();
    let end = line[start..].find('}').map_or(line.len(), |e| start + e);
    let fields = &line[start..end];
    let key = format!("{field}=");
    let mut at = 0;
    while let Some(found) = fields[at..].find(&key) {
        let pos = at + found;
        // A whole field name: at the start or after a space.
        if pos == 0 || fields[..pos].ends_with(' ') {
            return Some(value_at(&fields[pos + key.len()..]));
        }
        at = pos + key.len();
    }
    None
}

/// A field's value at the start of `rest`: quoted (`"…"`) or up to a space, `}` or `:`.
fn value_at(rest: &str) -> &str {
    if let Some(quoted) = rest.strip_prefix('"') {
        return quoted.split('"').next().unwrap_or_default();
    }
    let end = rest.find([' ', '}', ':', ',']).unwrap_or(rest.len());
    &rest[..end]
}

#[cfg(test)]
mod tests {
    use super::Filter;

    const LINE: &str = "2026-11-27T10:00:00.123+01:00  INFO action{id=a-1 kind=\"payout\" idempotency_key=k-1 \
                        attempt=1}:escrow_api.call{operation=\"PayoutTransaction\" method=POST \
                        correlation_id=\"c-9\" idempotent=true}: escrow_api::call: sent";

    #[test]
    fn lines_of_one_action_and_one_call() {
        let f = |action: Option<&str>, correlation: Option<&str>| Filter {
            action: action.map(Into::into),
            correlation: correlation.map(Into::into),
        };
        assert!(f(None, None).matches(LINE));
        assert!(f(Some("a-1"), None).matches(LINE));
        assert!(f(Some("a-1"), Some("c-9")).matches(LINE));
        assert!(!f(Some("a-"), None).matches(LINE), "whole ids only");
        assert!(!f(Some("k-1"), None).matches(LINE), "the action's id, not another field");
        assert!(!f(None, Some("c")).matches(LINE));
        assert!(!f(Some("a-1"), None).matches("2026-11-27 INFO escrow_desk: started id=a-1"));
    }
}
