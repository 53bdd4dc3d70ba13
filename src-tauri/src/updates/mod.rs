//! Signed updates: the update URL setting (empty = off), the check against it, and the
//! download + signature check + install that runs only after the user said yes.

pub mod commands;
pub mod service;
pub mod settings;
mod state;

pub use state::Updates;
