//! The Environments page: profiles and their keys, the connection test, the active
//! environment, and the staff name the audit log records. Profiles themselves are the
//! core's ([`Desk`]); changing a key or deleting a profile also forgets what the mirror
//! kept for it.

pub mod commands;
pub mod profiles;
pub mod staff;
mod state;

pub use state::Environments;
