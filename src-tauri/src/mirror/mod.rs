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
use crate::error::AppError;
use std::sync::Arc;

/// The mirror's state (status and syncs, overview, attention queue, changes, settings):
/// Tauri manages it and the commands take it; the scheduler and the Environments page
/// hold a handle (cheap to clone).
#[derive(Clone)]
pub struct MirrorService {
    desk: Arc<Desk>,
    db: Mirror,
}

impl MirrorService {
    /// Opens the mirror's own connections to the app's database.
    pub fn open(desk: Arc<Desk>) -> Result<Self, AppError> {
        let db = Mirror::new(desk.db.second_connection()?, desk.db.second_connection()?);
        Ok(Self { desk, db })
    }

    /// The mirror's connections, for what reads or notes in it from outside (the list when
    /// offline, a deal's mirrored copy, change notifications).
    pub fn db(&self) -> &Mirror {
        &self.db
    }

    /// Gives back both connections' page caches unless in use (see [`crate::platform::idle`]).
    pub fn release_memory(&self) -> usize {
        self.db.release_memory()
    }
}
