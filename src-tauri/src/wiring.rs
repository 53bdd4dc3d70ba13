//! The one place that builds the app's state: the core ([`Desk`]) first, then each domain's
//! state on it, in dependency order (a domain's state is given the other states it needs),
//! each handed to Tauri to manage; a command takes its own domain's. The shell (`lib.rs`)
//! and the integration tests build the same through [`Domains::new`]. Domain code never
//! imports this file: which states a domain needs is said by its own constructor.

use crate::actions::Actions;
use crate::audit::service::AuditLog;
use crate::auto::Auto;
use crate::bulk::Bulk;
use crate::desk::Desk;
use crate::documents::Documents;
use crate::environments::Environments;
use crate::error::AppError;
use crate::events::Events;
use crate::mirror::MirrorService;
use crate::notify::Notify;
use crate::payments::Payments;
use crate::timeline::Timeline;
use crate::trades::Trades;
use crate::transactions::Transactions;
use crate::updates::Updates;
use crate::users::Users;
use std::sync::Arc;
use tauri::{Manager, Runtime};

/// The core and every domain's state, as the app runs them.
pub struct Domains {
    pub desk: Arc<Desk>,
    pub bulk: Bulk,
    pub transactions: Transactions,
    pub mirror: MirrorService,
    pub notify: Notify,
    pub audit: AuditLog,
    pub environments: Environments,
    pub actions: Actions,
    pub updates: Updates,
    pub events: Events,
    pub timeline: Timeline,
    pub trades: Trades,
    pub auto: Auto,
    pub documents: Documents,
    pub users: Users,
    pub payments: Payments,
}

impl Domains {
    /// Every domain on `desk`.
    pub fn new(desk: Desk) -> Result<Self, AppError> {
        let desk = Arc::new(desk);
        let mirror = MirrorService::new(desk.clone());
        Ok(Self {
            bulk: Bulk::new(desk.clone()),
            transactions: Transactions::new(desk.clone()),
            notify: Notify::new(desk.clone()),
            audit: AuditLog::new(desk.clone()),
            environments: Environments::new(desk.clone(), mirror.clone()),
            actions: Actions::new(desk.clone()),
            updates: Updates::new(desk.clone()),
            events: Events::new(desk.clone()),
            timeline: Timeline::new(desk.clone()),
            trades: Trades::new(desk.clone()),
            auto: Auto::new(desk.clone()),
            documents: Documents::new(desk.clone()),
            users: Users::new(desk.clone()),
            payments: Payments::new(desk.clone()),
            mirror,
            desk,
        })
    }

    /// Hands each state to Tauri, which gives a command the one it takes.
    pub fn manage<R: Runtime>(self, app: &impl Manager<R>) {
        let Self {
            desk,
            bulk,
            transactions,
            mirror,
            notify,
            audit,
            environments,
            actions,
            updates,
            events,
            timeline,
            trades,
            auto,
            documents,
            users,
            payments,
        } = self;
        app.manage(desk);
        app.manage(bulk);
        app.manage(transactions);
        app.manage(mirror);
        app.manage(notify);
        app.manage(audit);
        app.manage(environments);
        app.manage(actions);
        app.manage(updates);
        app.manage(events);
        app.manage(timeline);
        app.manage(trades);
        app.manage(auto);
        app.manage(documents);
        app.manage(users);
        app.manage(payments);
    }
}
