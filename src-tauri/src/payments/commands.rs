//! Payments as IPC commands.

use super::instructions::PaymentInstructionsView;
use crate::desk::Desk;
use crate::error::AppError;
use std::sync::Arc;
use tauri::State;

type Result<T> = std::result::Result<T, AppError>;

#[tauri::command]
pub async fn payment_instructions(
    desk: State<'_, Arc<Desk>>,
    transaction_id: String,
    service_account_id: String,
) -> Result<PaymentInstructionsView> {
    desk.payment_instructions(&transaction_id, &service_account_id).await
}

/// Creates or initializes a payment (journaled); answers the payment id and its link.
#[tauri::command]
pub async fn payment_action(
    desk: State<'_, Arc<Desk>>,
    request: super::actions::PaymentAction,
) -> Result<crate::journal::Outcome<super::actions::PaymentAction>> {
    desk.payment_action(&request).await
}

/// What a payment action would do, from the live record (a new payment is at most what
/// remains to pay), before the person confirms.
#[tauri::command]
pub async fn payment_consequence(
    desk: State<'_, Arc<Desk>>,
    request: super::actions::PaymentAction,
) -> Result<crate::consequence::ConsequenceView> {
    desk.payment_consequence(&request).await
}
