//! `/_sandbox` inspection of one transaction and the test webhook: what the service
//! keeps but its v2 record does not show (the cancel reason, the amount reimbursed),
//! and one transaction's webhook deliveries. Reads here have no side effects; the test
//! event only queues a delivery.

use crate::auth::Tenant;
use crate::clock::stamp;
use crate::error::{ApiError, ApiResult};
use crate::money;
use crate::openapi::op::Op;
use crate::openapi::table::{CONTROL_TAG, Routes};
use crate::state::AppState;
use crate::v2::common::parse_json;
use crate::v2::transactions::store;
use crate::v2::webhooks::outbox;
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use serde::Deserialize;
use serde_json::{Value, json};

pub fn routes() -> Routes {
    Routes::new(CONTROL_TAG)
        .get(
            "/_sandbox/transactions/{transaction_id}",
            Op::new("What the sandbox keeps about a transaction beyond its record (cancel reason, reimbursed)"),
            transaction,
        )
        .get(
            "/_sandbox/transactions/{transaction_id}/webhooks",
            Op::new("The webhook deliveries about one transaction").returns::<crate::openapi::kept::SandboxItems>(),
            transaction_webhooks,
        )
        .post(
            "/_sandbox/webhooks/test",
            Op::new("Queue a test webhook (body: eventName, transactionId)").takes::<TestEvent>().bare_404(),
            test_event,
        )
}

async fn transaction(State(state): State<AppState>, tenant: Tenant, Path(id): Path<String>) -> ApiResult<Json<Value>> {
    let t = state.db.call(move |c| store::get(c, &tenant.name, &id)).await?.ok_or(ApiError::NotFound)?;
    Ok(Json(json!({
        "transactionId": t.transaction_id,
        "status": t.status,
        "cancelReason": t.cancel_reason,
        "reimbursed": money::json(t.reimbursed),
    })))
}

/// Deliveries whose payload names the transaction, oldest first.
async fn transaction_webhooks(
    State(state): State<AppState>,
    tenant: Tenant,
    Path(id): Path<String>,
) -> ApiResult<Json<Value>> {
    let items = state.db.call(move |c| outbox::list(c, &tenant.name)).await?;
    let items: Vec<Value> =
        items.into_iter().filter(|d| d["payload"]["transactionId"].as_str() == Some(id.as_str())).collect();
    Ok(Json(json!({ "items": items })))
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
#[schemars(rename = "SandboxTestEvent")]
struct TestEvent {
    event_name: Option<String>,
    transaction_id: Option<String>,
}

/// The transaction event names of the spec a test event may take.
const TEST_EVENTS: [&str; 5] = [
    "transaction.created",
    "transaction.payment.paid",
    "transaction.payment.failed",
    "transaction.succeeded",
    "transaction.cancelled",
];

/// Queues one transaction event about an existing transaction (default: the newest),
/// delivered like any other; answers its webhookId.
async fn test_event(State(state): State<AppState>, tenant: Tenant, body: Bytes) -> ApiResult<Json<Value>> {
    let req: TestEvent =
        if body.is_empty() { TestEvent { event_name: None, transaction_id: None } } else { parse_json(&body)? };
    let name = req.event_name.unwrap_or_else(|| TEST_EVENTS[0].to_owned());
    if !TEST_EVENTS.contains(&name.as_str()) {
        return Err(ApiError::bad_request(
            "Invalid request",
            format!("eventName must be one of {}", TEST_EVENTS.join(", ")),
        ));
    }
    let now = stamp(state.clock.now());
    let id = state
        .db
        .write(move |tx| {
            let tid = match req.transaction_id.filter(|t| !t.trim().is_empty()) {
                Some(t) => t,
                None => tx
                    .query_row(
                        "SELECT transaction_id FROM transactions WHERE tenant = ?1 ORDER BY ord DESC LIMIT 1",
                        [&tenant.name],
                        |r| r.get::<_, String>(0),
                    )
                    .map_err(|_| ApiError::NotFound)?,
            };
            let t = store::get(tx, &tenant.name, &tid)?.ok_or(ApiError::NotFound)?;
            outbox::transaction_event(tx, &tenant.name, &name, &t, None, &now)?;
            Ok(t.transaction_id)
        })
        .await?;
    Ok(Json(json!({ "transactionId": id })))
}
