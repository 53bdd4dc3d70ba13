//! "Copy diagnostics": what support needs to know about this installation in one block of
//! text: versions, the OS, the folders, the current environment's kind (never its key),
//! pending actions and the last warnings and errors.

use crate::actions::Actions;
use std::fmt::Write as _;

/// The diagnostics text; `actions` is `None` when the app could not open its data.
pub async fn report(actions: Option<&Actions>) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "Escrow Desk {} ({})", env!("CARGO_PKG_VERSION"), build_kind());
    let _ = writeln!(out, "Tauri {}", tauri::VERSION);
    let _ = writeln!(out, "OS: {} ({})", os_name(), std::env::consts::ARCH);
    let _ = writeln!(
        out,
        "Log folder: {}",
        super::logging::dir().map_or("(not writing logs)".into(), |d| d.display().to_string())
    );
    let _ = writeln!(out, "WebKit memory budget: {}", crate::platform::web_memory::summary());
    if let Some(problem) = crate::startup::problem() {
        let _ = writeln!(out, "Start-up problem: {problem}");
    }
    match actions {
        Some(actions) => environment(&mut out, actions).await,
        None => out.push_str("Environment: (the app's data could not be opened)\n"),
    }
    let recent = super::recent::lines();
    let _ = writeln!(out, "Last warnings and errors ({}):", recent.len());
    for line in recent {
        let _ = writeln!(out, "  {line}");
    }
    super::redact::scrub(&out)
}

async fn environment(out: &mut String, actions: &Actions) {
    match actions.desk().list_environments() {
        Ok(list) => {
            if let Some(env) = list.environments.iter().find(|e| e.id == list.active_id) {
                let _ = writeln!(
                    out,
                    "Environment: {} — {:?}, {}, dialect {:?}, key {}",
                    env.name,
                    env.badge,
                    if env.built_in { "built-in Sandbox" } else { "profile" },
                    env.dialect,
                    key_source(env.built_in, env.has_key),
                );
                let _ = writeln!(out, "Base URL: {}", env.base_url);
            }
            let _ = writeln!(out, "Profiles: {}", list.environments.len());
        }
        Err(e) => {
            let _ = writeln!(out, "Environment: unreadable ({})", e.message);
        }
    }
    match actions.open_actions().await {
        Ok(open) => {
            let _ = writeln!(out, "Pending or unclear actions: {}", open.len());
        }
        Err(e) => {
            let _ = writeln!(out, "Pending actions: unreadable ({})", e.message);
        }
    }
}

/// Where the environment's key comes from, as the Environments page says it.
fn key_source(built_in: bool, has_key: bool) -> &'static str {
    match (built_in, has_key) {
        (true, _) => "the built-in Sandbox's demo key (nothing in the keychain)",
        (false, true) => "stored in the keychain",
        (false, false) => "not set",
    }
}

fn build_kind() -> &'static str {
    if cfg!(debug_assertions) { "debug build" } else { "release build" }
}

/// `PRETTY_NAME` from os-release where there is one.
fn os_name() -> String {
    std::fs::read_to_string("/etc/os-release")
        .ok()
        .and_then(|text| {
            text.lines().find_map(|l| l.strip_prefix("PRETTY_NAME=")).map(|v| v.trim_matches('"').to_owned())
        })
        .unwrap_or_else(|| std::env::consts::OS.to_owned())
}

#[cfg(test)]
mod tests {
    use super::key_source;

    #[test]
    fn the_built_in_sandbox_has_no_key_in_the_keychain_as_the_environments_page_says() {
        assert_eq!(key_source(true, true), "the built-in Sandbox's demo key (nothing in the keychain)");
        assert_eq!(key_source(false, true), "stored in the keychain");
        assert_eq!(key_source(false, false), "not set");
    }
}
