//! `escrow-desk team join|leave|status`: a desk's team link from the command line, for an IT
//! person's rollout script and for `make team-demo`, before any window opens. The same as
//! Environments → Team: the password goes to the OS keychain (from `ESCROW_TEAM_PASSWORD`,
//! else the first line of standard input), the store is checked before the link is kept.
//! The data folder is `ESCROW_DESK_DATA_DIR`, else the app's own. `team init` and
//! `team add-staff` are the team store's own (`desk_team::cli`). Exit code 0 (done), 1 (refused
//! or out of reach) or 2 (a usage error).

use super::{JoinTeam, Team, TeamStatus};
use crate::appdb::AppDb;
use crate::desk::Desk;
use crate::notifications::sender::Notices;
use crate::settings::keychain::Keychain;
use std::ffi::OsString;
use std::io::{BufRead, Write};
use std::path::PathBuf;

/// The subcommands answered here; the others of `team` are the team store's.
pub const SUBCOMMANDS: [&str; 3] = ["join", "leave", "status"];

const USAGE: &str = "usage: escrow-desk team join --url postgres://HOST[:PORT]/DATABASE --user LOGIN [--ca-file PEM]\n\
    \x20      escrow-desk team leave | status\n\
    The staff member's password is read from ESCROW_TEAM_PASSWORD, else from the first line of standard input.\n\
    The data folder is ESCROW_DESK_DATA_DIR, else Escrow Desk's own.";

/// Runs `team join|leave|status` (the arguments after `team`); answers the exit code.
pub fn run(args: &[OsString], keychain: Keychain, input: &mut dyn BufRead, out: &mut dyn Write) -> i32 {
    let args: Vec<String> = args.iter().map(|a| a.to_string_lossy().into_owned()).collect();
    let Some(dir) = data_dir() else {
        return say(out, "cannot tell where Escrow Desk keeps its data: set ESCROW_DESK_DATA_DIR", 2);
    };
    let opened = AppDb::open(&dir).and_then(|db| Desk::new(db, keychain, None));
    let desk = match opened {
        Ok(d) => std::sync::Arc::new(d),
        Err(e) => return say(out, &format!("cannot open the data folder {}: {}", dir.display(), e.message), 1),
    };
    let team = Team::new(desk, Notices::default());
    let answer = match args.first().map(String::as_str) {
        Some("status") => team.team_status(),
        Some("leave") => team.leave_team(),
        Some("join") => match join_input(&args[1..], input) {
            Ok(join) => tauri::async_runtime::block_on(team.join_team(&join)),
            Err(why) => return say(out, &format!("{why}\n{USAGE}"), 2),
        },
        _ => return say(out, USAGE, 2),
    };
    match answer {
        Ok(status) => say(out, &describe(&status), 0),
        Err(e) => say(out, &e.message, 1),
    }
}

fn join_input(args: &[String], input: &mut dyn BufRead) -> Result<JoinTeam, String> {
    let (mut url, mut user, mut ca_file) = (None, None, None);
    let mut rest = args.iter();
    while let Some(flag) = rest.next() {
        let value = rest.next().cloned().ok_or_else(|| format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--url" => url = Some(value),
            "--user" => user = Some(value),
            "--ca-file" => ca_file = Some(value),
            other => return Err(format!("unknown option {other}")),
        }
    }
    let (Some(url), Some(user)) = (url, user) else { return Err("--url and --user are needed".into()) };
    let password = match std::env::var("ESCROW_TEAM_PASSWORD") {
        Ok(p) => p,
        Err(_) => {
            let mut line = String::new();
            input.read_line(&mut line).map_err(|e| e.to_string())?;
            line.trim_end_matches(['\r', '\n']).to_owned()
        }
    };
    Ok(JoinTeam { url, user, password, ca_file })
}

fn describe(status: &TeamStatus) -> String {
    match (&status.url, &status.user) {
        (Some(url), Some(user)) if status.joined => format!("joined: {url} as {user}"),
        _ => "not joined: this desk journals in its own data folder".into(),
    }
}

/// `ESCROW_DESK_DATA_DIR`, else the app's data folder (`$XDG_DATA_HOME` or `~/.local/share`,
/// then the app's identifier, as Tauri names it on Linux).
fn data_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os(crate::DATA_DIR_ENV).filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    let absolute = |name: &str| std::env::var_os(name).map(PathBuf::from).filter(|p| p.is_absolute());
    let base = absolute("XDG_DATA_HOME").or_else(|| absolute("HOME").map(|h| h.join(".local/share")))?;
    Some(base.join("dk.escrowdesk.app"))
}

fn say(out: &mut dyn Write, text: &str, code: i32) -> i32 {
    let _ = writeln!(out, "{text}");
    code
}
