//! Idempotency-Key handling (spec section 7).
//!
//! The check, the handler's writes and the stored response commit in one SQLite
//! transaction, so a key can never be stored without its effect or the reverse, and
//! a 5xx is never answered after a money-moving change has committed.

use crate::clock::stamp;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Duration, Utc};
use rusqlite::{Connection, OptionalExtension, params};
use sha2::{Digest, Sha256};

/// How long a key is remembered (the spec: at least 24 hours).
pub const RETENTION_HOURS: i64 = 24;

/// A handler's successful answer: status and JSON body (None: empty body).
pub struct Reply {
    pub status: StatusCode,
    pub body: Option<serde_json::Value>,
}

impl Reply {
    pub fn ok(body: serde_json::Value) -> Self {
        Self { status: StatusCode::OK, body: Some(body) }
    }
    pub fn empty() -> Self {
        Self { status: StatusCode::OK, body: None }
    }
}

/// Context a keyed handler gets: the key in force (for the ledger) and the time.
pub struct Ctx<'a> {
    pub key: Option<&'a str>,
    pub now: DateTime<Utc>,
}

fn fingerprint(method: &str, path: &str, body: &[u8]) -> String {
    let mut h = Sha256::new();
    h.update(method.as_bytes());
    h.update([0]);
    h.update(path.as_bytes());
    h.update([0]);
    h.update(body);
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// The Idempotency-Key header, validated (at most 200 characters).
pub fn key_from(headers: &HeaderMap) -> ApiResult<Option<String>> {
    let Some(raw) = headers.get("idempotency-key") else { return Ok(None) };
    let key =
        raw.to_str().map_err(|_| ApiError::bad_request("Invalid Idempotency-Key", "must be visible ASCII"))?.trim();
    if key.is_empty() || key.chars().count() > 200 {
        return Err(ApiError::bad_request("Invalid Idempotency-Key", "must be 1 to 200 characters"));
    }
    Ok(Some(key.to_owned()))
}

/// Marks a key as being processed until dropped; a second request meanwhile gets 409.
struct InFlight {
    set: std::sync::Arc<std::sync::Mutex<std::collections::HashSet<(String, String)>>>,
    entry: (String, String),
}

impl InFlight {
    fn enter(state: &AppState, tenant: &str, key: &str) -> Option<Self> {
        let entry = (tenant.to_owned(), key.to_owned());
        let mut set = state.in_flight.lock().ok()?;
        if !set.insert(entry.clone()) {
            return None;
        }
        Some(Self { set: state.in_flight.clone(), entry })
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        if let Ok(mut set) = self.set.lock() {
            set.remove(&self.entry);
        }
    }
}

struct Stored {
    status: u16,
    body: Option<String>,
    content_type: Option<String>,
}

fn render(stored: &Stored, replayed: bool) -> Response {
    let status = StatusCode::from_u16(stored.status).unwrap_or(StatusCode::OK);
    let mut response = match &stored.body {
        Some(body) => (status, body.clone()).into_response(),
        None => status.into_response(),
    };
    if let Some(ct) = stored.content_type.as_deref().and_then(|c| HeaderValue::from_str(c).ok()) {
        response.headers_mut().insert(header::CONTENT_TYPE, ct);
    }
    if replayed {
        response.headers_mut().insert("idempotency-replayed", HeaderValue::from_static("true"));
    }
    response
}

/// Runs a money-moving handler `f` exactly once per key.
///
/// - no key: runs `f` (its writes commit only if it succeeds);
/// - new key: runs `f` and stores its answer, success or 4xx, with the writes;
/// - same key, same request: replays the stored answer with `Idempotency-Replayed: true`;
/// - same key, other request: 422. A 5xx is never stored.
pub async fn run<F>(
    state: &AppState,
    tenant: &str,
    headers: &HeaderMap,
    method: &str,
    path: &str,
    body: &[u8],
    f: F,
) -> Response
where
    F: FnOnce(&Connection, Ctx<'_>) -> ApiResult<Reply> + Send + 'static,
{
    let key = match key_from(headers) {
        Ok(k) => k,
        Err(e) => return e.into_response(),
    };
    let print = fingerprint(method, path, body);
    let _guard = match &key {
        Some(k) => match InFlight::enter(state, tenant, k) {
            Some(g) => Some(g),
            None => return ApiError::Conflict.into_response(),
        },
        None => None,
    };
    let tenant = tenant.to_owned();
    let now = state.clock.now();
    let result = state
        .db
        .write(move |tx| {
            if let Some(key) = key.as_deref() {
                let cutoff = stamp(now - Duration::hours(RETENTION_HOURS));
                tx.execute("DELETE FROM idempotency WHERE tenant = ?1 AND key = ?2 AND created < ?3", params![
                    tenant, key, cutoff
                ])?;
                let existing = tx
                    .query_row(
                        "SELECT fingerprint, status, body, content_type FROM idempotency WHERE tenant = ?1 AND key = ?2",
                        params![tenant, key],
                        |r| Ok((r.get::<_, String>(0)?, Stored { status: r.get(1)?, body: r.get(2)?, content_type: r.get(3)? })),
                    )
                    .optional()?;
                if let Some((stored_print, stored)) = existing {
                    if stored_print != print {
                        return Err(ApiError::KeyReused);
                    }
                    return Ok((stored, true));
                }
            }
            let mut sp = tx.savepoint()?;
            let outcome = f(&sp, Ctx { key: key.as_deref(), now });
            let stored = match outcome {
                Ok(reply) => {
                    sp.commit()?;
                    Stored {
                        status: reply.status.as_u16(),
                        body: reply.body.map(|b| b.to_string()),
                        content_type: Some("application/json".into()),
                    }
                }
                Err(e) if e.status().is_server_error() => return Err(e),
                Err(e) => {
                    sp.rollback()?;
                    drop(sp);
                    let (body, ct) = e.body().map_or((None, None), |(b, c)| (Some(b), Some(c.to_owned())));
                    Stored { status: e.status().as_u16(), body, content_type: ct }
                }
            };
            if let Some(key) = key.as_deref() {
                tx.execute(
                    "INSERT INTO idempotency (tenant, key, fingerprint, status, body, content_type, created)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                    params![tenant, key, print, stored.status, stored.body, stored.content_type, stamp(now)],
                )?;
            }
            Ok((stored, false))
        })
        .await;
    match result {
        Ok((stored, replayed)) => render(&stored, replayed),
        Err(e) => e.into_response(),
    }
}
