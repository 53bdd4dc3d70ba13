//! Settings: environment profiles, their API keys in the OS keychain, and per-profile
//! route overrides and action-type names.

pub mod commands;
pub mod environments;
pub mod keychain;
pub mod route_overrides;
