//! The mirror as the desk offers it: the `desk-mirror` crate (re-exported here, so its
//! modules read as `crate::mirror::…`) and the app's side of it: [`service`] (status,
//! overview, queue, changes, snoozes and settings for the active environment), the
//! [`commands`], [`labels`] (transaction names for other pages) and the background
//! [`scheduler`].

pub mod commands;
pub mod labels;
pub mod scheduler;
pub mod service;

pub use desk_mirror::{
    Mirror, attention, changes, details, filters, first_n, job, list, newest, offline, overview, row, rules, settings,
    store, sync, views,
};

use crate::desk::Desk;
use std::sync::Arc;

/// The mirror's state (status and syncs, overview, attention queue, changes, settings):
/// Tauri manages it and the commands take it; the scheduler and the Environments page
/// hold a handle (cheap to clone).
#[derive(Clone)]
pub struct MirrorService {
    desk: Arc<Desk>,
}

impl MirrorService {
    pub fn new(desk: Arc<Desk>) -> Self {
        Self { desk }
    }
}
