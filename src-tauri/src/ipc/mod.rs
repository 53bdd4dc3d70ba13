//! The IPC surface, made from one list (`list.rs`): the names the build script declares
//! to Tauri (so the capability can grant each), the handler the app registers, a
//! compile-time check that every line matches its command's signature, and the typed
//! TypeScript wrappers of `ui/src/shared/ipc.ts`. A command left out of the list is not
//! reachable; a line that disagrees with its function does not compile; the capability
//! test and the generated-file test fail when either file falls behind.

mod typescript;

use crate::actions::Actions;
use crate::actions::{ActionRecord, ActionRequest};
use crate::audit::ChainCheck;
use crate::audit::export::AuditFile;
use crate::audit::service::AuditLog;
use crate::audit::service::AuditRow;
use crate::auto::Auto;
use crate::auto::actions::AutoAction;
use crate::auto::service::{BillOfSaleInput, DebtInput};
use crate::bulk::Bulk;
use crate::bulk::model::{BatchStatus, BulkPrepareRequest, BulkStartRequest};
use crate::bulk::service::MatchingIds;
use crate::business_users::BusinessUsers;
use crate::business_users::service::{BusinessUserView, BusinessUsersView};
use crate::consequence::Consequence;
use crate::consequence::ConsequenceView;
use crate::desk::ConnectionCheck;
use crate::documents::Documents;
use crate::documents::actions::DocumentAction;
use crate::documents::browse::DocumentView;
use crate::documents::service::{DocumentInput, DocumentsView};
use crate::environments::Environments;
use crate::error::AppError;
use crate::events::Events;
use crate::events::service::{DeliveriesView, WebhookExamplesView};
use crate::journal::Outcome;
use crate::links::Links;
use crate::links::parse::LinkTarget;
use crate::links::resolve::LinkView;
use crate::mirror::MirrorService;
use crate::mirror::labels::TransactionLabel;
use crate::mirror::rules::Thresholds;
use crate::mirror::settings::Intervals;
use crate::mirror::views::{AttentionView, ChangesView, MirrorStatus, Overview, SnoozeTarget};
use crate::notifications::Notify;
use crate::notifications::settings::NotificationSettings;
use crate::paper::Papers;
use crate::paper::service::PaperFile;
use crate::paper::statement::PaperKind;
use crate::payments::Payments;
use crate::payments::actions::PaymentAction;
use crate::payments::instructions::PaymentInstructionsView;
use crate::save_as::commands::SaveChoice;
use crate::save_as::kind::ExportKind;
use crate::settings::environments::{EnvironmentList, EnvironmentView, ProfileInput};
use crate::settings::network::{NetworkInput, NetworkSettings};
use crate::shared::views::HostedUrlView;
use crate::startup::StartupReport;
use crate::team::TeamAdminInput;
use crate::team::{
    ApprovalCheck, ApprovalRuleInput, ApprovalRuleView, ApprovalsInbox, JoinTeam, QueueItemRef, QueueMove,
    SharedFilterView, Team, TeamPulse, TeamQueueView, TeamStanding, TeamStatus,
};
use crate::timeline::Timeline;
use crate::timeline::service::TimelineView;
use crate::trades::Trades;
use crate::trades::actions::TradeAction;
use crate::trades::service::{TradeActionOutcome, TradeUserDetailsView, TradeUserView, TradeView, TradesPageView};
use crate::transactions::Transactions;
use crate::transactions::actions::TransactionAction;
use crate::transactions::create::NewTransactionInput;
use crate::transactions::export::{ExportRequest, ExportStatus};
use crate::transactions::filters::TransactionFilters;
use crate::transactions::list::{TransactionPageView, TransactionQuery};
use crate::transactions::offline::OfflineTransaction;
use crate::transactions::service::{SplitPayoutsView, TransactionView};
use crate::updates::Updates;
use crate::updates::service::UpdateCheck;
use crate::updates::settings::UpdateSettings;
use crate::users::Users;
use crate::users::actions::UserAction;
use crate::users::lookup::UserTransactionsView;
use crate::users::service::{
    BankAccountsView, BanksView, ConnectInput, ConnectionView, GuestInput, OnboardingView, UserPageView, UserQuery,
    UserView,
};
use escrow_api::trade::{CreateBusinessUser, EditBusinessUser};
pub use typescript::Command;

