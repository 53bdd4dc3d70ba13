//! The ground floor every room of Escrow Desk stands on, knowing no domain: the error that
//! crosses IPC ([`error`]), the app's own SQLite database with its versioned schema and the
//! data folder's lock ([`appdb`]), and reading CSV back ([`csv`]). The journal, the
//! audit trail and the app build on it; it builds on nothing of theirs.

// `AppError` is the `{ code, message, ... }` shape that crosses IPC (~170 bytes). Errors are
// rare and end at the UI, so returning it unboxed is clearer than boxing every `?`.
#![allow(clippy::result_large_err)]

pub mod appdb;
pub mod csv;
pub mod damage;
pub mod error;
pub mod error_cause;
pub mod fields;
