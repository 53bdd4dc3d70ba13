//! The Environments page: profiles and their keys, the connection test, the active
//! environment, and the staff name the audit log records. Profiles themselves are the
//! core's ([`Desk`]); changing a key or deleting a profile also forgets what the mirror
//! kept for it.

pub mod commands;
pub mod profiles;
pub mod staff;

use crate::desk::Desk;
use crate::mirror::MirrorService;
use std::sync::Arc;

/// The Environments page's state: Tauri manages it and the commands take it.
pub struct Environments {
    desk: Arc<Desk>,
    mirror: MirrorService,
}

impl Environments {
    pub fn new(desk: Arc<Desk>, mirror: MirrorService) -> Self {
        Self { desk, mirror }
    }
}
