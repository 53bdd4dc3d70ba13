//! One log line per request (`tracing`, target `escrow_sandbox::http`): method, path,
//! status, latency and the `X-Correlation-Id` when one was sent. Never a header's value
//! otherwise (the `Authorization` key above all), nor the query or body. The library only
//! emits events; whoever embeds it decides where they go (the binary: stderr).

use axum::extract::Request;
use axum::middleware::Next;
use axum::response::Response;
use std::time::Instant;

/// Longest correlation id logged (the APIs accept 20 to 64 characters).
const MAX_ID: usize = 64;

/// The middleware (`axum::middleware::from_fn`).
pub async fn log(req: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = req.method().clone();
    let path = req.uri().path().to_owned();
    let correlation = correlation_id(&req);
    let response = next.run(req).await;
    let status = response.status().as_u16();
    let latency_ms = format!("{:.1}", started.elapsed().as_secs_f64() * 1000.0);
    let correlation = correlation.as_deref().unwrap_or("-");
    if response.status().is_server_error() {
        tracing::warn!(target: "escrow_sandbox::http", %method, %path, status, %latency_ms, correlation_id = %correlation, "request");
    } else {
        tracing::info!(target: "escrow_sandbox::http", %method, %path, status, %latency_ms, correlation_id = %correlation, "request");
    }
    response
}

/// The header's value if it is short printable text (nothing that could forge a line).
fn correlation_id(req: &Request) -> Option<String> {
    let id = req.headers().get("x-correlation-id")?.to_str().ok()?.trim();
    let printable = !id.is_empty() && id.chars().all(|c| c.is_ascii_graphic());
    printable.then(|| id.chars().take(MAX_ID).collect())
}
