//! Transactions as IPC commands: list, detail, split payouts, export, create.

use super::list::{TransactionPageView, TransactionQuery};
use super::service::{SplitPayoutsView, TransactionView};
use crate::desk::Desk;
use crate::error::AppError;
use std::sync::Arc;
use tauri::State;

type Result<T> = std::result::Result<T, AppError>;

#[tauri::command]
pub async fn list_transactions(desk: State<'_, Arc<Desk>>, query: TransactionQuery) -> Result<TransactionPageView> {
    desk.list_transactions(&query).await
}

#[tauri::command]
pub async fn get_transaction(desk: State<'_, Arc<Desk>>, id: String) -> Result<TransactionView> {
    desk.get_transaction(&id).await
}

/// The mirror's copy of a deal, for its page when the service cannot be reached (asked for
/// only after the live read failed that way); `None` when the mirror has no copy. Shown
/// marked offline with the mirror's time; never used for money.
#[tauri::command]
pub async fn offline_transaction(
    desk: State<'_, Arc<Desk>>,
    id: String,
) -> Result<Option<super::offline::OfflineTransaction>> {
    desk.offline_transaction(&id).await
}

#[tauri::command]
pub async fn list_split_payouts(desk: State<'_, Arc<Desk>>, transaction_id: String) -> Result<SplitPayoutsView> {
    desk.list_split_payouts(&transaction_id).await
}

/// Starts a CSV export of the list's current search and filters to the file chosen in the
/// save dialog (`save_token` from `choose_save_path`); poll `export_status`. Async so that
/// it runs on the async runtime, where the export's task is spawned (a synchronous command
/// runs on the main thread, outside any runtime).
#[tauri::command]
pub async fn start_export(
    desk: State<'_, Arc<Desk>>,
    request: crate::transactions::export::ExportRequest,
    save_token: String,
) -> Result<crate::transactions::export::ExportStatus> {
    desk.start_saved_export(&request, &save_token)
}

#[tauri::command]
pub fn export_status(desk: State<'_, Arc<Desk>>, id: String) -> Result<crate::transactions::export::ExportStatus> {
    desk.export_status(&id)
}

#[tauri::command]
pub fn cancel_export(desk: State<'_, Arc<Desk>>, id: String) -> Result<crate::transactions::export::ExportStatus> {
    desk.cancel_export(&id)
}

/// Creates a Marketplace or Auto transaction (journaled; `value` is the new id).
#[tauri::command]
pub async fn create_transaction(
    desk: State<'_, Arc<Desk>>,
    input: crate::transactions::create::NewTransactionInput,
) -> Result<crate::journal::Outcome<super::actions::TransactionAction>> {
    desk.create_transaction(&input).await
}

/// Runs create's own checks without sending anything, so the form's review never passes
/// what create would refuse (every field error at once); answers what the deal will mean
/// for each party, for the review, with the debt its Auto set-up registers (`debt_amount`).
#[tauri::command]
pub fn check_new_transaction(
    input: crate::transactions::create::NewTransactionInput,
    debt_amount: Option<String>,
) -> Result<crate::consequence::Consequence> {
    input.review(debt_amount.as_deref())
}

/// What a money move would do (payee's net, split payouts, refund, maximum reimbursable),
/// computed from the live record before the person confirms.
#[tauri::command]
pub async fn transaction_consequence(
    desk: State<'_, Arc<Desk>>,
    request: super::actions::TransactionAction,
) -> Result<crate::consequence::ConsequenceView> {
    desk.transaction_consequence(&request).await
}

/// What registering debt of `amount` would do to the payee's share.
#[tauri::command]
pub async fn debt_consequence(
    desk: State<'_, Arc<Desk>>,
    transaction_id: String,
    amount: String,
) -> Result<crate::consequence::ConsequenceView> {
    desk.debt_consequence(&transaction_id, &amount).await
}
