//! A start-up that cannot open its data (a read-only or full disk, a path that is a file,
//! a folder another Escrow Desk holds, a database from a newer version) still opens the
//! window, which says what is wrong and where, instead of exiting silently.

pub mod commands;

use std::sync::OnceLock;

static PROBLEM: OnceLock<String> = OnceLock::new();

/// Records why the app could not start; the window shows it instead of the desk.
pub fn record(problem: String) {
    tracing::error!(%problem, "cannot open the app's data");
    let _ = PROBLEM.set(problem);
}

/// Why the app could not start, if it could not.
pub fn problem() -> Option<String> {
    PROBLEM.get().cloned()
}
