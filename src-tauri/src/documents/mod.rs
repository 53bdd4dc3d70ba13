//! Documents of a transaction: upload, sign, download, delete.

pub mod actions;
pub mod browse;
pub mod commands;
pub mod service;

use crate::desk::Desk;
use std::sync::Arc;

/// The documents' state: Tauri manages it and the commands take it.
pub struct Documents {
    desk: Arc<Desk>,
}

impl Documents {
    pub fn new(desk: Arc<Desk>) -> Self {
        Self { desk }
    }
}
