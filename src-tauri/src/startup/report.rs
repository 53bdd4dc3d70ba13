//! What start-up found: the fatal problem (the window shows it instead of the desk) and
//! the notices (shown beside the desk, which works).

use crate::appdb::quarantine::MovedAside;
use serde::Serialize;
use std::sync::{Mutex, OnceLock};
use ts_rs::TS;

static PROBLEM: OnceLock<String> = OnceLock::new();
static NOTICES: Mutex<Vec<StartupNotice>> = Mutex::new(Vec::new());

/// What start-up repaired on its own, for the UI to word in the user's language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum NoticeKind {
    /// The app database was damaged, moved aside, and a fresh one started.
    DatabaseMovedAside,
    /// The built-in Sandbox's database was damaged, moved aside, and re-seeded.
    SandboxMovedAside,
    /// The organisation's policy file could not be read or is not a policy: nothing of it is
    /// applied (`path` is the file).
    PolicyUnreadable,
}

/// One thing start-up did that the user must know about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct StartupNotice {
    pub kind: NoticeKind,
    /// Where the damaged file was kept.
    pub path: String,
    /// The same in English words (also printed to the log).
    pub message: String,
}

/// Start-up as the window asks for it first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct StartupReport {
    /// Why the app could not open its data (the desk is not there), if it could not.
    pub problem: Option<String>,
    pub notices: Vec<StartupNotice>,
}

/// Records why the app could not start; the window shows it instead of the desk.
pub fn record(problem: String) {
    tracing::error!(%problem, "cannot open the app's data");
    let _ = PROBLEM.set(problem);
}

/// Records a notice for the window.
pub fn notice(n: StartupNotice) {
    tracing::warn!(notice = %n.message, "start-up notice");
    if let Ok(mut list) = NOTICES.lock() {
        list.push(n);
    }
}

/// The notice for a damaged database that was moved aside.
pub fn moved_aside_notice(kind: NoticeKind, moved: &MovedAside) -> StartupNotice {
    let path = moved.to.display().to_string();
    let message = match kind {
        NoticeKind::DatabaseMovedAside => format!(
            "Your local database was damaged ({}). It was moved to {path}; pending actions recorded in it \
             could not be read, and the environments you added must be added again (their API keys are still \
             in the system keychain). Nothing was deleted: keep the moved file for support. A fresh database was started.",
            moved.why
        ),
        NoticeKind::SandboxMovedAside => format!(
            "The built-in Sandbox's database was damaged ({}). It was moved to {path} and the Sandbox started \
             again with fresh demo data.",
            moved.why
        ),
        NoticeKind::PolicyUnreadable => policy_notice(&moved.to, &moved.why).message,
    };
    StartupNotice { kind, path, message }
}

/// The notice for an organisation's policy file that could not be used (`why`).
pub fn policy_notice(path: &std::path::Path, why: &str) -> StartupNotice {
    StartupNotice {
        kind: NoticeKind::PolicyUnreadable,
        path: path.display().to_string(),
        message: format!("Your organisation's policy ({why}) was not applied: ask your IT department."),
    }
}

/// Why the app could not start, if it could not.
pub fn problem() -> Option<String> {
    PROBLEM.get().cloned()
}

/// The problem and every notice so far.
pub fn report() -> StartupReport {
    let notices = NOTICES.lock().map(|l| l.clone()).unwrap_or_default();
    StartupReport { problem: problem(), notices }
}
