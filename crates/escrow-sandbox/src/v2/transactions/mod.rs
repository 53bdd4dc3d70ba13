//! Transactions: create, list and search, read, and the actions on one (cancel, payout,
//! reimburse, update, change amount, add a party). [`machine`] holds the rules.

pub mod actions;
pub mod machine;
mod ord;
pub mod published;
pub mod routes;
pub mod search;
mod search_filter;
pub mod split_count;
pub mod store;
pub mod view;
