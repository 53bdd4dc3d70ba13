//! The dialect middleware over the service's APIs (`/v2` and the trade API). In the
//! `published` dialect it
//!
//! - refuses a request body that uses a spec's name of [`FIELD_NAMES`] (JSON keys at any
//!   depth, urlencoded field names in any case) with 400, naming the published field, as
//!   the real service would not know the spec's name;
//! - renames the published names to the specs' before the handler reads the body;
//! - renames every JSON response body the other way: keys of `application/json`, and
//!   every mention in `application/problem+json` (so a `detail` names the published field).
//!
//! Multipart bodies pass untouched: no multipart field of either API carries an account
//! id. An unauthenticated request passes untouched too, so it is answered 401 as before.
//! In the `spec` dialect this layer does nothing.

use crate::auth::Tenant;
use crate::dialect::{Dialect, FIELD_NAMES, PUBLISHED_TO_SPEC, rename};
use crate::error::ApiError;
use crate::state::AppState;
use axum::body::{Body, Bytes};
use axum::extract::{FromRequestParts, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// Largest request body read here (a urlencoded 10 MiB upload fits; handlers keep their
/// own, smaller limits).
const MAX_REQUEST: usize = 64 * 1024 * 1024;

fn is_api(path: &str) -> bool {
    path.starts_with("/v2/") || path.starts_with(crate::trade::api::PREFIX)
}

fn content_type(headers: &HeaderMap) -> String {
    headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("").trim().to_ascii_lowercase()
}

/// The middleware (`axum::middleware::from_fn_with_state`).
pub async fn apply(State(state): State<AppState>, req: Request, next: Next) -> Response {
    if state.dialect == Dialect::Spec || !is_api(req.uri().path()) {
        return next.run(req).await;
    }
    let req = match accept(&state, req).await {
        Ok(req) => req,
        Err(refusal) => return refusal,
    };
    render(next.run(req).await).await
}

/// The request as the handlers read it (specs' names), or the refusal.
async fn accept(state: &AppState, req: Request) -> Result<Request, Response> {
    let (mut parts, body) = req.into_parts();
    let kind = content_type(&parts.headers);
    if kind.starts_with("multipart/") || Tenant::from_request_parts(&mut parts, state).await.is_err() {
        return Ok(Request::from_parts(parts, body));
    }
    let bytes = axum::body::to_bytes(body, MAX_REQUEST).await.map_err(|_| too_large())?;
    let form = kind.starts_with("application/x-www-form-urlencoded");
    let names: Vec<String> = if form {
        rename::form_names(&bytes).into_iter().map(|(_, n)| n).collect()
    } else {
        rename::json_keys(&bytes).unwrap_or_default().into_iter().map(|(_, n)| n).collect()
    };
    let sent = |spec: &str| names.iter().any(|n| if form { n.eq_ignore_ascii_case(spec) } else { n == spec });
    if let Some((spec, published)) = FIELD_NAMES.iter().find(|(spec, _)| sent(spec)) {
        return Err(refuse(parts.uri.path(), &parts.headers, spec, published));
    }
    let renamed = if form {
        rename::rename_form_names(&bytes, &PUBLISHED_TO_SPEC)
    } else {
        rename::rename_json_keys(&bytes, &PUBLISHED_TO_SPEC)
    };
    let body = match renamed {
        Some(renamed) => {
            parts.headers.insert(header::CONTENT_LENGTH, HeaderValue::from(renamed.len()));
            Body::from(renamed)
        }
        None => Body::from(bytes),
    };
    Ok(Request::from_parts(parts, body))
}

/// 400 in the API's own problem shape: v2's `{type, title, status, detail}`, or the
/// trade API's (which adds `errors`, `traceId`, `typeCode`).
fn refuse(path: &str, headers: &HeaderMap, spec: &str, published: &str) -> Response {
    let detail = format!("this sandbox speaks the published dialect: send {published}, not {spec}");
    if !path.starts_with(crate::trade::api::PREFIX) {
        return ApiError::bad_request("Invalid request", detail).into_response();
    }
    let trace = headers
        .get("x-correlation-id")
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .filter(|id| crate::trade::api::correlation_ok(id))
        .map_or_else(|| uuid::Uuid::new_v4().to_string(), str::to_owned);
    crate::trade::api::Fault::field(spec, detail).render(&trace)
}

fn too_large() -> Response {
    (StatusCode::PAYLOAD_TOO_LARGE, "Failed to buffer the request body: length limit exceeded").into_response()
}

/// The response with the published names.
async fn render(response: Response) -> Response {
    let kind = content_type(response.headers());
    let problem = kind.starts_with("application/problem+json");
    if !problem && !kind.starts_with("application/json") {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let bytes = match axum::body::to_bytes(body, usize::MAX).await {
        Ok(bytes) => bytes,
        Err(_) => return Response::from_parts(parts, broken()),
    };
    let renamed = if problem {
        Some(rename::replace_all(&bytes, &FIELD_NAMES))
    } else {
        rename::rename_json_keys(&bytes, &FIELD_NAMES)
    };
    let Some(renamed) = renamed else {
        return Response::from_parts(parts, Body::from(bytes));
    };
    parts.headers.insert(header::CONTENT_LENGTH, HeaderValue::from(renamed.len()));
    Response::from_parts(parts, Body::from(renamed))
}

/// A body that fails, as the handler's did: the client sees the connection break.
fn broken() -> Body {
    Body::from_stream(futures::stream::once(async {
        Err::<Bytes, std::io::Error>(std::io::Error::other("response body failed"))
    }))
}
