//! Webhooks for the Events page: the service's example of every event and, for the
//! built-in Sandbox, its deliveries and a test event.

pub mod commands;
pub mod service;

use crate::desk::Desk;
use std::sync::Arc;

/// The Events page's state: Tauri manages it and the commands take it.
pub struct Events {
    desk: Arc<Desk>,
}

impl Events {
    pub fn new(desk: Arc<Desk>) -> Self {
        Self { desk }
    }
}
