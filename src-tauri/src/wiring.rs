//! The one place that builds the app's state: the core ([`Desk`]) first, then each domain's
//! state on it, in dependency order (a domain's state is given the other states it needs),
//! each handed to Tauri to manage; a command takes its own domain's. The shell (`lib.rs`)
//! and the integration tests build the same through [`Domains::with`]. Domain code never
//! imports this file: which states a domain needs is said by its own constructor.

use crate::actions::Actions;
use crate::audit::service::AuditLog;
use crate::auto::Auto;
use crate::bulk::Bulk;
use crate::business_users::BusinessUsers;
use crate::desk::Desk;
use crate::documents::Documents;
use crate::environments::Environments;
use crate::error::AppError;
use crate::events::Events;
use crate::links::Links;
use crate::mirror::MirrorService;
use crate::notifications::Notify;
use crate::notifications::sender::Notices;
use crate::paper::Papers;
use crate::payments::Payments;
use crate::save_as::SaveAs;
use crate::team::Team;
use crate::timeline::Timeline;
use crate::trades::Trades;
use crate::transactions::Transactions;
use crate::updates::Updates;
use crate::users::Users;
use std::path::PathBuf;
use std::sync::Arc;
use tauri::{Manager, Runtime};

/// What the shell hands the domains from outside the data folder.
pub struct Outside {
    /// Where exports go without a dialog (the app: the user's Downloads folder).
    pub export_dir: PathBuf,
    /// Where notifications go (the app: the desktop's; tests: captured; default: nowhere).
    pub notices: Notices,
}

impl Default for Outside {
    fn default() -> Self {
        Self { export_dir: std::env::temp_dir(), notices: Notices::default() }
    }
}

/// The core and every domain's state, as the app runs them.
pub struct Domains {
    pub desk: Arc<Desk>,
    pub environments: Environments,
    pub mirror: MirrorService,
    pub notify: Notify,
    pub save_as: SaveAs,
    pub transactions: Transactions,
    pub bulk: Bulk,
    pub actions: Actions,
    pub payments: Payments,
    pub users: Users,
    pub documents: Documents,
    pub auto: Auto,
    pub trades: Trades,
    pub business_users: BusinessUsers,
    pub timeline: Timeline,
    pub paper: Papers,
    pub links: Links,
    pub events: Events,
    pub audit: AuditLog,
    pub updates: Updates,
    pub team: Team,
}

impl Domains {
    /// Every domain on `desk`, exporting to the temporary folder and notifying nowhere.
    pub fn new(desk: Desk) -> Result<Self, AppError> {
        Self::with(desk, Outside::default())
    }

    /// Every domain on `desk`, given what comes from outside the data folder.
    pub fn with(desk: Desk, outside: Outside) -> Result<Self, AppError> {
        let desk = Arc::new(desk);
        let mirror = MirrorService::open(desk.clone())?;
        Ok(Self::wire(desk, mirror, outside))
    }

    /// The same core and mirror with exports going to `dir` (tests); every other domain's
    /// state starts afresh (no exports, bulk runs or save choices carry over).
    pub fn with_export_dir(self, dir: PathBuf) -> Self {
        let notices = self.notify.notices().clone();
        Self::wire(self.desk, self.mirror, Outside { export_dir: dir, notices })
    }

    /// Each domain's state on the core and the mirror, given the states it needs (built
    /// before it).
    fn wire(desk: Arc<Desk>, mirror: MirrorService, outside: Outside) -> Self {
        let Outside { export_dir, notices } = outside;
        let notify = Notify::new(desk.clone(), notices.clone(), mirror.db().clone());
        let save_as = SaveAs::new(desk.clone(), export_dir);
        Self {
            environments: Environments::new(desk.clone(), mirror.clone()),
            transactions: Transactions::new(desk.clone(), mirror.db().clone(), save_as.clone(), notices.clone()),
            bulk: Bulk::new(desk.clone(), notices.clone()),
            actions: Actions::new(desk.clone()),
            payments: Payments::new(desk.clone()),
            users: Users::new(desk.clone()),
            documents: Documents::new(desk.clone()),
            auto: Auto::new(desk.clone()),
            trades: Trades::new(desk.clone()),
            business_users: BusinessUsers::new(desk.clone()),
            timeline: Timeline::new(desk.clone()),
            paper: Papers::new(desk.clone(), save_as.clone()),
            links: Links::new(desk.clone()),
            events: Events::new(desk.clone()),
            audit: AuditLog::new(desk.clone(), save_as.clone()),
            updates: Updates::new(desk.clone()),
            team: Team::new(desk.clone(), notices),
            mirror,
            notify,
            save_as,
            desk,
        }
    }

    /// Hands each domain's state to Tauri, which gives a command the one it takes.
    pub fn manage<R: Runtime>(self, app: &impl Manager<R>) {
        let Self {
            desk: _,
            environments,
            mirror,
            notify,
            save_as,
            transactions,
            bulk,
            actions,
            payments,
            users,
            documents,
            auto,
            trades,
            business_users,
            timeline,
            paper,
            links,
            events,
            audit,
            updates,
            team,
        } = self;
        app.manage(environments);
        app.manage(team);
        app.manage(mirror);
        app.manage(notify);
        app.manage(save_as);
        app.manage(transactions);
        app.manage(bulk);
        app.manage(actions);
        app.manage(payments);
        app.manage(users);
        app.manage(documents);
        app.manage(auto);
        app.manage(trades);
        app.manage(business_users);
        app.manage(timeline);
        app.manage(paper);
        app.manage(links);
        app.manage(events);
        app.manage(audit);
        app.manage(updates);
    }
}
