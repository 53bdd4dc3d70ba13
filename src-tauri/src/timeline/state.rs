//! [`Timeline`], the state this domain's commands take (Tauri manages it; see `wiring.rs`).

use crate::desk::Desk;
use std::sync::Arc;

/// The timeline's state: Tauri manages it and the commands take it.
pub struct Timeline {
    pub(super) desk: Arc<Desk>,
}

impl Timeline {
    pub fn new(desk: Arc<Desk>) -> Self {
        Self { desk }
    }
}
