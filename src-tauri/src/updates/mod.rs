//! Signed updates: the update URL setting (empty = off), the check against it, and the
//! download + signature check + install that runs only after the user said yes.

pub mod commands;
pub mod service;
pub mod settings;

use crate::desk::Desk;
use std::sync::Arc;

/// The updates' state (the update URL setting): Tauri manages it and the commands take it.
pub struct Updates {
    desk: Arc<Desk>,
}

impl Updates {
    pub fn new(desk: Arc<Desk>) -> Self {
        Self { desk }
    }
}
