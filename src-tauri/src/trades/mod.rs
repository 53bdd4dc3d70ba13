//! The business-user and trade API: business users, trades and their actions.

pub mod actions;
pub mod commands;
pub mod inputs;
pub mod service;
