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
use std::sync::Arc;

/// The transactions' state (the list and its cache, the detail, exports, new deals): Tauri manages it and the commands take it.
pub struct Transactions {
    desk: Arc<Desk>,
}

impl Transactions {
    pub fn new(desk: Arc<Desk>) -> Self {
        Self { desk }
    }
}
