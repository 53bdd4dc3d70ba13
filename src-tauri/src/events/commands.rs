//! Webhook examples, the built-in Sandbox's deliveries and its test event as IPC commands.

use super::service::{DeliveriesView, WebhookExamplesView};
use crate::desk::Desk;
use crate::error::AppError;
use std::sync::Arc;
use tauri::State;

#[tauri::command]
pub async fn webhook_examples(desk: State<'_, Arc<Desk>>) -> Result<WebhookExamplesView, AppError> {
    desk.webhook_examples().await
}

#[tauri::command]
pub async fn webhook_deliveries(
    desk: State<'_, Arc<Desk>>,
    transaction_id: Option<String>,
) -> Result<DeliveriesView, AppError> {
    desk.webhook_deliveries(transaction_id.as_deref()).await
}

#[tauri::command]
pub async fn send_test_webhook(
    desk: State<'_, Arc<Desk>>,
    event_name: String,
    transaction_id: Option<String>,
) -> Result<String, AppError> {
    desk.send_test_webhook(&event_name, transaction_id.as_deref()).await
}
