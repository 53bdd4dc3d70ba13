//! `escrow-desk team …`, for the IT person who sets up a team store, run before any window
//! opens:
//!
//! - `team init`: creates or upgrades the schema and the group roles;
//! - `team add-staff NAME --group GROUP`: a staff member's login role, with a new password
//!   printed once (the staff member keeps it in their desk's keychain).
//!
//! Both connect as a PostgreSQL administrator (`--admin`, password from
//! `ESCROW_TEAM_ADMIN_PASSWORD` or the first line of standard input). Exit code 0 (done),
//! 1 (the server refused or could not be reached) or 2 (a usage error).

use crate::admin::{Task, administer};
use crate::connect::{TeamConfig, Tls};
use crate::staff::Group;
use std::ffi::OsString;
use std::io::{BufRead, Write};

/// The first argument that selects these commands.
pub const COMMAND: &str = "team";

const USAGE: &str = "usage: escrow-desk team init --url postgres://HOST[:PORT]/DATABASE --admin ROLE [--ca-file PEM]\n\
    \x20      escrow-desk team add-staff NAME --group viewer|operator|approver|admin --url … --admin ROLE [--ca-file PEM]\n\
    The administrator's password is read from ESCROW_TEAM_ADMIN_PASSWORD, else from the first line of standard input.\n\
    A host other than this machine is reached over TLS, its certificate checked against the system's trust store\n\
    or the CA certificates in --ca-file.";

/// What the command line asked for.
struct Args {
    command: String,
    staff: Option<String>,
    group: Option<Group>,
    url: Option<String>,
    admin: Option<String>,
    ca_file: Option<std::path::PathBuf>,
}

/// Runs `team …` with the arguments after `team`; answers the exit code.
pub fn run(args: &[OsString], input: &mut dyn BufRead, out: &mut dyn Write) -> i32 {
    let args = match parse(args) {
        Ok(a) => a,
        Err(why) => return say(out, &format!("{why}\n{USAGE}"), 2),
    };
    let (Some(url), Some(admin)) = (args.url.clone(), args.admin.clone()) else {
        return say(out, &format!("--url and --admin are needed\n{USAGE}"), 2);
    };
    let password = match std::env::var("ESCROW_TEAM_ADMIN_PASSWORD") {
        Ok(p) => p,
        Err(_) => {
            let mut line = String::new();
            if input.read_line(&mut line).is_err() || line.trim_end_matches(['\r', '\n']).is_empty() {
                return say(out, "no administrator password: set ESCROW_TEAM_ADMIN_PASSWORD or give it on stdin", 2);
            }
            line.trim_end_matches(['\r', '\n']).to_owned()
        }
    };
    let tls = args.ca_file.clone().map_or(Tls::SystemRoots, Tls::CaFile);
    let config = TeamConfig { url, user: admin, password, tls };
    let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
        Ok(r) => r,
        Err(e) => return say(out, &format!("cannot start: {e}"), 1),
    };
    let task = match (args.command.as_str(), args.staff, args.group) {
        ("init", _, _) => Task::Init,
        ("add-staff", Some(name), Some(group)) => Task::AddStaff { name, group },
        _ => return say(out, &format!("add-staff needs a NAME and --group\n{USAGE}"), 2),
    };
    let done = runtime.block_on(administer(&config, &task));
    match done {
        Ok(text) => say(out, &text, 0),
        Err(e) if e.code == desk_core::error::ErrorCode::Validation => say(out, &format!("{}\n{USAGE}", e.message), 2),
        Err(e) => say(out, &e.message, 1),
    }
}

fn parse(raw: &[OsString]) -> Result<Args, String> {
    let mut words = raw.iter().map(|a| a.to_str().ok_or("an argument is not valid UTF-8").map(str::to_owned));
    let command = words.next().transpose()?.ok_or("which command: init or add-staff?")?;
    if !matches!(command.as_str(), "init" | "add-staff") {
        return Err(format!("unknown command {command}"));
    }
    let mut args = Args { command, staff: None, group: None, url: None, admin: None, ca_file: None };
    while let Some(word) = words.next().transpose()? {
        let mut value = || words.next().transpose()?.ok_or(format!("{word} needs a value"));
        match word.as_str() {
            "--url" => args.url = Some(value()?),
            "--admin" => args.admin = Some(value()?),
            "--ca-file" => args.ca_file = Some(value()?.into()),
            "--group" => args.group = Some(group(&value()?)?),
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag}")),
            _ if args.command == "add-staff" && args.staff.is_none() => args.staff = Some(word),
            _ => return Err(format!("unexpected {word}")),
        }
    }
    Ok(args)
}

fn group(name: &str) -> Result<Group, String> {
    Group::parse(name).ok_or_else(|| format!("unknown group {name}"))
}

fn say(out: &mut dyn Write, text: &str, code: i32) -> i32 {
    // Nothing more to do when stdout is gone; the exit code still tells.
    let _ = writeln!(out, "{text}");
    code
}
