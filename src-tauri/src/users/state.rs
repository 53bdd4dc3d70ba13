//! [`Users`], the state this domain's commands take (Tauri manages it; see `wiring.rs`).

use crate::desk::Desk;
use std::sync::Arc;

/// The users' state: Tauri manages it and the commands take it.
pub struct Users {
    pub(super) desk: Arc<Desk>,
}

impl Users {
    pub fn new(desk: Arc<Desk>) -> Self {
        Self { desk }
    }
}
