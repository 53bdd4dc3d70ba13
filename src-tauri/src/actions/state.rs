//! [`Actions`], the state this domain's commands take (Tauri manages it; see `wiring.rs`).

use crate::desk::Desk;
use std::sync::Arc;

/// The journaled actions' state (run one, and the open ones): Tauri manages it and the commands take it.
pub struct Actions {
    pub(super) desk: Arc<Desk>,
}

impl Actions {
    pub fn new(desk: Arc<Desk>) -> Self {
        Self { desk }
    }

    /// The core these actions run on (diagnostics names its environment).
    pub fn desk(&self) -> &Desk {
        &self.desk
    }
}
