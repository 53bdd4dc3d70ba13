//! A start-up that cannot open its data (a read-only or full disk, a path that is a file,
//! a folder another Escrow Desk holds, a database from a newer version) still opens the
//! window, which says what is wrong and where, instead of exiting silently. What start-up
//! repaired on its own (a damaged database moved aside) is told as a notice beside the desk.

pub mod commands;
mod report;

pub use report::{
    NoticeKind, StartupNotice, StartupReport, moved_aside_notice, notice, policy_notice, problem, record, report,
};
