//! Users: accounts, connections, guests and bank accounts.

pub mod commands;
pub mod service;
