//! [`Bulk`], the state this domain's commands take (Tauri manages it; see `wiring.rs`).

use crate::desk::Desk;
use crate::notifications::sender::Notices;
use std::sync::Arc;

/// The bulk runs' state (this session's runs, polled): Tauri manages it and the commands
/// take it.
pub struct Bulk {
    pub(super) desk: Arc<Desk>,
    pub(super) batches: super::jobs::Batches,
    /// A run that ends while the window is away is announced.
    pub(super) notices: Notices,
}

impl Bulk {
    pub fn new(desk: Arc<Desk>, notices: Notices) -> Self {
        Self { desk, batches: super::jobs::Batches::default(), notices }
    }
}
