//! Documents of a transaction, and the Auto bill of sale and debt information.

pub mod actions;
pub mod commands;
pub mod files;
pub mod service;
