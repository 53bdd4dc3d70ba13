//! The Auto module: bill of sale and debt settlement on car-trade transactions.

pub mod access;
pub mod bill_of_sale;
pub mod debt;
pub mod files;
pub mod routes;
pub mod sign;
pub mod store;
pub mod validation;

#[cfg(test)]
mod tests;
