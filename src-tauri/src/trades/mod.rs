//! The business-user and trade API: business users, trades and their actions.

pub mod actions;
pub mod checks;
pub mod commands;
pub mod inputs;
pub mod journaled;
pub mod requests;
pub mod service;

use crate::desk::Desk;
use std::sync::Arc;

/// The trades' state: Tauri manages it and the commands take it.
pub struct Trades {
    desk: Arc<Desk>,
}

impl Trades {
    pub fn new(desk: Arc<Desk>) -> Self {
        Self { desk }
    }
}
