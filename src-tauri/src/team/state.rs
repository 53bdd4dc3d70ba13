//! [`Team`], the state of this domain (the desk it switches between stores).

use crate::desk::Desk;
use std::sync::Arc;

/// The team link of this desk: Tauri manages it; its service joins, leaves and reports.
#[derive(Clone)]
pub struct Team {
    pub(super) desk: Arc<Desk>,
}

impl Team {
    /// Rejoins the team this data folder was joined to, if any (the password from the
    /// keychain). A team store out of reach does not stop the start: the desk's money actions
    /// then say so, and nothing falls back to the desk's own journal.
    pub fn new(desk: Arc<Desk>) -> Self {
        let team = Self { desk };
        if let Err(e) = team.restore() {
            tracing::warn!(code = ?e.code, message = %e.message, "the team link could not be restored");
        }
        team
    }
}
