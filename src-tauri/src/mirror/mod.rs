//! The local mirror of the tenant's transactions (#13): filled and refreshed in the
//! background per environment, it powers the overview, the attention queue, the change
//! list and the list when the service cannot be reached. It is never trusted for money:
//! detail pages and every action read the live record first.

pub mod attention;
pub mod changes;
pub mod commands;
pub mod details;
pub mod first_n;
pub mod job;
pub mod labels;
pub mod list;
pub mod newest;
pub mod offline;
pub mod overview;
pub mod row;
pub mod rules;
pub mod scheduler;
pub mod service;
pub mod settings;
pub mod store;
pub mod sync;
pub mod views;

pub use sync::Mirror;
