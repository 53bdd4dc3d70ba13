//! [`Transactions`], the state this domain's commands take (Tauri manages it; see `wiring.rs`).

use crate::desk::Desk;
use crate::mirror::sync::Mirror;
use crate::notifications::sender::Notices;
use crate::save_as::SaveAs;
use std::sync::{Arc, Mutex};

/// The transactions' state (the list and its cache, the detail, exports, new deals): Tauri
/// manages it and the commands take it.
pub struct Transactions {
    pub(super) desk: Arc<Desk>,
    /// The mirror's connections: the list's search, filters and sort, and the offline copy.
    pub(super) mirror: Mirror,
    /// The chosen files exports redeem, and where exports go without a dialog.
    pub(super) save_as: SaveAs,
    /// A long export that ends while the window is away is announced.
    pub(super) notices: Notices,
    /// The last filtered result, for paging (see [`super::filters`]).
    pub(super) filtered: Mutex<Option<super::filters::Cached>>,
    pub(super) exports: super::export::Exports,
}

impl Transactions {
    pub fn new(desk: Arc<Desk>, mirror: Mirror, save_as: SaveAs, notices: Notices) -> Self {
        Self { desk, mirror, save_as, notices, filtered: Mutex::new(None), exports: super::export::Exports::default() }
    }
}
