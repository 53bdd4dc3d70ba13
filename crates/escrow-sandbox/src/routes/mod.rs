//! The HTTP surface: `/v2` (the service) and `/_sandbox` (control and inspection).

pub mod actions;
pub mod auto;
pub mod connect;
pub mod control;
pub mod documents;
pub mod hosted_accounts;
pub mod hosted_payments;
pub mod payments;
pub mod split_payouts;
pub mod transactions;
pub mod users;
pub mod webhook_examples;

use crate::error::ApiError;
use serde::de::DeserializeOwned;

/// Parses a JSON request body into `T`, answering 400 with the reason when it does not fit.
pub fn parse_json<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    let text: &[u8] = if body.iter().all(u8::is_ascii_whitespace) { b"{}" } else { body };
    serde_json::from_slice(text).map_err(|e| ApiError::bad_request("Invalid request", e.to_string()))
}
