//! Webhooks (spec section 6): events are written to an outbox in the same SQLite
//! transaction as the change that caused them, then a background worker POSTs them to
//! the tenant's URL with retries. Every delivery and attempt is kept for inspection.
//!
//! Defaults where the spec is silent: no signing; up to 6 attempts, waiting
//! 1, 2, 4, 8, 16 s between them; 5 s timeout per attempt; any 2xx is success.

use crate::db::Db;
use crate::dialect::{Dialect, FIELD_NAMES, rename};
use crate::error::{ApiError, ApiResult};
use crate::v2::transactions::store::TxnDoc;
use rusqlite::{Connection, OptionalExtension, params};
use serde_json::{Value, json};
use std::time::Duration;

pub const MAX_ATTEMPTS: i64 = 6;

fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

fn url_key(tenant: &str) -> String {
    format!("webhook_url:{tenant}")
}

pub fn set_url(conn: &Connection, tenant: &str, url: Option<&str>) -> ApiResult<()> {
    match url {
        Some(u) => conn.execute(
            "INSERT INTO meta (key, value) VALUES (?1, ?2) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            params![url_key(tenant), u],
        )?,
        None => conn.execute("DELETE FROM meta WHERE key = ?1", [url_key(tenant)])?,
    };
    Ok(())
}

pub fn get_url(conn: &Connection, tenant: &str) -> ApiResult<Option<String>> {
    Ok(conn.query_row("SELECT value FROM meta WHERE key = ?1", [url_key(tenant)], |r| r.get(0)).optional()?)
}

/// Where the sandbox's own receiver of `tenant` is (see [`crate::receiver`]), on a sandbox
/// reached at `base` (`http://host:port`).
pub fn own_receiver_url(base: &str, tenant: &str) -> Option<String> {
    let mut url = reqwest::Url::parse(base).ok()?;
    url.path_segments_mut().ok()?.clear().extend(["_sandbox", "receiver", tenant]);
    Some(url.into())
}

fn party_ref(p: &Option<crate::v2::transactions::store::PartyDoc>) -> Value {
    match p {
        Some(p) => json!({ "serviceAccountId": p.service_account_id, "referenceId": p.reference_id }),
        None => Value::Null,
    }
}

/// The payload of a transaction event.
pub fn transaction_payload(name: &str, t: &TxnDoc, payment_id: Option<&str>, webhook_id: &str, at: &str) -> Value {
    json!({
        "eventName": name,
        "eventDate": at,
        "webhookId": webhook_id,
        "transactionId": t.transaction_id,
        "paymentId": payment_id,
        "referenceId": t.reference_id,
        "payee": party_ref(&t.payee),
        "payer": party_ref(&t.payer),
    })
}

/// The payload of a user event.
pub fn user_payload(name: &str, user: &crate::v2::users::store::User, webhook_id: &str, at: &str) -> Value {
    json!({
        "eventName": name,
        "eventDate": at,
        "webhookId": webhook_id,
        "serviceAccountId": user.service_account_id,
        "connections": user.connections,
    })
}

fn enqueue(conn: &Connection, tenant: &str, name: &str, webhook_id: &str, payload: &Value, at: &str) -> ApiResult<()> {
    conn.execute(
        "INSERT INTO webhook_events (tenant, webhook_id, event_name, payload, created, state, next_attempt_ms)
         VALUES (?1, ?2, ?3, ?4, ?5, 'pending', ?6)",
        params![tenant, webhook_id, name, payload.to_string(), at, now_ms()],
    )?;
    Ok(())
}

/// Queues a transaction event (call inside the transaction that made the change).
pub fn transaction_event(
    conn: &Connection,
    tenant: &str,
    name: &str,
    t: &TxnDoc,
    payment_id: Option<&str>,
    at: &str,
) -> ApiResult<()> {
    let id = uuid::Uuid::new_v4().to_string();
    enqueue(conn, tenant, name, &id, &transaction_payload(name, t, payment_id, &id, at), at)
}

/// Queues a user event.
pub fn user_event(
    conn: &Connection,
    tenant: &str,
    name: &str,
    user: &crate::v2::users::store::User,
    at: &str,
) -> ApiResult<()> {
    let id = uuid::Uuid::new_v4().to_string();
    enqueue(conn, tenant, name, &id, &user_payload(name, user, &id, at), at)
}

/// Queues `user.bankaccount.connected` for a user who just got a bank account.
pub fn bank_account_connected(
    conn: &rusqlite::Connection,
    tenant: &str,
    user: &crate::v2::users::store::User,
    at: &str,
) -> ApiResult<()> {
    user_event(conn, tenant, "user.bankaccount.connected", user, at)
}

