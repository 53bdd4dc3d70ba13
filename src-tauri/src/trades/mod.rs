//! The business-user and trade API: business users, trades and their actions.

pub mod actions;
pub mod checks;
pub mod commands;
pub mod inputs;
pub mod journaled;
pub mod requests;
pub mod service;
mod state;

pub use state::Trades;
