//! [`Updates`], the state this domain's commands take (Tauri manages it; see `wiring.rs`).

use crate::desk::Desk;
use std::sync::Arc;

/// The updates' state (the update URL setting): Tauri manages it and the commands take it.
pub struct Updates {
    pub(super) desk: Arc<Desk>,
}

impl Updates {
    pub fn new(desk: Arc<Desk>) -> Self {
        Self { desk }
    }
}
