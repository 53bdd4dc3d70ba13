//! The business-user and trade API: business users, trades and their actions.

pub mod commands;
pub mod rules;
pub mod service;
