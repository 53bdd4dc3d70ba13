//! Fault injection for `/v2` routes (`PUT /_sandbox/faults`), to prove clients retry
//! safely. A rule can answer a status without running the handler, drop the connection,
//! or delay, before or after the handler runs; "after" means the change has committed,
//! which is exactly the case an Idempotency-Key must make safe.

use crate::state::AppState;
use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use std::sync::Mutex;
use std::time::Duration;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Status,
    Drop,
    Delay,
    /// Interrupt the handler's database write after `afterSteps` SQLite VM steps:
    /// a failure at an arbitrary point inside the handler.
    Interrupt,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    Before,
    After,
}

/// One rule, as sent to `PUT /_sandbox/faults`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Rule {
    /// HTTP method to match (any when absent).
    pub method: Option<String>,
    /// Path prefix to match, e.g. `/v2/transactions` (any when absent).
    pub path_prefix: Option<String>,
    pub kind: Kind,
    /// For `status`: the status to answer (default 503).
    pub status: Option<u16>,
    /// For `delay`: how long (default 1000 ms).
    pub delay_ms: Option<u64>,
    /// Share of matching requests affected, 0 to 1 (default 1).
    pub rate: Option<f64>,
    /// How many times at most (unlimited when absent); counts down.
    pub count: Option<u64>,
    /// Default: `before` for status, `after` for drop and delay.
    pub phase: Option<Phase>,
    /// For `interrupt`: after how many SQLite VM steps (default 1).
    pub after_steps: Option<i32>,
}

impl Rule {
    fn phase(&self) -> Phase {
        self.phase.unwrap_or(if self.kind == Kind::Status { Phase::Before } else { Phase::After })
    }
    fn matches(&self, method: &str, path: &str) -> bool {
        self.method.as_deref().is_none_or(|m| m.eq_ignore_ascii_case(method))
            && self.path_prefix.as_deref().is_none_or(|p| path.starts_with(p))
    }
}

#[derive(Default)]
pub struct Faults {
    rules: Mutex<Vec<Rule>>,
}

impl Faults {
    pub fn set(&self, rules: Vec<Rule>) {
        if let Ok(mut r) = self.rules.lock() {
            *r = rules;
        }
    }

    pub fn list(&self) -> Vec<Rule> {
        self.rules.lock().map(|r| r.clone()).unwrap_or_default()
    }

    /// The rule that fires for this request, if any (counting it down).
    fn pick(&self, method: &str, path: &str) -> Option<Rule> {
        let mut rules = self.rules.lock().ok()?;
        for rule in rules.iter_mut() {
            if !rule.matches(method, path) || rule.count == Some(0) {
                continue;
            }
            if fastrand::f64() >= rule.rate.unwrap_or(1.0) {
                continue;
            }
            if let Some(c) = rule.count.as_mut() {
                *c -= 1;
            }
            return Some(rule.clone());
        }
        None
    }
}

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
