//! Payments into escrow: create (keyed; each call makes a new payment) and initialize.

mod handler;
pub mod models;

pub use handler::PaymentsHandler;
pub use models::*;
