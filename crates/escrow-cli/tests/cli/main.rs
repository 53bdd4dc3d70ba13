//! The `escrow` binary end to end: real processes against a real sandbox over HTTP.

mod bank_accounts;
mod builtin_profile;
mod documents;
mod exit_codes;
mod export;
mod harness;
mod help;
mod listen;
mod logs;
mod profile;
mod published;
mod recorder;
mod tools;
mod trades;
mod transaction_edits;
mod transactions;
mod users_connect;
mod webhooks;
