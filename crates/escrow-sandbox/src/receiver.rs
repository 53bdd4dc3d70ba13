//! A webhook receiver of the sandbox's own: `POST /_sandbox/receiver/{tenant}` stores what
//! arrives and answers 200, unauthenticated like a real receiver; `GET /_sandbox/receiver`
//! (the tenant's key) lists what its receiver got. With [`crate::ServeOptions::own_receiver`]
//! (the desktop app's built-in Sandbox), a tenant that set no webhook URL has its webhooks
//! delivered here (`outbox::own_receiver_url`), so deliveries succeed; a URL set with
//! `PUT /_sandbox/webhook-url` wins, and clearing it goes back to the receiver. Off by
//! default: a team's sandbox sets its own.

use crate::auth::Tenant;
use crate::clock::stamp;
use crate::error::{ApiError, ApiResult};
use crate::openapi::op::Op;
use crate::openapi::table::{CONTROL_TAG, Routes};
use crate::state::AppState;
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use rusqlite::params;
use serde_json::{Value, json};

/// What one tenant's receiver keeps: the newest this many.
pub const KEPT: i64 = 1000;
/// The largest body stored (a webhook is a small JSON object).
pub const MAX_BODY: usize = 256 * 1024;

pub fn routes() -> Routes {
    Routes::new(CONTROL_TAG)
        .post(
            "/_sandbox/receiver/{tenant}",
            Op::new("The sandbox's own webhook receiver: stores what arrives (no key, as a real receiver)")
                .open()
                .takes::<serde_json::Value>()
                .empty(),
            receive,
        )
        .get(
            "/_sandbox/receiver",
            Op::new("What the own receiver got, oldest first").returns::<crate::openapi::kept::SandboxItems>(),
            list,
        )
}

async fn receive(State(state): State<AppState>, Path(tenant): Path<String>, body: Bytes) -> ApiResult<()> {
    if !state.tenants.iter().any(|t| t.name == tenant) {
        return Err(ApiError::NotFound);
    }
    if body.len() > MAX_BODY {
        return Err(ApiError::bad_request("Invalid request", format!("the body is over {MAX_BODY} bytes")));
    }
    let text = String::from_utf8_lossy(&body).into_owned();
    let at = stamp(state.clock.now());
    state
        .db
        .write(move |tx| {
            tx.execute(
                "INSERT INTO webhook_received (tenant, received, body) VALUES (?1, ?2, ?3)",
                params![tenant, at, text],
            )?;
            tx.execute(
                "DELETE FROM webhook_received WHERE tenant = ?1 AND seq <=
                   (SELECT seq FROM webhook_received WHERE tenant = ?1 ORDER BY seq DESC LIMIT 1 OFFSET ?2)",
                params![tenant, KEPT],
            )?;
            Ok(())
        })
        .await
}

/// `{items: [{received, eventName, webhookId, body}]}`, oldest first; `body` as JSON when it is.
async fn list(State(state): State<AppState>, tenant: Tenant) -> ApiResult<Json<Value>> {
    let items = state
        .db
        .call(move |c| {
            let mut stmt = c.prepare("SELECT received, body FROM webhook_received WHERE tenant = ?1 ORDER BY seq")?;
            let rows = stmt.query_map([&tenant.name], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))?;
            let mut out = Vec::new();
            for row in rows {
                let (received, body) = row?;
                let body = serde_json::from_str::<Value>(&body).unwrap_or(Value::String(body));
                out.push(json!({
                    "received": received,
                    "eventName": body["eventName"],
                    "webhookId": body["webhookId"],
                    "body": body,
                }));
            }
            Ok(out)
        })
        .await?;
    Ok(Json(json!({ "items": items })))
}
