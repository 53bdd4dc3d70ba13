//! [`MirrorService`], the state this domain's commands take (Tauri manages it; see `wiring.rs`).

use crate::desk::Desk;
use crate::error::AppError;
use desk_mirror::Mirror;
use std::sync::Arc;

/// The mirror's state (status and syncs, overview, attention queue, changes, settings):
/// Tauri manages it and the commands take it; the scheduler and the Environments page
/// hold a handle (cheap to clone).
#[derive(Clone)]
pub struct MirrorService {
    pub(super) desk: Arc<Desk>,
    pub(super) db: Mirror,
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
