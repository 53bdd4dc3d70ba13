//! Escrow Desk: the desktop back office. Logic lives in plain modules ([`desk`],
//! [`environments`], [`keychain`], [`appdb`]); [`commands`] adapts them to Tauri.

// `AppError` is the `{ code, message, ... }` shape that crosses IPC (~170 bytes). Errors are
// rare and end at the UI, so returning it unboxed is clearer than boxing every `?`.
#![allow(clippy::result_large_err)]

pub mod actions;
pub mod appdb;
pub mod audit;
pub mod bindings;
pub mod command_names;
pub mod csv;
pub mod desk;
pub mod documents;
pub mod error;
pub mod external;
pub mod fields;
pub mod journal;
pub mod payments;
pub mod settings;
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

pub fn run() {
    let result = tauri::Builder::default()
        .setup(|app| {
            let dir = data_dir(app)?;
            let sandbox = start_sandbox(dir.join("sandbox"))?;
            let builtin = BuiltInSandbox { url: sandbox.url.clone(), key: escrow_sandbox::DEMO_KEY.into() };
            let downloads = app.path().download_dir().unwrap_or_else(|_| dir.join("exports"));
            let desk = Desk::new(appdb::AppDb::open(&dir)?, settings::keychain::Keychain::default(), Some(builtin))?
                .with_export_dir(downloads);
            app.manage(desk);
            app.manage(SandboxGuard(sandbox));
            Ok(())
        })
        .invoke_handler(tauri::generate_handler![
            settings::commands::list_environments,
            settings::commands::select_environment,
            settings::commands::save_profile,
            settings::commands::set_api_key,
            settings::commands::delete_profile,
            settings::commands::test_connection,
            transactions::commands::list_transactions,
            transactions::commands::get_transaction,
            actions::commands::start_action,
            actions::commands::retry_action,
            actions::commands::dismiss_action,
            actions::commands::open_actions,
            audit::commands::audit_log,
            audit::commands::verify_audit_log,
            audit::commands::save_audit_csv,
            transactions::commands::list_split_payouts,
            payments::commands::payment_instructions,
            transactions::commands::start_export,
            transactions::commands::export_status,
            transactions::commands::cancel_export,
            external::open_external,
            transactions::commands::create_transaction,
            payments::commands::payment_action,
            trades::commands::list_business_users,
            trades::commands::create_business_user,
            trades::commands::edit_business_user,
            trades::commands::lookup_business_user,
            trades::commands::delete_business_user,
            trades::commands::trade_user,
            trades::commands::list_trades,
            trades::commands::get_trade,
            trades::commands::trade_user_details,
            trades::commands::start_trade_action,
            users::commands::list_users,
            users::commands::get_user,
            users::commands::start_connect,
            users::commands::get_connection,
            users::commands::create_guest,
            users::commands::delete_connection,
            users::commands::list_banks,
            users::commands::list_bank_accounts,
            users::commands::start_bank_onboarding,
            users::commands::bank_onboarding_result,
            users::commands::add_bank_account,
            users::commands::set_default_bank_account,
            users::commands::delete_bank_account,
            documents::commands::list_documents,
            documents::commands::upload_document,
            documents::commands::sign_document,
            documents::commands::download_document,
            documents::commands::delete_document,
            documents::commands::set_bill_of_sale,
            documents::commands::add_debt_information,
            documents::commands::debt_download_link,
        ])
        .run(tauri::generate_context!());
    if let Err(e) = result {
        eprintln!("escrow-desk: {e}");
        std::process::exit(1);
    }
}
