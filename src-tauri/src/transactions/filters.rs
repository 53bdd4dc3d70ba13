//! The live list with filters the service cannot apply: the desk reads every match of the
//! search once through the export stream, filters in Rust ([`Checked::matches`]) and pages
//! locally. The result is cached for a few seconds per environment, search and filter set,
//! so paging through it does not re-read everything. The filters themselves are the
//! mirror's (`desk_mirror::filters`), which applies the same ones in SQL.

use escrow_api::TransactionListItem;
use std::sync::Arc;
use std::time::{Duration, Instant};

pub use desk_mirror::filters::{Checked, TransactionFilters, paid_in};

/// How long a filtered result is reused for paging.
pub const CACHE_FOR: Duration = Duration::from_secs(15);

/// A filtered result kept for paging.
pub struct Cached {
    pub key: (String, Option<String>, TransactionFilters),
    pub at: Instant,
    pub items: Arc<Vec<TransactionListItem>>,
}

impl Cached {
    pub fn fresh_for(&self, key: &(String, Option<String>, TransactionFilters)) -> bool {
        &self.key == key && self.at.elapsed() < CACHE_FOR
    }
}
