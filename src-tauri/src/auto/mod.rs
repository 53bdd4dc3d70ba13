//! The Auto modules of a vehicle deal: bill of sale and debt information.

pub mod actions;
pub mod commands;
pub mod service;

use crate::desk::Desk;
use std::sync::Arc;

/// The Auto modules' state: Tauri manages it and the commands take it.
pub struct Auto {
    desk: Arc<Desk>,
}

impl Auto {
    pub fn new(desk: Arc<Desk>) -> Self {
        Self { desk }
    }
}
