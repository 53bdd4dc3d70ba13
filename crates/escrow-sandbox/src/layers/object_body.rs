//! One guard for every JSON body: an operation whose body the route table documents as a
//! JSON object ([`Body::is_json_object`]) has any other JSON value (an array, a string, a
//! number, null) refused before its handler runs, in the shape its API refuses in: v2's
//! and the control API's problem details, the plain JSON string of update and
//! reimburse-payer, the trade API's own problem object. serde reads a JSON array into a
//! struct field by field, so without this an array could pass for an object.
//!
//! An empty body passes (it reads as `{}`), and so does a body that is not JSON at all: the
//! handler refuses it in its own words. Checks the handlers make before they read the body
//! keep their place: a request without a valid key, with a faulty `X-Correlation-Id` or a
//! faulty `Idempotency-Key` passes on and is refused for that, as before.

use crate::auth::Tenant;
use crate::error::ApiError;
use crate::openapi::table::{Api, Operation};
use crate::state::AppState;
use crate::trade::api::{Fault, Trace};
use axum::body::Body;
use axum::extract::{FromRequestParts, MatchedPath, Request, State};
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;
use std::sync::Arc;

/// Largest body read here, as the dialect layer reads (handlers keep their own limits).
const MAX_REQUEST: usize = 64 * 1024 * 1024;

/// How an operation refuses a body that is not an object.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// Problem details (v2, control).
    Problem,
    /// A plain JSON string (update, reimburse-payer).
    Plain,
    /// The trade API's problem object.
    Trade,
}

/// The guard's state: the app's, and the shape of each (method, route) taking an object.
#[derive(Clone)]
pub struct Guard {
    state: AppState,
    shapes: Arc<HashMap<(Method, String), Shape>>,
}

impl Guard {
    /// The guard for the routes of `table` (with the `apis` they belong to).
    pub fn new(state: AppState, table: &[Operation], apis: &[Api]) -> Self {
        let shapes = table
            .iter()
            .filter(|route| route.op.body.is_json_object())
            .map(|route| {
                let own = apis.iter().any(|api| route.path.starts_with(api.prefix) && api.problem.is_some());
                let shape = match (own, route.op.plain_400) {
                    (true, _) => Shape::Trade,
                    (false, true) => Shape::Plain,
                    (false, false) => Shape::Problem,
                };
                ((route.method.clone(), route.path.clone()), shape)
            })
            .collect();
        Self { state, shapes: Arc::new(shapes) }
    }
}

/// The middleware (`axum::middleware::from_fn_with_state`, as a route layer: it reads the
/// matched route).
pub async fn guard(State(guard): State<Guard>, req: Request, next: Next) -> Response {
    let route = req.extensions().get::<MatchedPath>().map(|m| (req.method().clone(), m.as_str().to_owned()));
    let Some(shape) = route.and_then(|route| guard.shapes.get(&route).copied()) else {
        return next.run(req).await;
    };
    let (mut parts, body) = req.into_parts();
    let state = &guard.state;
    if Tenant::from_request_parts(&mut parts, state).await.is_err()
        || crate::idempotency::key_from(&parts.headers).is_err()
    {
        return next.run(Request::from_parts(parts, body)).await;
    }
    let trace = match shape {
        Shape::Trade => match Trace::from_request_parts(&mut parts, state).await {
            Ok(trace) => trace.0,
            Err(refusal) => return refusal,
        },
        Shape::Problem | Shape::Plain => {
            let correlation = parts.headers.get("x-correlation-id");
            if correlation.is_some_and(|id| !id.to_str().is_ok_and(|id| crate::v2::correlation_ok(id.trim()))) {
                return next.run(Request::from_parts(parts, body)).await;
            }
            String::new()
        }
    };
    let Ok(bytes) = axum::body::to_bytes(body, MAX_REQUEST).await else {
        return (StatusCode::PAYLOAD_TOO_LARGE, "Failed to buffer the request body: length limit exceeded")
            .into_response();
    };
    match not_an_object(&bytes) {
        None => next.run(Request::from_parts(parts, Body::from(bytes))).await,
        Some(why) => match shape {
            Shape::Problem => ApiError::bad_request("Invalid request", why).into_response(),
            Shape::Plain => ApiError::BadRequestText(format!("Invalid request: {why}")).into_response(),
            Shape::Trade => Fault::field("body", "must be a JSON object").render(&trace),
        },
    }
}

/// Why `body` is refused: it is JSON, but not an object. `None` for an object, an empty
/// body and a body that is not JSON (the handler answers that one).
fn not_an_object(body: &[u8]) -> Option<String> {
    let first = body.iter().find(|b| !b.is_ascii_whitespace())?;
    if *first == b'{' {
        return None;
    }
    crate::v2::common::object(body).err().filter(|why| !why.starts_with("the body is not valid JSON"))
}

#[cfg(test)]
mod tests {
    use super::not_an_object;

    #[test]
    fn only_json_that_is_not_an_object_is_refused_here() {
        assert_eq!(not_an_object(br#" ["a", "b"]"#).as_deref(), Some("the body must be a JSON object, not an array"));
        assert_eq!(not_an_object(b"null").as_deref(), Some("the body must be a JSON object, not null"));
        assert_eq!(not_an_object(br#""text""#).as_deref(), Some("the body must be a JSON object, not a string"));
        for passes in [&b"{}"[..], b"  ", b"", b"[1,", b"not json", br#"{"a": [1]}"#] {
            assert_eq!(not_an_object(passes), None, "{}", String::from_utf8_lossy(passes));
        }
    }
}
