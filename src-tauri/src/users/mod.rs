//! Users: accounts, connections, guests and bank accounts.

pub mod actions;
pub mod commands;
pub mod lookup;
pub mod service;

use crate::desk::Desk;
use std::sync::Arc;

/// The users' state: Tauri manages it and the commands take it.
pub struct Users {
    desk: Arc<Desk>,
}

impl Users {
    pub fn new(desk: Arc<Desk>) -> Self {
        Self { desk }
    }
}
