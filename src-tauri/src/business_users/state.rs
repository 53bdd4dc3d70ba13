//! [`BusinessUsers`], the state this domain's commands take (Tauri manages it; see `wiring.rs`).

use crate::desk::Desk;
use std::sync::Arc;

/// The business users' state: Tauri manages it and the commands take it.
pub struct BusinessUsers {
    pub(super) desk: Arc<Desk>,
}

impl BusinessUsers {
    pub fn new(desk: Arc<Desk>) -> Self {
        Self { desk }
    }
}
