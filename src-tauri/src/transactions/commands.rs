//! Transactions as IPC commands: list, detail, split payouts, export, create.

use super::Transactions;
use super::list::{TransactionPageView, TransactionQuery};
use super::service::{SplitPayoutsView, TransactionView};
use crate::error::AppError;
use tauri::State;

type Result<T> = std::result::Result<T, AppError>;

#[tauri::command]
pub async fn list_transactions(
    transactions: State<'_, Transactions>,
    query: TransactionQuery,
) -> Result<TransactionPageView> {
    transactions.list_transactions(&query).await
}

#[tauri::command]
pub async fn get_transaction(transactions: State<'_, Transactions>, id: String) -> Result<TransactionView> {
    transactions.get_transaction(&id).await
}

/// The mirror's copy of a deal, for its page when the service cannot be reached (asked for
/// only after the live read failed that way); `None` when the mirror has no copy. Shown
/// marked offline with the mirror's time; never used for money.
#[tauri::command]
pub async fn offline_transaction(
    transactions: State<'_, Transactions>,
    id: String,
) -> Result<Option<super::offline::OfflineTransaction>> {
    transactions.offline_transaction(&id).await
}

#[tauri::command]
pub async fn list_split_payouts(
    transactions: State<'_, Transactions>,
    transaction_id: String,
) -> Result<SplitPayoutsView> {
    transactions.list_split_payouts(&transaction_id).await
}

/// Starts a CSV export of the list's current search and filters to the file chosen in the
/// save dialog (`save_token` from `choose_save_path`); poll `export_status`. Async so that
/// it runs on the async runtime, where the export's task is spawned (a synchronous command
/// runs on the main thread, outside any runtime).
#[tauri::command]
pub async fn start_export(
    transactions: State<'_, Transactions>,
    request: crate::transactions::export::ExportRequest,
    save_token: String,
) -> Result<crate::transactions::export::ExportStatus> {
    transactions.start_saved_export(&request, &save_token)
}

#[tauri::command]
pub fn export_status(
    transactions: State<'_, Transactions>,
    id: String,
) -> Result<crate::transactions::export::ExportStatus> {
    transactions.export_status(&id)
}

#[tauri::command]
pub fn cancel_export(
    transactions: State<'_, Transactions>,
    id: String,
) -> Result<crate::transactions::export::ExportStatus> {
    transactions.cancel_export(&id)
}

/// Creates a Marketplace or Auto transaction (journaled; `value` is the new id).
#[tauri::command]
pub async fn create_transaction(
    transactions: State<'_, Transactions>,
    input: crate::transactions::create::NewTransactionInput,
) -> Result<crate::journal::Outcome<super::actions::TransactionAction>> {
    transactions.create_transaction(&input).await
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
    transactions: State<'_, Transactions>,
    request: super::actions::TransactionAction,
) -> Result<crate::consequence::ConsequenceView> {
    transactions.transaction_consequence(&request).await
}

/// What registering debt of `amount` would do to the payee's share.
#[tauri::command]
pub async fn debt_consequence(
    transactions: State<'_, Transactions>,
    transaction_id: String,
    amount: String,
) -> Result<crate::consequence::ConsequenceView> {
    transactions.debt_consequence(&transaction_id, &amount).await
}
