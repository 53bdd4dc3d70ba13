//! [`Events`], the state this domain's commands take (Tauri manages it; see `wiring.rs`).

use crate::desk::Desk;
use std::sync::Arc;

/// The Events page's state: Tauri manages it and the commands take it.
pub struct Events {
    pub(super) desk: Arc<Desk>,
}

impl Events {
    pub fn new(desk: Arc<Desk>) -> Self {
        Self { desk }
    }
}
