//! The mirror as the desk offers it: the `desk-mirror` crate (re-exported here, so its
//! modules read as `crate::mirror::…`; its [`Mirror`] is the mirror's own connections) and
//! the app's side of it: its state ([`MirrorService`]), [`service`] (status, overview,
//! queue, changes, snoozes and settings for the active environment), the [`commands`],
//! [`labels`] (transaction names for other pages) and the background [`scheduler`].

pub mod commands;
pub mod labels;
pub mod scheduler;
pub mod service;
mod state;

pub use desk_mirror::{
    Mirror, attention, changes, details, filters, first_n, job, list, newest, offline, overview, row, rules, settings,
    store, sync, views,
};
pub use state::MirrorService;
