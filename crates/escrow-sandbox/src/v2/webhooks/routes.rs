//! `GET /v2/webhooks/examples`: one example payload of every webhook (route not shown
//! in the spec; this is the client's default).

use crate::auth::Tenant;
use crate::clock::stamp;
use crate::openapi::op::Op;
use crate::openapi::table::Routes;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use serde_json::{Value, json};

pub fn routes() -> Routes {
    Routes::new("Webhooks").get("/v2/webhooks/examples", Op::new("One example payload of every webhook"), examples)
}

async fn examples(State(state): State<AppState>, _tenant: Tenant) -> Json<Value> {
    let at = stamp(state.clock.now());
    let party = |a: &str, r: &str| json!({ "serviceAccountId": a, "referenceId": r });
    let user = |name: &str| {
        json!({
            "eventName": name,
            "eventDate": at,
            "webhookId": uuid::Uuid::new_v4().to_string(),
            "serviceAccountId": "3f1c2a9e-0000-4000-8000-000000000001",
            "connections": [{ "referenceId": "cust-1001", "connected": at }],
        })
    };
    let transaction = |name: &str, payment: Option<&str>| {
        json!({
            "eventName": name,
            "eventDate": at,
            "webhookId": uuid::Uuid::new_v4().to_string(),
            "transactionId": "9b2d7c1e-0000-4000-8000-000000000042",
            "paymentId": payment,
            "referenceId": "DEAL-2026-0042",
            "payee": party("3f1c2a9e-0000-4000-8000-000000000002", "dealer-01"),
            "payer": party("3f1c2a9e-0000-4000-8000-000000000001", "cust-1001"),
        })
    };
    Json(json!({
        "user": [user("user.bankaccount.connected"), user("user.bankaccount.missing")],
        "transaction": [
            transaction("transaction.created", None),
            transaction("transaction.payment.paid", Some("5e8a1f3b-0000-4000-8000-000000000007")),
            transaction("transaction.payment.failed", Some("5e8a1f3b-0000-4000-8000-000000000008")),
            transaction("transaction.succeeded", None),
            transaction("transaction.cancelled", None),
        ],
    }))
}
