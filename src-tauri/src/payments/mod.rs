//! Payments of a transaction: create, initialize (journaled) and the manual-transfer
//! instructions.

pub mod actions;
pub mod commands;
pub mod instructions;
pub mod service;

use crate::desk::Desk;
use std::sync::Arc;

/// The payments' state: Tauri manages it and the commands take it.
pub struct Payments {
    desk: Arc<Desk>,
}

impl Payments {
    pub fn new(desk: Arc<Desk>) -> Self {
        Self { desk }
    }
}
