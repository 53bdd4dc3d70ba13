//! Settings: environment profiles, their API keys in the OS keychain, per-profile route
//! overrides and action-type names, and the staff name the audit log records.

pub mod commands;
pub mod environments;
pub mod keychain;
pub mod route_overrides;
pub mod staff;
