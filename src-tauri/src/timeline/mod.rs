//! One transaction's history: the live record, the app's audit log and (for the built-in
//! Sandbox) its webhook deliveries, merged newest first. Each source has its own reader;
//! `merge` orders them; `service` gathers them for the command.

pub mod commands;
pub mod entry;
pub mod from_audit;
pub mod from_deliveries;
pub mod from_record;
pub mod merge;
pub mod service;

mod state;
#[cfg(test)]
mod tests;

pub use state::Timeline;
