//! Escrow Desk: the desktop back office. Logic lives in plain modules ([`desk`],
//! [`environments`], [`keychain`], [`appdb`]); [`commands`] adapts them to Tauri.

// `AppError` is the `{ code, message, ... }` shape that crosses IPC (~170 bytes). Errors are
// rare and end at the UI, so returning it unboxed is clearer than boxing every `?`.
#![allow(clippy::result_large_err)]

pub mod actions;
pub mod appdb;
pub mod audit;
pub mod auto;
pub mod bindings;
pub mod csv;
pub mod desk;
pub mod documents;
pub mod error;
pub mod external;
pub mod fields;
pub mod files;
pub mod ipc;
pub mod journal;
pub mod payments;
pub mod settings;
pub mod startup;
pub mod trades;
pub mod transactions;
pub mod users;
pub mod views;

use desk::{BuiltInSandbox, Desk};
use std::path::PathBuf;
use tauri::Manager;

/// Overrides the data folder (tests and end-to-end runs use a fresh one).
pub const DATA_DIR_ENV: &str = "ESCROW_DESK_DATA_DIR";

/// Keeps the embedded sandbox alive as long as the app.
struct SandboxGuard(#[allow(dead_code)] escrow_sandbox::RunningSandbox);

fn data_dir(app: &tauri::App) -> Result<PathBuf, Box<dyn std::error::Error>> {
    if let Some(dir) = std::env::var_os(DATA_DIR_ENV).filter(|d| !d.is_empty()) {
        return Ok(PathBuf::from(dir));
    }
    Ok(app.path().app_data_dir()?)
}

/// Starts the built-in Sandbox (demo tenant, demo data) on a free loopback port.
fn start_sandbox(dir: PathBuf) -> Result<escrow_sandbox::RunningSandbox, String> {
    tauri::async_runtime::block_on(escrow_sandbox::start(escrow_sandbox::SandboxConfig::demo(dir)))
}

/// The built-in Sandbox's database, as `escrow_sandbox` names it in its folder.
const SANDBOX_DB: &str = "sandbox.sqlite";

/// Opens the data folder (its lock first: one owner), then the built-in Sandbox in it. A
/// damaged database of either is moved aside (never deleted) and a notice recorded.
fn open_desk(app: &tauri::App) -> Result<(Desk, SandboxGuard), Box<dyn std::error::Error>> {
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
    let sandbox = start_sandbox(sandbox_dir).map_err(|e| in_folder(&e))?;
    let builtin = BuiltInSandbox { url: sandbox.url.clone(), key: escrow_sandbox::DEMO_KEY.into() };
    let downloads = app.path().download_dir().unwrap_or_else(|_| dir.join("exports"));
    let desk = Desk::new(db, settings::keychain::Keychain::default(), Some(builtin))?.with_export_dir(downloads);
    Ok((desk, SandboxGuard(sandbox)))
}

pub fn run() {
    let result = tauri::Builder::default()
        .setup(|app| {
            match open_desk(app) {
                Ok((desk, sandbox)) => {
                    app.manage(desk);
                    app.manage(sandbox);
                }
                // The window opens anyway and says why (see `startup`).
                Err(e) => startup::record(e.to_string()),
            }
            Ok(())
        })
        .invoke_handler(ipc::handler())
        .run(tauri::generate_context!());
    if let Err(e) = result {
        eprintln!("escrow-desk: {e}");
        std::process::exit(1);
    }
}
