//! Users: accounts, connections, guests and bank accounts.

pub mod actions;
pub mod commands;
pub mod lookup;
pub mod service;
mod state;

pub use state::Users;