/// Every event of a tenant with its attempts, oldest first.
pub fn list(conn: &Connection, tenant: &str) -> ApiResult<Vec<Value>> {
    let mut stmt = conn.prepare(
        "SELECT webhook_id, event_name, payload, created, state, attempts, outcomes FROM webhook_events
         WHERE tenant = ?1 ORDER BY seq",
    )?;
    let rows = stmt.query_map([tenant], |r| {
        Ok((
            r.get::<_, String>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, String>(2)?,
            r.get::<_, String>(3)?,
            r.get::<_, String>(4)?,
            r.get::<_, i64>(5)?,
            r.get::<_, String>(6)?,
        ))
    })?;
    let mut out = Vec::new();
    for row in rows {
        let (id, name, payload, created, state, attempts, outcomes) = row?;
        out.push(json!({
            "webhookId": id,
            "eventName": name,
            "payload": serde_json::from_str::<Value>(&payload).unwrap_or(Value::Null),
            "created": created,
            "state": state,
            "attempts": attempts,
            "outcomes": serde_json::from_str::<Value>(&outcomes).unwrap_or(Value::Null),
        }));
    }
    Ok(out)
}

struct Due {
    seq: i64,
    tenant: String,
    payload: String,
    attempts: i64,
    outcomes: String,
}

fn next_due(conn: &Connection) -> ApiResult<Option<Due>> {
    Ok(conn
        .query_row(
            "SELECT seq, tenant, payload, attempts, outcomes FROM webhook_events
             WHERE state = 'pending' AND next_attempt_ms <= ?1 ORDER BY seq LIMIT 1",
            [now_ms()],
            |r| {
                Ok(Due {
                    seq: r.get(0)?,
                    tenant: r.get(1)?,
                    payload: r.get(2)?,
                    attempts: r.get(3)?,
                    outcomes: r.get(4)?,
                })
            },
        )
        .optional()?)
}

/// Delivers queued events forever (until the task is dropped), each payload in `dialect`'s
/// names (stored in the specs'). `own_receiver`: the sandbox's own base URL, whose receiver
/// takes the events of a tenant that set no URL (see [`crate::receiver`]).
pub async fn deliver_forever(db: Db, dialect: Dialect, own_receiver: Option<String>) {
    let http = match reqwest::Client::builder().timeout(Duration::from_secs(5)).build() {
        Ok(c) => c,
        Err(e) => {
            tracing::error!("webhook client: {e}");
            return;
        }
    };
    loop {
        match deliver_one(&db, &http, dialect, own_receiver.as_deref()).await {
            Ok(true) => continue,
            Ok(false) => tokio::time::sleep(Duration::from_millis(100)).await,
            Err(e) => {
                tracing::error!("webhook delivery: {e}");
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
        }
    }
}

/// Tries the oldest due event once. Returns whether there was one.
async fn deliver_one(db: &Db, http: &reqwest::Client, dialect: Dialect, own: Option<&str>) -> Result<bool, ApiError> {
    let Some((due, url)) = db
        .call(|c| {
            let Some(due) = next_due(c)? else { return Ok(None) };
            let url = get_url(c, &due.tenant)?;
            Ok(Some((due, url)))
        })
        .await?
    else {
        return Ok(false);
    };
    let url = url.or_else(|| own.and_then(|base| own_receiver_url(base, &due.tenant)));
    let attempt = due.attempts + 1;
    // Without a URL there is nobody to retry for: the event is kept, marked failed.
    let url_missing = url.is_none();
    let at = chrono::Utc::now().to_rfc3339();
    let (ok, outcome) = match url {
        None => (false, json!({ "at": at, "error": "no webhook URL configured" })),
        Some(url) => {
            let body = match dialect {
                Dialect::Spec => due.payload.clone().into_bytes(),
                Dialect::Published => rename::rename_json_keys(due.payload.as_bytes(), &FIELD_NAMES)
                    .unwrap_or_else(|| due.payload.clone().into_bytes()),
            };
            let sent = http.post(&url).header("content-type", "application/json").body(body).send().await;
            match sent {
                Ok(r) => (r.status().is_success(), json!({ "at": at, "status": r.status().as_u16() })),
                Err(e) => (false, json!({ "at": at, "error": e.without_url().to_string() })),
            }
        }
    };
    let mut outcomes: Vec<Value> = serde_json::from_str(&due.outcomes).unwrap_or_default();
    outcomes.push(outcome);
    let state = if ok {
        "delivered"
    } else if url_missing || attempt >= MAX_ATTEMPTS {
        "failed"
    } else {
        "pending"
    };
    let wait_ms = 1000i64 << (attempt - 1).clamp(0, 4);
    let outcomes = Value::Array(outcomes).to_string();
    db.call(move |c| {
        c.execute(
            "UPDATE webhook_events SET state = ?2, attempts = ?3, next_attempt_ms = ?4, outcomes = ?5 WHERE seq = ?1",
            params![due.seq, state, attempt, now_ms() + wait_ms, outcomes],
        )?;
        Ok(())
    })
    .await?;
    Ok(true)
}
