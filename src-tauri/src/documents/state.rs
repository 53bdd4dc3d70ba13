//! [`Documents`], the state this domain's commands take (Tauri manages it; see `wiring.rs`).

use crate::desk::Desk;
use std::sync::Arc;

/// The documents' state: Tauri manages it and the commands take it.
pub struct Documents {
    pub(super) desk: Arc<Desk>,
}

impl Documents {
    pub fn new(desk: Arc<Desk>) -> Self {
        Self { desk }
    }
}
