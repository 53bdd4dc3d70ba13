//! [`Payments`], the state this domain's commands take (Tauri manages it; see `wiring.rs`).

use crate::desk::Desk;
use std::sync::Arc;

/// The payments' state: Tauri manages it and the commands take it.
pub struct Payments {
    pub(super) desk: Arc<Desk>,
}

impl Payments {
    pub fn new(desk: Arc<Desk>) -> Self {
        Self { desk }
    }
}
