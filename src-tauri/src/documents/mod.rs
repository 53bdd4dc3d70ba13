//! Documents of a transaction: upload, sign, download, delete.

pub mod actions;
pub mod browse;
pub mod commands;
pub mod service;
mod state;

pub use state::Documents;
