//! Webhooks for the Events page: the service's example of every event and, for the
//! built-in Sandbox, its deliveries and a test event.

pub mod commands;
pub mod service;
mod state;

pub use state::Events;
