//! [`Links`], the state this domain's commands take (Tauri manages it; see `wiring.rs`).

use crate::desk::Desk;
use std::sync::{Arc, Mutex};

/// The links the desktop handed over that the window has not taken yet, and the desk whose
/// environments they name.
pub struct Links {
    pub(super) desk: Arc<Desk>,
    pub(super) pending: Mutex<Vec<String>>,
}

impl Links {
    pub fn new(desk: Arc<Desk>) -> Self {
        Self { desk, pending: Mutex::new(Vec::new()) }
    }
}
