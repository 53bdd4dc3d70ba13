//! Transactions: the list and its filters, the detail, new transactions and the CSV
//! export.

pub mod actions;
pub mod commands;
pub mod consequence_service;
pub mod create;
pub mod export;
pub mod filters;
pub mod list;
pub mod offline;
pub mod review;
pub mod service;
pub mod sort;

use crate::desk::Desk;
use crate::mirror::sync::Mirror;
use crate::notify::sender::Notices;
use crate::save_as::SaveAs;
use std::sync::{Arc, Mutex};

/// The transactions' state (the list and its cache, the detail, exports, new deals): Tauri
/// manages it and the commands take it.
pub struct Transactions {
    desk: Arc<Desk>,
    /// The mirror's connections: the list's search, filters and sort, and the offline copy.
    mirror: Mirror,
    /// The chosen files exports redeem, and where exports go without a dialog.
    save_as: SaveAs,
    /// A long export that ends while the window is away is announced.
    notices: Notices,
    /// The last filtered result, for paging (see [`filters`]).
    filtered: Mutex<Option<filters::Cached>>,
    exports: export::Exports,
}

impl Transactions {
    pub fn new(desk: Arc<Desk>, mirror: Mirror, save_as: SaveAs, notices: Notices) -> Self {
        Self { desk, mirror, save_as, notices, filtered: Mutex::new(None), exports: export::Exports::default() }
    }
}
