//! The local mirror of the tenant's transactions: filled and refreshed in the background per
//! environment, it powers the overview, the attention queue, the change list and the list
//! when the service cannot be reached. It is never trusted for money: detail pages and every
//! action read the live record first.
//!
//! Kept in the app's SQLite file (its tables are in `desk_core::appdb`'s migrations) on two
//! connections of its own ([`Mirror`]: one writes, one reads), so a long sync never holds up
//! the desk. Knows no domain of the app: the money rules it stores come from `desk-money`.

// `AppError` is the `{ code, message, ... }` shape that crosses IPC (~170 bytes). Errors are
// rare and end at the UI, so returning it unboxed is clearer than boxing every `?`.
#![allow(clippy::result_large_err)]

pub mod attention;
pub mod changes;
pub mod details;
pub mod filters;
pub mod first_n;
pub mod job;
pub mod list;
pub mod newest;
pub mod offline;
pub mod overview;
pub mod row;
pub mod rules;
pub mod settings;
pub mod store;
pub mod sync;
pub mod views;

pub use sync::Mirror;
