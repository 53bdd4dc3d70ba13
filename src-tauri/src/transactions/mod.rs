//! Transactions: the list and its filters, the detail, new transactions and the CSV
//! export.

pub mod actions;
pub mod commands;
pub mod consequence_service;
pub mod create;
pub mod export;
pub mod export_note;
pub mod filters;
pub mod list;
pub mod offline;
pub mod review;
pub mod service;
pub mod sort;
mod state;

pub use state::Transactions;
