//! Payments into escrow: create, initialize, instructions, authorize/fail, transfers.

pub mod routes;
