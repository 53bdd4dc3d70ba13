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
//! The trail itself is the `desk-audit` crate (re-exported here); this folder is the app's
//! side of it: the audit page's rows and filters ([`service`], [`note`], which reads a detail
//! back into its parts), the export ([`export`]) and the commands.

pub mod commands;
pub mod export;
pub mod note;
pub mod service;

pub use desk_audit::{
    AnchorState, AuditEntry, ChainCheck, ChainProblem, ChainStatus, NewEntry, RowFormat, Sealed, Trail, Vault, actor,
    anchor, chain, check, cli, csv_rows, digest, entry, file_check, key, report, seal, trail,
};
pub use note::{AuditDetail, AuditNote, NoteSplit};
