//! [`Notify`], the state this domain's commands take (Tauri manages it; see `wiring.rs`).

use super::sender::Notices;
use crate::desk::Desk;
use desk_mirror::sync::Mirror;
use std::sync::Arc;

/// The notifications' state (the setting, where notes go and the window's focus, and what
/// the mirror noticed): Tauri manages it and the commands take it; the scheduler holds a
/// handle (cheap to clone).
#[derive(Clone)]
pub struct Notify {
    pub(super) desk: Arc<Desk>,
    pub(super) notices: Notices,
    pub(super) mirror: Mirror,
}

impl Notify {
    /// `notices`: where notes go (the app: the desktop's; tests: captured).
    pub fn new(desk: Arc<Desk>, notices: Notices, mirror: Mirror) -> Self {
        Self { desk, notices, mirror }
    }

    /// The notifications sent, with the window's focus.
    pub fn notices(&self) -> &Notices {
        &self.notices
    }
}
