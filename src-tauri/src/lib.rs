//! Escrow Desk: the desktop back office. The core ([`desk`]) and each domain's state and
//! logic are plain modules, tested without a window; each domain's `commands` adapt it to
//! Tauri, and [`wiring`] builds the state the app manages.

// `AppError` is the `{ code, message, ... }` shape that crosses IPC (~170 bytes). Errors are
// rare and end at the UI, so returning it unboxed is clearer than boxing every `?`.
#![allow(clippy::result_large_err)]

pub mod actions;
pub use desk_core::appdb;
pub mod audit;
pub mod auto;
pub mod bindings;
pub mod bulk;
pub mod business_users;
pub mod consequence;
pub mod desk;
pub mod desktop;
pub mod documents;
pub mod environments;
pub use desk_core::error;
pub use desk_core::error_cause;
pub mod events;
pub mod external;
pub mod ipc;
pub use desk_journal as journal;
pub mod links;
pub mod mirror;
pub mod notifications;
pub mod paper;
pub mod payments;
pub mod platform;
pub mod sandbox_inspect;
pub mod save_as;
pub mod settings;
pub mod shared;
pub mod startup;
pub mod support;
pub mod team;
pub mod timeline;
pub mod trades;
pub mod transactions;
pub mod updates;
pub mod users;
pub mod wiring;

use desk::{BuiltInSandbox, Desk};
use std::path::PathBuf;
use std::sync::Arc;
use tauri::Manager;

/// Overrides the data folder (tests and end-to-end runs use a fresh one).
pub const DATA_DIR_ENV: &str = "ESCROW_DESK_DATA_DIR";

/// A sandbox server that stands in for the built-in Sandbox (its demo tenant's key), so
/// that several desks share one: a team's rehearsal, `make team-demo`. Unset: each desk runs
/// its own.
pub const SHARED_SANDBOX_ENV: &str = "ESCROW_DESK_SANDBOX_URL";

/// Keeps the embedded sandbox alive as long as the app (`None`: a shared one is used).
struct SandboxGuard(Option<escrow_sandbox::RunningSandbox>);

fn data_dir_override() -> Option<PathBuf> {
    std::env::var_os(DATA_DIR_ENV).filter(|d| !d.is_empty()).map(PathBuf::from)
}

fn data_dir(app: &tauri::App) -> Result<PathBuf, Box<dyn std::error::Error>> {
    match data_dir_override() {
        Some(dir) => Ok(dir),
        None => Ok(app.path().app_data_dir()?),
    }
}

/// Log files first, so that everything after (a failed start-up included) is in them.
fn start_logging(app: &tauri::App) {
    let fallback = std::env::temp_dir().join("escrow-desk");
    let dir = support::logging::resolve_dir(data_dir_override().as_deref(), app.path().app_log_dir().ok(), &fallback);
    if let Err(e) = support::logging::init(&dir) {
        eprintln!("escrow-desk: {e}");
    }
    support::redact::register(escrow_sandbox::DEMO_KEY);
    tracing::info!(version = env!("CARGO_PKG_VERSION"), log_dir = %dir.display(), "Escrow Desk starting");
    if let Some(decision) = platform::ui_gl::decided() {
        tracing::info!(?decision, "start-up: OpenGL in the window's process");
    }
    if let Some(budget) = platform::web_memory::decided() {
        tracing::info!(budget, "start-up: WebKit's memory budget");
    }
}

/// Starts the built-in Sandbox (demo tenant, demo data) on a free loopback port. Its
/// webhooks go to a receiver of its own until a URL is set, so Events shows them delivered.
fn start_sandbox(dir: PathBuf) -> Result<escrow_sandbox::RunningSandbox, String> {
    let options = escrow_sandbox::ServeOptions { own_receiver: true, ..Default::default() };
    tauri::async_runtime::block_on(escrow_sandbox::start_with(escrow_sandbox::SandboxConfig::demo(dir), options))
}

/// The built-in Sandbox's database, as `escrow_sandbox` names it in its folder.
const SANDBOX_DB: &str = "sandbox.sqlite";

/// Opens the data folder (its lock first: one owner), then the built-in Sandbox in it. A
/// damaged database of either is moved aside (never deleted) and a notice recorded.
fn open_desk(app: &tauri::App) -> Result<(wiring::Domains, SandboxGuard), Box<dyn std::error::Error>> {
    let dir = data_dir(app)?;
    let in_folder = |message: &str| format!("{message} (data folder {})", dir.display());
    let db = appdb::AppDb::open(&dir).map_err(|e| in_folder(&e.message))?;
    if let Some(moved) = db.moved_aside() {
        startup::notice(startup::moved_aside_notice(startup::NoticeKind::DatabaseMovedAside, moved));
    }
    let sandbox_dir = dir.join("sandbox");
    // Demo data only: one that is not a database is moved aside like the app's and seeded
    // afresh. Only its schema is read here (a large demo set costs no start-up time); damage
    // deeper in it shows as errors when used.
    if let Some(moved) =
        appdb::quarantine::move_if_damaged(&sandbox_dir.join(SANDBOX_DB), appdb::quarantine::Depth::Schema)
            .map_err(|e| in_folder(&e.message))?
    {
        startup::notice(startup::moved_aside_notice(startup::NoticeKind::SandboxMovedAside, &moved));
    }
    let keychain = settings::keychain::Keychain::default();
    let policy = organisation_policy(&db, &keychain);
    let shared = std::env::var(SHARED_SANDBOX_ENV).ok().map(|u| u.trim().trim_end_matches('/').to_owned());
    let (url, sandbox) = match shared.filter(|u| !u.is_empty()) {
        // The organisation does not offer it: none is started.
        _ if !policy.offers_builtin_sandbox() => (None, None),
        Some(url) => {
            tracing::info!(%url, "the built-in Sandbox is a shared sandbox server");
            (Some(url), None)
        }
        None => {
            let opened = std::time::Instant::now();
            let sandbox = start_sandbox(sandbox_dir).map_err(|e| in_folder(&e))?;
            // The window waits on this setup: the figure support and `make bench` look at first.
            tracing::info!(sandbox = ?opened.elapsed(), "built-in Sandbox started");
            (Some(sandbox.url.clone()), Some(sandbox))
        }
    };
    let builtin = url.map(|url| BuiltInSandbox { url, key: escrow_sandbox::DEMO_KEY.into() });
    let downloads = app.path().download_dir().unwrap_or_else(|_| dir.join("exports"));
    let notices = notifications::sender::Notices::new(Arc::new(notifications::plugin::Desktop(app.handle().clone())));
    let desk = Desk::new(db, keychain, builtin)?.with_policy(policy);
    let domains = wiring::Domains::with(desk, wiring::Outside { export_dir: downloads, notices })?;
    Ok((domains, SandboxGuard(sandbox)))
}

