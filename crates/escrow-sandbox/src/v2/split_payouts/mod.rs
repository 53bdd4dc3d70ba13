//! Split payouts of a transaction: list, create, cancel.

pub mod routes;
