//! [`Environments`], the state this domain's commands take (Tauri manages it; see `wiring.rs`).

use crate::desk::Desk;
use crate::mirror::MirrorService;
use std::sync::Arc;

/// The Environments page's state: Tauri manages it and the commands take it.
pub struct Environments {
    pub(super) desk: Arc<Desk>,
    pub(super) mirror: MirrorService,
}

impl Environments {
    pub fn new(desk: Arc<Desk>, mirror: MirrorService) -> Self {
        Self { desk, mirror }
    }
}
