//! The Auto modules of a vehicle deal: bill of sale and debt information.

pub mod actions;
pub mod commands;
pub mod service;
mod state;

pub use state::Auto;
