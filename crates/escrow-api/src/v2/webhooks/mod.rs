//! Webhooks: the payloads the service sends, and its examples of them.

mod handler;
pub mod models;

pub use handler::WebhooksHandler;
pub use models::*;