macro_rules! commands {
    (@check $domain:ident state ($state:ty) $name:ident ($($arg:ident : $ty:ty),*) -> $ret:ty) => {
        pub fn $name(state: tauri::State<'_, $state>, $($arg: $ty),*) -> Result<$ret, AppError> {
            crate::$domain::commands::$name(state, $($arg),*)
        }
    };
    (@check $domain:ident state_async ($state:ty) $name:ident ($($arg:ident : $ty:ty),*) -> $ret:ty) => {
        pub async fn $name(state: tauri::State<'_, $state>, $($arg: $ty),*) -> Result<$ret, AppError> {
            crate::$domain::commands::$name(state, $($arg),*).await
        }
    };
    (@check $domain:ident plain $name:ident ($($arg:ident : $ty:ty),*) -> $ret:ty) => {
        pub fn $name($($arg: $ty),*) -> Result<$ret, AppError> {
            crate::$domain::commands::$name($($arg),*)
        }
    };
    (@service state_async $name:ident) => { stringify!($name) };
    (@service $kind:ident $name:ident) => { "" };
    (@check $domain:ident app $name:ident ($($arg:ident : $ty:ty),*) -> $ret:ty) => {
        pub fn $name(app: tauri::AppHandle, $($arg: $ty),*) -> Result<$ret, AppError> {
            crate::$domain::commands::$name(app, $($arg),*)
        }
    };
    (@check $domain:ident app_async $name:ident ($($arg:ident : $ty:ty),*) -> $ret:ty) => {
        pub async fn $name(app: tauri::AppHandle, $($arg: $ty),*) -> Result<$ret, AppError> {
            crate::$domain::commands::$name(app, $($arg),*).await
        }
    };
    ($($domain:ident : $kind:ident $(($state:ty))? $name:ident ( $($arg:ident : $ty:ty),* ) -> $ret:ty ;)+) => {
        /// Every command's name, in the list's order.
        pub const NAMES: &[&str] = &[$(stringify!($name)),+];

        /// Routes each command to its function, logging each call with a request number
        /// (calls that reach the service at `info`, the rest at `debug`).
        pub fn handler<R: tauri::Runtime>() -> impl Fn(tauri::ipc::Invoke<R>) -> bool + Send + Sync + 'static {
            let inner = routes::<R>();
            let requests = std::sync::atomic::AtomicU64::new(0);
            move |invoke: tauri::ipc::Invoke<R>| {
                let request = requests.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                crate::platform::idle::note_work();
                let name = invoke.message.command();
                if REACH_SERVICE.contains(&name) {
                    tracing::info!(command = %name, request, "command");
                } else {
                    tracing::debug!(command = %name, request, "command");
                }
                inner(invoke)
            }
        }

        fn routes<R: tauri::Runtime>() -> impl Fn(tauri::ipc::Invoke<R>) -> bool + Send + Sync + 'static {
            tauri::generate_handler![$(crate::$domain::commands::$name),+]
        }

        /// The commands that call the service (`state_async`).
        const REACH_SERVICE: &[&str] = &[$(commands!(@service $kind $name)),+];

        /// Never called: each wrapper compiles only if its line matches the command.
        #[allow(dead_code)]
        mod signatures {
            use super::*;
            $(commands!(@check $domain $kind $(($state))? $name ($($arg : $ty),*) -> $ret);)+
        }

        /// Every command with its arguments and answer as TypeScript types.
        pub fn all() -> Vec<Command> {
            let cfg = ts_rs::Config::new().with_large_int("number");
            vec![$(Command {
                name: stringify!($name),
                args: vec![$((stringify!($arg), <$ty as ts_rs::TS>::name(&cfg))),*],
                answer: <$ret as ts_rs::TS>::name(&cfg),
            }),+]
        }
    };
}

include!("list.rs");

/// `ui/src/shared/ipc.ts`.
pub fn typescript() -> String {
    typescript::render(&all())
}
