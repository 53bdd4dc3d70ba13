//! `escrow-desk verify-audit FILE [--partial]`, run before any window opens: verifies an
//! exported audit CSV with the audit key of this machine's keychain (the key never leaves
//! it: the auditor runs the command on the machine and user account that wrote the log).
//! Prints OK or the first bad row; exit code 0 (verified), 1 (not verified) or 2 (the
//! file or the key could not be read, or a usage error).

use super::file_check::verify_csv;
use super::key;
use crate::vault::Vault;
use std::ffi::OsString;
use std::io::Write;

/// The first argument that selects this command.
pub const COMMAND: &str = "verify-audit";

const USAGE: &str = "usage: escrow-desk verify-audit FILE.csv [--partial]\n\
    Verifies an audit log exported by Escrow Desk (Audit log → Export CSV) with this machine's audit key.\n\
    --partial  the file is a filtered export: rows may be missing between the ones it holds.";

/// Runs the command with the arguments after `verify-audit`; answers the exit code.
pub fn verify_audit(args: &[OsString], keychain: &dyn Vault, out: &mut dyn Write) -> i32 {
    let mut file = None;
    let mut partial = false;
    for arg in args {
        match arg.to_str() {
            Some("--partial") => partial = true,
            Some("-h" | "--help") => return say(out, USAGE, 0),
            Some(flag) if flag.starts_with("--") => return say(out, &format!("unknown option {flag}\n{USAGE}"), 2),
            _ if file.is_none() => file = Some(std::path::PathBuf::from(arg)),
            _ => return say(out, USAGE, 2),
        }
    }
    let Some(path) = file else { return say(out, USAGE, 2) };
    let text = match std::fs::read(&path) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => return say(out, &format!("cannot read {}: {e}", path.display()), 2),
    };
    let key = match key::load(keychain) {
        Ok(Some(key)) => key,
        Ok(None) => {
            return say(
                out,
                "this keychain holds no Escrow Desk audit key: run the command on the machine and user account that \
                 wrote the log",
                2,
            );
        }
        Err(e) => return say(out, &format!("the audit key cannot be read: {}", e.message), 2),
    };
    let verdict = verify_csv(&text, &key, partial);
    say(out, &verdict.lines.join("\n"), if verdict.ok { 0 } else { 1 })
}

fn say(out: &mut dyn Write, text: &str, code: i32) -> i32 {
    // Nothing more to do when stdout is gone; the exit code still tells.
    let _ = writeln!(out, "{text}");
    code
}
