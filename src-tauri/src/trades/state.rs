//! [`Trades`], the state this domain's commands take (Tauri manages it; see `wiring.rs`).

use crate::desk::Desk;
use std::sync::Arc;

/// The trades' state: Tauri manages it and the commands take it.
pub struct Trades {
    pub(super) desk: Arc<Desk>,
}

impl Trades {
    pub fn new(desk: Arc<Desk>) -> Self {
        Self { desk }
    }
}
