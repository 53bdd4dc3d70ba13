//! [`Auto`], the state this domain's commands take (Tauri manages it; see `wiring.rs`).

use crate::desk::Desk;
use std::sync::Arc;

/// The Auto modules' state: Tauri manages it and the commands take it.
pub struct Auto {
    pub(super) desk: Arc<Desk>,
}

impl Auto {
    pub fn new(desk: Arc<Desk>) -> Self {
        Self { desk }
    }
}
