//! Documents of a transaction, and the Auto bill of sale and debt information.

pub mod commands;
pub mod service;
