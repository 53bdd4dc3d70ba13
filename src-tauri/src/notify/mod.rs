//! Desktop notifications, sent from Rust (the web view has no notification permission):
//! a long export or a bulk run that ends while the window is unfocused, and — when turned
//! on — mirror changes that need a person. Texts hold counts and deal titles only.

pub mod commands;
pub mod note;
pub mod plugin;
pub mod sender;
pub mod settings;
pub mod watch;

use crate::desk::Desk;
use crate::mirror::sync::Mirror;
use sender::Notices;
use std::sync::Arc;

/// The notifications' state (the setting, where notes go and the window's focus, and what
/// the mirror noticed): Tauri manages it and the commands take it; the scheduler holds a
/// handle (cheap to clone).
#[derive(Clone)]
pub struct Notify {
    desk: Arc<Desk>,
    notices: Notices,
    mirror: Mirror,
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
