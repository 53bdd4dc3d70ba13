//! Bulk work on the transactions list: one confirmation for many transactions, each
//! still its own journaled, exactly-once action with its own Idempotency-Key (see
//! [`crate::journal`]). A run is prepared from live records ([`prepare`]), confirmed by
//! typing the total per currency ([`totals`]), then run a few at a time with progress the
//! UI polls ([`runner`], [`jobs`]); what failed can be retried, an unclear outcome with
//! its own key. Every audit row of a run names its batch id.

pub mod commands;
pub mod eligibility;
pub mod jobs;
pub mod model;
pub mod note;
pub mod prepare;
pub mod runner;
pub mod service;
mod state;
pub mod totals;

pub use state::Bulk;
