//! Split payouts: part of a transaction's money paid to another account.

mod handler;
pub mod models;

pub use handler::SplitPayoutsHandler;
pub use models::*;
