//! The Auto module: bill of sale and debt settlement on car-trade transactions.

pub mod routes;
pub mod store;