/// The organisation's policy, applied to the data folder; one that cannot be read or applied
/// is said in the window and none of it holds (the desk works as without one).
fn organisation_policy(db: &appdb::AppDb, keychain: &settings::keychain::Keychain) -> settings::policy::Policy {
    let path = settings::policy::path();
    let loaded = settings::policy::load(&path).and_then(|p| {
        p.map(|p| settings::policy::apply(db, keychain, &p).map(|()| p).map_err(|e| e.message)).transpose()
    });
    match loaded {
        Ok(policy) => {
            if policy.is_some() {
                tracing::info!(path = %path.display(), "the organisation's policy applies");
            }
            policy.unwrap_or_default()
        }
        Err(why) => {
            startup::notice(startup::policy_notice(&path, &why));
            settings::policy::Policy::default()
        }
    }
}

/// What goes back to the OS when the app is quiet (see `idle`): the caches of the app's
/// database connections (the core's and the mirror's) and of the built-in Sandbox's.
fn idle_releases(domains: &wiring::Domains, app: &tauri::AppHandle) -> Vec<platform::idle::Release> {
    let (desk, mirror, sandbox) = (domains.desk.clone(), domains.mirror.clone(), app.clone());
    vec![
        Arc::new(move || {
            desk.release_memory();
            mirror.release_memory();
        }),
        Arc::new(move || {
            if let Some(SandboxGuard(Some(s))) = sandbox.try_state::<SandboxGuard>().as_deref() {
                s.release_memory();
            }
        }),
    ]
}

pub fn run() {
    let process_start = std::time::Instant::now();
    let data_override = data_dir_override();
    let context = tauri::generate_context!();
    let bus_id = desktop::instance::bus_id(&context.config().identifier, data_override.as_deref());
    let result = tauri::Builder::default()
        // First, so that a second start hands over before it opens anything.
        .plugin(
            tauri_plugin_single_instance::Builder::new()
                .dbus_id(bus_id)
                .callback(|app, args, _cwd| {
                    desktop::instance::focus(app);
                    links::inbox::deliver(app, &args);
                })
                .build(),
        )
        .plugin(desktop::window_state::plugin(data_override.as_deref()))
        .plugin(updates::service::plugin())
        // Used from Rust only: the web view is granted none of these plugins' commands.
        .plugin(tauri_plugin_dialog::init())
        .plugin(tauri_plugin_notification::init())
        .plugin(tauri_plugin_clipboard_manager::init())
        .setup(|app| {
            let started = std::time::Instant::now();
            start_logging(app);
            match open_desk(app) {
                Ok((domains, sandbox)) => {
                    mirror::scheduler::spawn(domains.mirror.clone(), domains.notify.clone());
                    platform::idle::spawn(idle_releases(&domains, app.handle()));
                    domains.manage(app);
                    app.manage(sandbox);
                    // A link the desktop started this window with (`escrow-desk %u`).
                    links::inbox::deliver(app.handle(), &std::env::args().collect::<Vec<_>>());
                }
                // The window opens anyway and says why (see `startup`).
                Err(e) => startup::record(e.to_string()),
            }
            tracing::info!(setup = ?started.elapsed(), "start-up: data folder open");
            Ok(())
        })
        // When the page (not yet its data) has loaded, counted from `run`: the share of a slow
        // start that is WebKit's rather than the app's setup.
        .on_page_load(move |_, payload| {
            if let tauri::webview::PageLoadEvent::Finished = payload.event() {
                tracing::info!(since_start = ?process_start.elapsed(), "start-up: page loaded");
            }
        })
        .menu(desktop::menu::build)
        .on_window_event(|window, event| {
            if let Some(notify) = window.try_state::<notifications::Notify>() {
                notifications::plugin::track_focus(notify.notices(), event);
            }
            platform::memory::on_window_event(event);
        })
        .on_menu_event(|app, event| desktop::menu::on_event(app, event.id().as_ref()))
        .invoke_handler(ipc::handler())
        .run(context);
    if let Err(e) = result {
        tracing::error!(error = %e, "the app stopped");
        eprintln!("escrow-desk: {e}");
        std::process::exit(1);
    }
}
