//! Settings as stored: environment profiles and the app's settings table, their API keys in
//! the OS keychain, per-profile route overrides and action-type names. The core ([`Desk`])
//! reads them; the Environments page's commands are in [`crate::environments`].
//!
//! [`Desk`]: crate::desk::Desk

pub mod environments;
pub mod keychain;
pub mod network;
pub mod policy;
pub mod route_overrides;
