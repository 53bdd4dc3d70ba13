//! The trade API's conventions, shared by its handlers and hosted pages: where it
//! lives, its problem object ([`Fault`]), the trace id, and how a handler's work runs
//! on the database (one unit, or once per Idempotency-Key).

use crate::error::ApiError;
use crate::idempotency::{self, Ctx, Reply};
use crate::state::AppState;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use rusqlite::Connection;
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Value, json};

/// The trade API's problem object (spec 001 §7). Serialized through a `serde_json::Value`,
/// so its keys come out sorted as they always have.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TradeProblem {
    /// `https://httpstatuses.io/{status}`.
    #[serde(rename = "type")]
    pub kind: String,
    pub title: String,
    pub status: u16,
    pub detail: String,
    /// Every faulty field (empty for a broken rule or a missing record).
    pub errors: Vec<FieldFault>,
    /// The request's `X-Correlation-Id`, or a fresh UUID.
    pub trace_id: String,
    /// `ValidationError`, or the rule or record (`UserNotFound`, ...).
    pub type_code: String,
}

/// One faulty field of a [`TradeProblem`].
#[derive(Debug, Serialize, JsonSchema)]
pub struct FieldFault {
    pub key: String,
    pub value: String,
}

/// Where every route of this API lives.
pub const PREFIX: &str = "/v1/marketplace";

/// The two shipment carriers the sandbox sells labels for (the spec's `<carrier_a>`
/// and `<carrier_b>`).
pub const CARRIERS: [&str; 2] = ["postnord", "gls"];

/// A refusal in this API's problem shape, or an internal failure.
#[derive(Debug)]
pub enum Fault {
    /// 400 or 404 with the spec's problem object.
    Problem {
        status: StatusCode,
        type_code: &'static str,
        title: &'static str,
        detail: String,
        errors: Vec<(String, String)>,
    },
    /// Anything else (database failure): rendered as the v2 error.
    Api(ApiError),
}

impl Fault {
    /// 400 for a broken business rule.
    pub fn rule(type_code: &'static str, title: &'static str, detail: impl Into<String>) -> Self {
        Self::Problem { status: StatusCode::BAD_REQUEST, type_code, title, detail: detail.into(), errors: Vec::new() }
    }

    /// 404: missing, or another tenant's (the two are not told apart).
    pub fn not_found(type_code: &'static str, detail: impl Into<String>) -> Self {
        Self::Problem {
            status: StatusCode::NOT_FOUND,
            type_code,
            title: "Not found",
            detail: detail.into(),
            errors: Vec::new(),
        }
    }

    /// 400 naming each faulty field.
    pub fn fields(errors: Vec<(String, String)>) -> Self {
        let detail = errors.iter().map(|(k, v)| format!("{k}: {v}")).collect::<Vec<_>>().join("; ");
        Self::Problem {
            status: StatusCode::BAD_REQUEST,
            type_code: "ValidationError",
            title: "One or more validation errors occurred.",
            detail,
            errors,
        }
    }

    /// 400 for one faulty field.
    pub fn field(key: &str, value: impl Into<String>) -> Self {
        Self::fields(vec![(key.to_owned(), value.into())])
    }

    pub fn status(&self) -> StatusCode {
        match self {
            Self::Problem { status, .. } => *status,
            Self::Api(e) => e.status(),
        }
    }

    /// The problem object, with `traceId`.
    pub fn body(&self, trace: &str) -> Value {
        match self {
            Self::Problem { status, type_code, title, detail, errors } => serde_json::to_value(TradeProblem {
                kind: format!("https://httpstatuses.io/{}", status.as_u16()),
                title: (*title).into(),
                status: status.as_u16(),
                detail: detail.clone(),
                errors: errors.iter().map(|(k, v)| FieldFault { key: k.clone(), value: v.clone() }).collect(),
                trace_id: trace.into(),
                type_code: (*type_code).into(),
            })
            .unwrap_or_default(),
            Self::Api(e) => {
                json!({ "title": e.to_string(), "status": e.status().as_u16(), "traceId": trace })
            }
        }
    }

    pub fn render(self, trace: &str) -> Response {
        match self {
            Self::Api(e) => e.into_response(),
            problem => {
                let body = problem.body(trace).to_string();
                let mut res = (problem.status(), body).into_response();
                res.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/problem+json"));
                res
            }
        }
    }
}

