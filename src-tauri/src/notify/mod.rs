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
use std::sync::Arc;

/// The notifications' state (the setting, and what the mirror noticed): Tauri manages it and the commands take it.
pub struct Notify {
    desk: Arc<Desk>,
}

impl Notify {
    pub fn new(desk: Arc<Desk>) -> Self {
        Self { desk }
    }
}
