//! Payments as IPC commands.

use super::Payments;
use super::instructions::PaymentInstructionsView;
use crate::error::AppError;
use tauri::State;

type Result<T> = std::result::Result<T, AppError>;

#[tauri::command]
pub async fn payment_instructions(
    payments: State<'_, Payments>,
    transaction_id: String,
    service_account_id: String,
) -> Result<PaymentInstructionsView> {
    payments.payment_instructions(&transaction_id, &service_account_id).await
}

/// Creates or initializes a payment (journaled); answers the payment id and its link.
#[tauri::command]
pub async fn payment_action(
    payments: State<'_, Payments>,
    request: super::actions::PaymentAction,
    read_at: Option<String>,
) -> Result<crate::journal::Outcome<super::actions::PaymentAction>> {
    payments.payment_action(&request, read_at.as_deref()).await
}

/// What a payment action would do, from the live record (a new payment is at most what
/// remains to pay), before the person confirms.
#[tauri::command]
pub async fn payment_consequence(
    payments: State<'_, Payments>,
    request: super::actions::PaymentAction,
) -> Result<crate::consequence::ConsequenceView> {
    payments.payment_consequence(&request).await
}
