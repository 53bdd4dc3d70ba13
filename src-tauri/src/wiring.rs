//! The one place that builds the app's state: the core ([`Desk`]) first, then each domain's
//! state on it, in dependency order (a domain's state is given the other states it needs),
//! each handed to Tauri to manage; a command takes its own domain's. The shell (`lib.rs`)
//! and the integration tests build the same through [`Domains::new`]. Domain code never
//! imports this file: which states a domain needs is said by its own constructor.

use crate::desk::Desk;
use crate::error::AppError;
use crate::payments::Payments;
use std::sync::Arc;
use tauri::{Manager, Runtime};

/// The core and every domain's state, as the app runs them.
pub struct Domains {
    pub desk: Arc<Desk>,
    pub payments: Payments,
}

impl Domains {
    /// Every domain on `desk`.
    pub fn new(desk: Desk) -> Result<Self, AppError> {
        let desk = Arc::new(desk);
        Ok(Self { payments: Payments::new(desk.clone()), desk })
    }

    /// Hands each state to Tauri, which gives a command the one it takes.
    pub fn manage<R: Runtime>(self, app: &impl Manager<R>) {
        let Self { desk, payments } = self;
        app.manage(desk);
        app.manage(payments);
    }
}
