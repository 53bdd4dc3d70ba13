//! The team store: what a back-office team shares, on PostgreSQL. The action journal and
//! the audit trail of every desk of the team live in one database, where the database
//! itself enforces what must hold for a team:
//!
//! - one open intent per environment, target and money action (a unique index), so two
//!   desks never move the same money twice;
//! - the actor of every row is the login role the database saw (`session_user`, set by a
//!   trigger), never a name a desk sends;
//! - the audit trail is one hash chain extended inside the database, and no role a desk
//!   logs in with may change or remove a row of it;
//! - group roles (`escrow_viewer`, `escrow_operator`, `escrow_approver`, `escrow_admin`)
//!   and their grants decide who may do what.
//!
//! The schema is made and upgraded by [`init`] (`escrow-desk team init`), connected as an
//! administrator; desks connect as their staff member's own role ([`connect`]).

#![allow(clippy::result_large_err)]

pub mod admin;
pub mod approvals;
pub mod cli;
mod connect;
mod errors;
pub mod filters;
pub mod import;
mod init;
mod journal;
pub mod listen;
mod migrations;
pub mod queue;
mod roles;
mod staff;
#[cfg(feature = "test-support")]
pub mod testing;

pub use connect::{Connection, TeamConfig, Tls, connect, is_this_machine};
pub use errors::from_postgres;
pub use init::{GROUP_ROLES, InitReport, OWNER_ROLE, SCHEMA, init, schema_of};

/// The newest schema step this build knows (what `team init` brings a database to).
pub fn schema_version() -> i32 {
    migrations::latest()
}
pub use journal::TeamJournal;
pub use roles::{Standing, standing};
pub use staff::{Group, add_staff};