impl From<ApiError> for Fault {
    fn from(e: ApiError) -> Self {
        Self::Api(e)
    }
}

impl From<rusqlite::Error> for Fault {
    fn from(e: rusqlite::Error) -> Self {
        Self::Api(e.into())
    }
}

impl From<serde_json::Error> for Fault {
    fn from(e: serde_json::Error) -> Self {
        Self::Api(e.into())
    }
}

pub type Outcome<T> = Result<T, Fault>;

/// The request's trace id: its `X-Correlation-Id` (validated) or a fresh UUID.
pub struct Trace(pub String);

/// The spec: "UUID form, 20 to 64 characters".
pub fn correlation_ok(id: &str) -> bool {
    crate::v2::correlation_ok(id) && uuid::Uuid::try_parse(id).is_ok()
}

impl FromRequestParts<AppState> for Trace {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, _state: &AppState) -> Result<Self, Response> {
        let fresh = uuid::Uuid::new_v4().to_string();
        let Some(raw) = parts.headers.get("x-correlation-id") else {
            return Ok(Self(fresh));
        };
        match raw.to_str().map(str::trim) {
            Ok(id) if correlation_ok(id) => Ok(Self(id.to_owned())),
            _ => Err(Fault::field("X-Correlation-Id", "must be a UUID of 20 to 64 characters").render(&fresh)),
        }
    }
}

/// Renders a handler's outcome: 200 with the JSON (or an empty body for `Null`).
pub fn respond(trace: &Trace, outcome: Outcome<Value>) -> Response {
    match outcome {
        Ok(Value::Null) => StatusCode::OK.into_response(),
        Ok(v) => axum::Json(v).into_response(),
        Err(f) => f.render(&trace.0),
    }
}

/// Runs `f` as one unit: its writes commit only when it succeeds (a savepoint, so it
/// nests inside [`idempotency::run`]'s transaction).
pub fn atomic<R>(conn: &Connection, f: impl FnOnce(&Connection) -> Outcome<R>) -> Outcome<R> {
    conn.execute_batch("SAVEPOINT trade_op")?;
    match f(conn) {
        Ok(v) => {
            conn.execute_batch("RELEASE trade_op")?;
            Ok(v)
        }
        Err(e) => {
            conn.execute_batch("ROLLBACK TO trade_op; RELEASE trade_op")?;
            Err(e)
        }
    }
}

/// Runs `f` on the database as one unit.
pub async fn exec<R, F>(state: &AppState, f: F) -> Outcome<R>
where
    R: Send + 'static,
    F: FnOnce(&Connection) -> Outcome<R> + Send + 'static,
{
    state.db.call(move |c| Ok(atomic(c, f))).await.map_err(Fault::Api)?
}

/// Runs a money-moving handler once per Idempotency-Key; refusals are stored and
/// replayed in this API's problem shape like successes.
pub async fn keyed<F>(
    state: &AppState,
    tenant: &str,
    headers: &HeaderMap,
    trace: Trace,
    method: &str,
    path: &str,
    body: &[u8],
    f: F,
) -> Response
where
    F: FnOnce(&Connection, &Ctx<'_>) -> Outcome<Value> + Send + 'static,
{
    // A faulty key is this API's 400 (spec 001 §7: errors, traceId, typeCode), not v2's.
    if let Err(ApiError::BadRequest { detail, .. }) = idempotency::key_from(headers) {
        return Fault::field("Idempotency-Key", detail).render(&trace.0);
    }
    idempotency::run(state, tenant, headers, method, path, body, move |conn, ctx| match atomic(conn, |c| f(c, &ctx)) {
        Ok(v) => Ok(Reply::ok(v)),
        Err(Fault::Api(e)) => Err(e),
        Err(fault) => Ok(Reply { status: fault.status(), body: Some(fault.body(&trace.0)) }),
    })
    .await
}

/// Path parameters: each 1 to 64 characters (the spec).
pub fn check_path(params: &[(&str, &str)]) -> Outcome<()> {
    let errors: Vec<_> = params
        .iter()
        .filter(|(_, v)| v.trim().is_empty() || v.chars().count() > 64)
        .map(|(k, _)| (k.to_string(), "must be 1 to 64 characters".to_string()))
        .collect();
    if errors.is_empty() { Ok(()) } else { Err(Fault::fields(errors)) }
}
