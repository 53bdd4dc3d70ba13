//! The `escrow` binary end to end: real processes against a real sandbox over HTTP.

mod exit_codes;
mod export;
mod harness;
mod help;
mod profile;
mod published;
mod transaction_edits;
mod transactions;
mod users_connect;
mod webhooks;
