//! The local audit log: every action a staff member triggers, recorded before it runs
//! (intent) and after (outcome), with who acted (OS user and host, the staff name set
//! under Settings) and from where (app version, environment id and kind), the time with
//! its UTC offset, the amount, the outcome, the correlation id and the idempotency key.
//!
//! Append-only (SQLite triggers refuse UPDATE and DELETE) and keyed: each row carries an
//! HMAC-SHA256 under a random key kept in the OS keychain, over its content and the
//! previous row's MAC ([`digest`] has the exact scheme). The newest row's seq and MAC are
//! anchored in the keychain as well ([`anchor`]), so an edited, removed, reordered or
//! rewritten row, and a log cut short, are each reported with the first bad row
//! ([`check`]). Rows written before the upgrade keep their plain SHA-256 chain and still
//! verify; the first keyed row chains from the last of them. An exported CSV carries the
//! hashes and MACs (never the key) and is verified offline by `escrow-desk verify-audit
//! FILE` ([`cli`]). The whole scheme, for auditors: `docs/audit.md`.
//!
//! The crate knows no domain: what an action is, and what its detail says, belong to the
//! journal and the app. It reads two rows the app keeps in the same database (the staff
//! name setting and, through the [`actor::KindOf`] it is given, an environment's kind).

// `AppError` is the `{ code, message, ... }` shape that crosses IPC (~170 bytes). Errors are
// rare and end at the UI, so returning it unboxed is clearer than boxing every `?`.
#![allow(clippy::result_large_err)]

pub mod actor;
pub mod anchor;
pub mod chain;
pub mod check;
pub mod cli;
pub mod csv_rows;
pub mod digest;
pub mod entry;
pub mod file_check;
pub mod key;
pub mod report;
pub mod seal;
pub mod trail;
mod vault;

pub use entry::{AuditEntry, NewEntry, RowFormat};
pub use report::{AnchorState, ChainCheck, ChainProblem, ChainStatus};
pub use seal::Sealed;
pub use trail::Trail;
pub use vault::Vault;
