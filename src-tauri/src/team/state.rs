//! [`Team`], the state of this domain: the desk it switches between stores, the link to the
//! team store once joined, and what this desk last heard from it.

use super::heard::TeamPulse;
use crate::desk::Desk;
use crate::notifications::sender::Notices;
use desk_team::Connection;
use std::sync::{Arc, Mutex};
use tokio::sync::watch;

/// The team link of this desk: Tauri manages it; its service joins, leaves and reports.
#[derive(Clone)]
pub struct Team {
    pub(super) desk: Arc<Desk>,
    pub(super) link: Arc<Mutex<Option<Link>>>,
    /// What the listener heard last; a desk's page waits on it ([`Team::next_change`]).
    pub(super) pulse: Arc<watch::Sender<TeamPulse>>,
    pub(super) notices: Notices,
}

/// A joined team store: the staff member's connection for approvals and the queue (the
/// journal holds its own), and the task that listens for the team's changes.
pub(super) struct Link {
    pub conn: Connection,
    pub listening: tauri::async_runtime::JoinHandle<()>,
}

impl Drop for Link {
    /// Leaving (or joining another store) stops the listening.
    fn drop(&mut self) {
        self.listening.abort();
    }
}

impl Team {
    /// Rejoins the team this data folder was joined to, if any (the password from the
    /// keychain). A team store out of reach does not stop the start: the desk's money actions
    /// then say so, and nothing falls back to the desk's own journal.
    pub fn new(desk: Arc<Desk>, notices: Notices) -> Self {
        let team = Self {
            desk,
            link: Arc::new(Mutex::new(None)),
            pulse: Arc::new(watch::Sender::new(TeamPulse::default())),
            notices,
        };
        if let Err(e) = team.restore() {
            tracing::warn!(code = ?e.code, message = %e.message, "the team link could not be restored");
        }
        team
    }

    /// The team store's connection of this desk's staff member; refused when not joined.
    pub(super) fn connection(&self) -> Result<Connection, crate::error::AppError> {
        let link = self.link.lock().unwrap_or_else(|p| p.into_inner());
        link.as_ref()
            .map(|l| l.conn.clone())
            .ok_or_else(|| crate::error::AppError::validation("This desk has not joined a team."))
    }
}
