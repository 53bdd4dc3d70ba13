//! Raw writes to stdout, beneath both the normal output and the error report, so neither
//! has to reach into the other.

use std::io::Write;

/// Writes `text`; a closed pipe (`escrow ... | head`) is not an error.
pub fn write(text: &str) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e),
        _ => Ok(()),
    }
}

/// `value` as pretty JSON, best effort (for error reports, which have no one to fail to).
pub fn json_best_effort(value: &serde_json::Value) {
    if let Ok(text) = serde_json::to_string_pretty(value) {
        let _ = write(&format!("{text}\n"));
    }
}
