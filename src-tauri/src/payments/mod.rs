//! Payments of a transaction: create, initialize (journaled) and the manual-transfer
//! instructions.

pub mod actions;
pub mod commands;
pub mod instructions;
pub mod service;
mod state;

pub use state::Payments;
