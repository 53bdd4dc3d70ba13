//! Fault injection for `/v2` routes (`PUT /_sandbox/faults`), to prove clients retry
//! safely: applies the rules of [`crate::faults`]. A rule can answer a status without
//! running the handler, drop the connection, or delay, before or after the handler runs;
//! "after" means the change has committed, which is exactly the case an Idempotency-Key
//! must make safe.

use crate::faults::{Kind, Phase};
use crate::state::AppState;
use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::time::Duration;

fn status_response(status: u16) -> Response {
    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::SERVICE_UNAVAILABLE);
    let body = serde_json::json!({
        "type": format!("https://httpstatuses.io/{}", status.as_u16()),
        "title": status.canonical_reason().unwrap_or("Injected fault"),
        "status": status.as_u16(),
        "detail": "injected by the sandbox's fault rules",
    });
    let mut r = (status, body.to_string()).into_response();
    r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/problem+json"));
    r
}

/// A response whose body fails at once: the client sees the connection break.
fn dropped() -> Response {
    let stream = futures::stream::once(async {
        Err::<Bytes, std::io::Error>(std::io::Error::other("fault: connection dropped"))
    });
    Response::new(Body::from_stream(stream))
}

/// Middleware applying the fault rules to API requests (`/v2`, `/v1/marketplace`).
pub async fn inject(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let path = req.uri().path().to_owned();
    // The service's APIs (v2 and the trade API), never the control API or hosted pages.
    if !(path.starts_with("/v2") || path.starts_with("/v1/marketplace")) {
        return next.run(req).await;
    }
    let Some(rule) = state.faults.pick(req.method().as_str(), &path) else {
        return next.run(req).await;
    };
    let delay = Duration::from_millis(rule.delay_ms.unwrap_or(1000));
    if rule.kind == Kind::Interrupt {
        state.db.interrupt_next_write_after(rule.after_steps.unwrap_or(1));
        return next.run(req).await;
    }
    match (rule.kind, rule.phase()) {
        (Kind::Status, Phase::Before) => status_response(rule.status.unwrap_or(503)),
        (Kind::Drop, Phase::Before) => dropped(),
        (Kind::Delay | Kind::Interrupt, Phase::Before) => {
            tokio::time::sleep(delay).await;
            next.run(req).await
        }
        (kind, Phase::After) => {
            let response = next.run(req).await;
            match kind {
                Kind::Status => status_response(rule.status.unwrap_or(503)),
                Kind::Drop => dropped(),
                Kind::Delay | Kind::Interrupt => {
                    tokio::time::sleep(delay).await;
                    response
                }
            }
        }
    }
}
