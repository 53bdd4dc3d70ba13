//! Reading an answer defensively: a bounded body, the `Retry-After` header, and the
//! mapping of statuses and transport failures to [`ErrorKind`].

use crate::error::{Error, ErrorBody, ErrorKind, Result};
use bytes::{Bytes, BytesMut};
use reqwest::StatusCode;
use std::time::{Duration, SystemTime};

/// The default response body limit: 32 MiB, far above any answer of the service.
pub const DEFAULT_MAX_RESPONSE_BYTES: u64 = 32 * 1024 * 1024;

/// Reads the body of `response`, refusing it as [`ErrorKind::TooLarge`] once it passes
/// `limit` bytes: first by the declared Content-Length (nothing read), then by counting
/// while streaming (a missing or lying length), so memory stays bounded by `limit`.
pub(crate) async fn read_limited(mut response: reqwest::Response, limit: u64) -> Result<Bytes> {
    let too_large = |status: StatusCode| Error::new(ErrorKind::TooLarge { status: status.as_u16(), limit });
    let status = response.status();
    if response.content_length().is_some_and(|n| n > limit) {
        return Err(too_large(status));
    }
    let mut body = BytesMut::new();
    while let Some(chunk) = response.chunk().await.map_err(transport_error)? {
        if body.len() as u64 + chunk.len() as u64 > limit {
            return Err(too_large(status));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body.freeze())
}

/// The wait a retryable answer asks for (`Retry-After`), if it carries a readable one.
pub(crate) fn retry_after(response: &reqwest::Response) -> Option<Duration> {
    let value = response.headers().get(reqwest::header::RETRY_AFTER)?.to_str().ok()?;
    crate::retry::parse_retry_after(value, SystemTime::now())
}

/// The error kind of a non-success status.
pub(crate) fn status_error(status: StatusCode, body: ErrorBody) -> ErrorKind {
    match status.as_u16() {
        400 => ErrorKind::BadRequest(body),
        401 => ErrorKind::Unauthorized(body),
        404 => ErrorKind::NotFound(body),
        409 => ErrorKind::Conflict(body),
        422 => ErrorKind::IdempotencyKeyReused(body),
        s if s >= 500 => ErrorKind::Server { status: s, body },
        s => ErrorKind::Client { status: s, body },
    }
}

/// The error and its causes, outermost first ("error sending request: dns error: failed to
/// lookup address"), so a refused connection, a name that does not resolve and a TLS
/// failure can be told apart by whoever reads it.
fn with_causes(e: &(dyn std::error::Error + 'static)) -> String {
    let mut parts = vec![e.to_string()];
    let mut source = e.source();
    while let Some(s) = source {
        let text = s.to_string();
        if parts.last().is_none_or(|last| !last.contains(&text)) {
            parts.push(text);
        }
        source = s.source();
    }
    parts.join(": ")
}

/// A transport failure: a timeout (also while the body trickles in), a refused
/// connection (nothing sent), or anything else on the wire.
pub(crate) fn transport_error(e: reqwest::Error) -> Error {
    // Strip the URL: it is harmless, but messages stay short and stable.
    let (timeout, connect) = (e.is_timeout(), e.is_connect());
    let message = with_causes(&e.without_url());
    let kind = if timeout {
        ErrorKind::Timeout
    } else if connect {
        ErrorKind::Connect(message)
    } else {
        ErrorKind::Network(message)
    };
    Error::new(kind)
}
