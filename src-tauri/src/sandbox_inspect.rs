//! The built-in Sandbox's own `/_sandbox` routes (webhook deliveries, what a transaction's
//! record does not show, the test event). Only the in-process sandbox is asked: these
//! routes are not part of the service, so another environment has none of this.

use crate::desk::BuiltInSandbox;
use crate::error::{AppError, ErrorCode};
use serde::{Deserialize, Serialize};
use std::time::Duration;
use ts_rs::TS;

/// One webhook the sandbox queued, with every attempt to deliver it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Delivery {
    pub webhook_id: String,
    pub event_name: String,
    #[ts(type = "unknown")]
    pub payload: serde_json::Value,
    /// When the event was queued (RFC 3339).
    pub created: String,
    /// `pending`, `delivered` or `failed`.
    pub state: String,
    #[ts(type = "number")]
    pub attempts: i64,
    /// One per attempt: `{ at, status }` or `{ at, error }`.
    #[ts(type = "unknown")]
    pub outcomes: serde_json::Value,
}

impl Delivery {
    /// The transaction the payload names, if any.
    pub fn transaction_id(&self) -> Option<&str> {
        self.payload.get("transactionId").and_then(serde_json::Value::as_str)
    }
}

#[derive(Deserialize)]
struct Items<T> {
    items: Vec<T>,
}

/// What the sandbox keeps about a transaction beyond its v2 record.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct TransactionExtras {
    pub cancel_reason: Option<String>,
}

fn client() -> Result<reqwest::Client, AppError> {
    reqwest::Client::builder()
        .timeout(Duration::from_secs(10))
        .build()
        .map_err(|e| AppError::new(ErrorCode::Internal, format!("HTTP client: {e}")))
}

async fn get<T: serde::de::DeserializeOwned>(sandbox: &BuiltInSandbox, path: &str) -> Result<T, AppError> {
    let url = format!("{}{path}", sandbox.url.trim_end_matches('/'));
    let res = client()?.get(url).bearer_auth(&sandbox.key).send().await.map_err(network)?;
    if res.status() == reqwest::StatusCode::NOT_FOUND {
        return Err(AppError::new(ErrorCode::NotFound, "The sandbox does not know it."));
    }
    if !res.status().is_success() {
        return Err(AppError::new(ErrorCode::Server, format!("The sandbox answered {}.", res.status())));
    }
    res.json().await.map_err(|e| AppError::new(ErrorCode::UnreadableResponse, format!("The sandbox's answer: {e}")))
}

fn network(e: reqwest::Error) -> AppError {
    AppError::new(ErrorCode::Network, format!("The built-in Sandbox: {}", e.without_url()))
}

/// Every delivery of the tenant, or of one transaction, oldest first.
pub async fn deliveries(sandbox: &BuiltInSandbox, transaction_id: Option<&str>) -> Result<Vec<Delivery>, AppError> {
    let path = match transaction_id {
        Some(id) => format!("/_sandbox/transactions/{}/webhooks", encode(id)),
        None => "/_sandbox/webhooks".to_owned(),
    };
    Ok(get::<Items<Delivery>>(sandbox, &path).await?.items)
}

/// The cancel reason and the like; `None` when the sandbox does not know the transaction.
pub async fn transaction_extras(sandbox: &BuiltInSandbox, id: &str) -> Result<Option<TransactionExtras>, AppError> {
    match get(sandbox, &format!("/_sandbox/transactions/{}", encode(id))).await {
        Ok(extras) => Ok(Some(extras)),
        Err(e) if e.code == ErrorCode::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

/// Queues a test webhook about `transaction_id` (the newest transaction when `None`);
/// answers the transaction it names.
pub async fn send_test_event(
    sandbox: &BuiltInSandbox,
    event_name: &str,
    transaction_id: Option<&str>,
) -> Result<String, AppError> {
    let url = format!("{}/_sandbox/webhooks/test", sandbox.url.trim_end_matches('/'));
    let body = serde_json::json!({ "eventName": event_name, "transactionId": transaction_id });
    let res = client()?.post(url).bearer_auth(&sandbox.key).json(&body).send().await.map_err(network)?;
    if !res.status().is_success() {
        let status = res.status();
        let text = res.text().await.unwrap_or_default();
        let code = if status.is_client_error() { ErrorCode::BadRequest } else { ErrorCode::Server };
        return Err(AppError::new(code, format!("The sandbox refused the test event ({status}): {text}")));
    }
    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Sent {
        transaction_id: String,
    }
    let sent: Sent = res
        .json()
        .await
        .map_err(|e| AppError::new(ErrorCode::UnreadableResponse, format!("The sandbox's answer: {e}")))?;
    Ok(sent.transaction_id)
}

/// A path segment: ids are checked to be visible characters, this keeps `/`, `?` and `#` out.
fn encode(id: &str) -> String {
    url::form_urlencoded::byte_serialize(id.as_bytes()).collect::<String>().replace('+', "%20")
}
