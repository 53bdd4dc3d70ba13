//! The tables the client is configured with: where each operation of both APIs lives,
//! and what the published trade API's numeric action types mean.
//!
//! They sit apart from the operations so the client core can hold them without knowing
//! any operation, and every operation can use the core without a way back.

pub mod action_codes;
mod path;
pub mod trade;
pub mod v2;

pub use v2::{Routes, UnspecifiedRoute, V2Route};
