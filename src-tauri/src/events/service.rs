//! The Events page's data: the examples (`GET /v2/webhooks/examples`) as the service
//! sends them, the built-in Sandbox's deliveries, and its test event.

use super::Events;
use crate::desk::valid_id;
use crate::error::AppError;
use crate::sandbox_inspect::{self, Delivery};
use serde::Serialize;
use ts_rs::TS;

/// The examples as sent (`{ user: [...], transaction: [...] }`): the page explains each
/// event's fields, so it shows whatever the service adds too.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct WebhookExamplesView {
    pub environment_id: String,
    #[ts(type = "unknown")]
    pub examples: serde_json::Value,
}

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DeliveriesView {
    pub environment_id: String,
    /// False when the active environment is not the built-in Sandbox (nothing to list).
    pub available: bool,
    /// Newest first.
    pub items: Vec<Delivery>,
}

impl Events {
    pub async fn webhook_examples(&self) -> Result<WebhookExamplesView, AppError> {
        let (environment_id, client) = self.desk.active_client()?;
        let examples = client.webhooks().examples().await?;
        let examples = serde_json::to_value(&examples).map_err(AppError::storage)?;
        Ok(WebhookExamplesView { environment_id, examples })
    }

    /// The built-in Sandbox's deliveries, of one transaction when `transaction_id` is given.
    pub async fn webhook_deliveries(&self, transaction_id: Option<&str>) -> Result<DeliveriesView, AppError> {
        let environment_id = self.desk.active_id()?;
        let Some(sandbox) = self.desk.active_builtin_sandbox()? else {
            return Ok(DeliveriesView { environment_id, available: false, items: Vec::new() });
        };
        let filter = match transaction_id.map(str::trim).filter(|t| !t.is_empty()) {
            Some(id) => Some(valid_id(id)?),
            None => None,
        };
        let mut items = sandbox_inspect::deliveries(&sandbox, filter).await?;
        items.reverse();
        Ok(DeliveriesView { environment_id, available: true, items })
    }

    /// Queues a test event in the built-in Sandbox; answers the transaction it names.
    pub async fn send_test_webhook(&self, event_name: &str, transaction_id: Option<&str>) -> Result<String, AppError> {
        let Some(sandbox) = self.desk.active_builtin_sandbox()? else {
            return Err(AppError::validation("Test events are sent by the built-in Sandbox only."));
        };
        let filter = match transaction_id.map(str::trim).filter(|t| !t.is_empty()) {
            Some(id) => Some(valid_id(id)?),
            None => None,
        };
        if event_name.len() > 100 || !event_name.starts_with("transaction.") {
            return Err(AppError::validation("Pick one of the transaction events."));
        }
        sandbox_inspect::send_test_event(&sandbox, event_name, filter).await
    }
}
