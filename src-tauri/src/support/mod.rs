//! Support: log files support can ask for, and a diagnostics summary a user can copy.
//! Neither ever holds an API key (see `redact`).

pub mod commands;
pub mod diagnostics;
pub mod logging;
pub mod recent;
pub mod redact;
