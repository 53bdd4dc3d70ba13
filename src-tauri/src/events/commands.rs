//! Webhook examples, the built-in Sandbox's deliveries and its test event as IPC commands.

use super::Events;
use super::service::{DeliveriesView, WebhookExamplesView};
use crate::error::AppError;
use tauri::State;

#[tauri::command]
pub async fn webhook_examples(events: State<'_, Events>) -> Result<WebhookExamplesView, AppError> {
    events.webhook_examples().await
}

#[tauri::command]
pub async fn webhook_deliveries(
    events: State<'_, Events>,
    transaction_id: Option<String>,
) -> Result<DeliveriesView, AppError> {
    events.webhook_deliveries(transaction_id.as_deref()).await
}

#[tauri::command]
pub async fn send_test_webhook(
    events: State<'_, Events>,
    event_name: String,
    transaction_id: Option<String>,
) -> Result<String, AppError> {
    events.send_test_webhook(&event_name, transaction_id.as_deref()).await
}
