//! Business users of the trade API: register, change, look up and remove them, and the
//! local list of those this desk knows.

pub mod commands;
pub mod service;
mod state;

pub use state::BusinessUsers;
