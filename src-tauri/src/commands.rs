//! The IPC surface: thin `#[tauri::command]`s over [`Desk`]. Every argument is
//! validated in `Desk`; every error is an [`AppError`] with a code.

use crate::actions::{ActionRecord, ActionRequest};
use crate::audit::{AuditEntry, ChainCheck};
use crate::desk::{
    ConnectionCheck, Desk, PaymentInstructionsView, SplitPayoutsView, TransactionPageView, TransactionQuery,
    TransactionView,
};
use crate::environments::{EnvironmentList, EnvironmentView, ProfileInput};
use crate::error::AppError;
use tauri::State;

type Result<T> = std::result::Result<T, AppError>;

#[tauri::command]
pub fn list_environments(desk: State<'_, Desk>) -> Result<EnvironmentList> {
    desk.list_environments()
}

#[tauri::command]
pub fn select_environment(desk: State<'_, Desk>, id: String) -> Result<EnvironmentView> {
    desk.select_environment(&id)
}

#[tauri::command]
pub fn save_profile(desk: State<'_, Desk>, input: ProfileInput) -> Result<EnvironmentView> {
    desk.save_profile(&input)
}

/// Write-only: stores the key in the OS keychain and returns nothing.
#[tauri::command]
pub fn set_api_key(desk: State<'_, Desk>, profile_id: String, api_key: String) -> Result<()> {
    desk.set_api_key(&profile_id, &api_key)
}

#[tauri::command]
pub fn delete_profile(desk: State<'_, Desk>, id: String) -> Result<()> {
    desk.delete_profile(&id)
}

#[tauri::command]
pub async fn test_connection(desk: State<'_, Desk>, id: String) -> Result<ConnectionCheck> {
    desk.test_connection(&id).await
}

#[tauri::command]
pub async fn list_transactions(desk: State<'_, Desk>, query: TransactionQuery) -> Result<TransactionPageView> {
    desk.list_transactions(&query).await
}

#[tauri::command]
pub async fn get_transaction(desk: State<'_, Desk>, id: String) -> Result<TransactionView> {
    desk.get_transaction(&id).await
}

/// Runs a staff action exactly once (intent journaled before the request).
#[tauri::command]
pub async fn start_action(desk: State<'_, Desk>, request: ActionRequest) -> Result<ActionRecord> {
    desk.start_action(&request).await
}

/// Resends an open action with its stored Idempotency-Key.
#[tauri::command]
pub async fn retry_action(desk: State<'_, Desk>, id: String) -> Result<ActionRecord> {
    desk.retry_action(&id).await
}

#[tauri::command]
pub fn dismiss_action(desk: State<'_, Desk>, id: String) -> Result<ActionRecord> {
    desk.dismiss_action(&id)
}

/// Actions without a clear outcome (after a crash, a timeout or a lost connection).
#[tauri::command]
pub fn open_actions(desk: State<'_, Desk>) -> Result<Vec<ActionRecord>> {
    desk.open_actions()
}

#[tauri::command]
pub fn audit_log(desk: State<'_, Desk>, filter: Option<String>, limit: u32) -> Result<Vec<AuditEntry>> {
    desk.audit_log(filter.as_deref(), limit)
}

#[tauri::command]
pub fn verify_audit_log(desk: State<'_, Desk>) -> Result<ChainCheck> {
    desk.verify_audit_log()
}

#[tauri::command]
pub async fn list_split_payouts(desk: State<'_, Desk>, transaction_id: String) -> Result<SplitPayoutsView> {
    desk.list_split_payouts(&transaction_id).await
}

#[tauri::command]
pub async fn payment_instructions(
    desk: State<'_, Desk>,
    transaction_id: String,
    service_account_id: String,
) -> Result<PaymentInstructionsView> {
    desk.payment_instructions(&transaction_id, &service_account_id).await
}

/// Starts a CSV export of the list's current search and filters; poll `export_status`.
#[tauri::command]
pub fn start_export(
    desk: State<'_, Desk>,
    request: crate::export::ExportRequest,
) -> Result<crate::export::ExportStatus> {
    desk.start_export(&request)
}

#[tauri::command]
pub fn export_status(desk: State<'_, Desk>, id: String) -> Result<crate::export::ExportStatus> {
    desk.export_status(&id)
}

#[tauri::command]
pub fn cancel_export(desk: State<'_, Desk>, id: String) -> Result<crate::export::ExportStatus> {
    desk.cancel_export(&id)
}

/// Opens a hosted page in the user's browser (checked in Rust: https, or the built-in
/// Sandbox's loopback pages).
#[tauri::command]
pub fn open_external(url: String) -> Result<()> {
    crate::external::open(&url)
}

/// Creates a Marketplace or Auto transaction (journaled; `value` is the new id).
#[tauri::command]
pub async fn create_transaction(
    desk: State<'_, Desk>,
    input: crate::desk_create::NewTransactionInput,
) -> Result<crate::desk_users::ActionOutcome> {
    desk.create_transaction(&input).await
}

/// Creates or initializes a payment (journaled); answers the payment id and its link.
#[tauri::command]
pub async fn payment_action(
    desk: State<'_, Desk>,
    request: crate::actions::ActionRequest,
) -> Result<crate::desk_users::ActionOutcome> {
    desk.payment_action(&request).await
}

/// Writes the audit rows matching `text` to a CSV file in Downloads; answers its path.
#[tauri::command]
pub fn save_audit_csv(desk: State<'_, Desk>, text: Option<String>) -> Result<crate::audit_export::AuditFile> {
    desk.save_audit_csv(text.as_deref())
}
