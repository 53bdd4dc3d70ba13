//! Escrow Desk: the desktop back office. Logic lives in plain modules ([`desk`],
//! [`environments`], [`keychain`], [`appdb`]); [`commands`] adapts them to Tauri.

// `AppError` is the `{ code, message, ... }` shape that crosses IPC (~170 bytes). Errors are
// rare and end at the UI, so returning it unboxed is clearer than boxing every `?`.
#![allow(clippy::result_large_err)]

pub mod actions;
pub mod appdb;
pub mod audit;
pub mod audit_export;
pub mod bindings;
pub mod command_names;
pub mod commands;
pub mod commands_documents;
pub mod commands_trade;
pub mod commands_users;
pub mod desk;
pub mod desk_create;
pub mod desk_documents;
pub mod desk_payments;
pub mod desk_trade;
pub mod desk_users;
pub mod environments;
pub mod error;
pub mod export;
pub mod external;
pub mod filters;
pub mod journal;
pub mod keychain;
pub mod route_overrides;
pub mod trade;

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

pub fn run() {
    let result = tauri::Builder::default()
        .setup(|app| {
            let dir = data_dir(app)?;
            let sandbox = start_sandbox(dir.join("sandbox"))?;
            let builtin = BuiltInSandbox { url: sandbox.url.clone(), key: escrow_sandbox::DEMO_KEY.into() };
            let downloads = app.path().download_dir().unwrap_or_else(|_| dir.join("exports"));
            let desk = Desk::new(appdb::AppDb::open(&dir)?, keychain::Keychain::default(), Some(builtin))?
                .with_export_dir(downloads);
            app.manage(desk);
            app.manage(SandboxGuard(sandbox));
            Ok(())
        })
        .invoke_handler(tauri::generate_handler![
            commands::list_environments,
            commands::select_environment,
            commands::save_profile,
            commands::set_api_key,
            commands::delete_profile,
            commands::test_connection,
            commands::list_transactions,
            commands::get_transaction,
            commands::start_action,
            commands::retry_action,
            commands::dismiss_action,
            commands::open_actions,
            commands::audit_log,
            commands::verify_audit_log,
            commands::save_audit_csv,
            commands::list_split_payouts,
            commands::payment_instructions,
            commands::start_export,
            commands::export_status,
            commands::cancel_export,
            commands::open_external,
            commands::create_transaction,
            commands::payment_action,
            commands_trade::list_business_users,
            commands_trade::create_business_user,
            commands_trade::edit_business_user,
            commands_trade::lookup_business_user,
            commands_trade::delete_business_user,
            commands_trade::trade_user,
            commands_trade::list_trades,
            commands_trade::get_trade,
            commands_trade::trade_user_details,
            commands_trade::start_trade_action,
            commands_users::list_users,
            commands_users::get_user,
            commands_users::start_connect,
            commands_users::get_connection,
            commands_users::create_guest,
            commands_users::delete_connection,
            commands_users::list_banks,
            commands_users::list_bank_accounts,
            commands_users::start_bank_onboarding,
            commands_users::bank_onboarding_result,
            commands_users::add_bank_account,
            commands_users::set_default_bank_account,
            commands_users::delete_bank_account,
            commands_documents::list_documents,
            commands_documents::upload_document,
            commands_documents::sign_document,
            commands_documents::download_document,
            commands_documents::delete_document,
            commands_documents::set_bill_of_sale,
            commands_documents::add_debt_information,
            commands_documents::debt_download_link,
        ])
        .run(tauri::generate_context!());
    if let Err(e) = result {
        eprintln!("escrow-desk: {e}");
        std::process::exit(1);
    }
}
