//! [`Papers`], the state this domain's commands take (Tauri manages it; see `wiring.rs`).

use crate::desk::Desk;
use crate::save_as::SaveAs;
use std::sync::Arc;

/// What printing and saving a deal's paper needs: the active environment's client, and the
/// files chosen in the Save dialog.
pub struct Papers {
    pub(super) desk: Arc<Desk>,
    pub(super) save_as: SaveAs,
}

impl Papers {
    pub fn new(desk: Arc<Desk>, save_as: SaveAs) -> Self {
        Self { desk, save_as }
    }
}
