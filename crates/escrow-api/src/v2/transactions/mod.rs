//! Transactions (spec section 4, "Transactions"): list, read, create, and the actions
//! that move their money.

pub mod action_models;
mod actions;
pub mod create;
mod handler;
pub mod models;
pub mod query;

pub use action_models::*;
pub use create::{TransactionType, validate_create};
pub use handler::TransactionsHandler;
pub use models::*;
pub use query::{ListTransactions, MAX_TAKE};
