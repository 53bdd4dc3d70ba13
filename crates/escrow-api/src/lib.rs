//! Typed async client of the escrow payment service's v2 API.
//!
//! - Money is [`rust_decimal::Decimal`], never a float ([`money`]).
//! - Every call sends an `X-Correlation-Id`; operations that accept an
//!   `Idempotency-Key` always send one, the same on every retry ([`CallOptions`]).
//! - Every failure is an [`Error`] whose [`ErrorKind`] names what went wrong.
//! - Enums keep values they do not know ([`enums`]).
//!
//! ```no_run
//! # async fn demo() -> escrow_api::Result<()> {
//! let client = escrow_api::Client::builder("http://127.0.0.1:8080", "api-key").build()?;
//! let page = client.transactions().list(&Default::default()).await?;
//! println!("{} transactions", page.count);
//! # Ok(()) }
//! ```

#![warn(missing_docs)]

mod call;
pub mod client;
pub mod dialect;
pub mod transport;
#[macro_use]
pub mod enums;
pub mod error;
pub mod export;
pub mod keys;
pub mod lenient;
pub mod money;
pub mod network;
pub mod overrides;
mod response;
pub mod retry;
pub mod routes;
pub mod trade;
pub mod v2;
pub mod validate;

pub use client::{CallOptions, Client, ClientBuilder, Meta, Response};
pub use dialect::Dialect;
pub use error::{Error, ErrorBody, ErrorKind, Problem, Result};
pub use keys::{CorrelationId, IdempotencyKey};
pub use response::DEFAULT_MAX_RESPONSE_BYTES;
pub use retry::RetryPolicy;
pub use routes::{Routes, UnspecifiedRoute, V2Route};
// The v2 resources (`escrow_api::transactions`, …), their models and handles, at the root.
pub use v2::*;

/// The README's examples, compiled by `cargo test --doc` so the quick start stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
