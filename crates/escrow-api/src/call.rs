//! The one request loop every operation goes through: retries with the same keys, the
//! waits between them, and the tracing spans that make them visible.
//!
//! Each call is an `escrow_api.call` span (operation, method, path, correlation id;
//! at the end the number of attempts and the outcome) holding one `escrow_api.attempt`
//! span per request sent (attempt number, status or error, and the wait before the
//! retry that follows, if any). The API key and the Idempotency-Key are never recorded.

use crate::client::{Body, CallOptions, Client, Meta, Request, Response};
use crate::dialect::Dialect;
use crate::error::{Error, ErrorBody, ErrorKind, Result};
use crate::keys::{CorrelationId, IdempotencyKey};
use crate::response::{read_limited, retry_after, status_error, transport_error};
use reqwest::Method;
use reqwest::header::{AUTHORIZATION, CONTENT_TYPE, HeaderMap, HeaderValue};
use serde::de::DeserializeOwned;
use std::time::Duration;
use tracing::field::Empty;
use tracing::{Instrument, Span};

/// The keys one call sends on every attempt.
struct Keys {
    correlation: CorrelationId,
    idempotency: Option<IdempotencyKey>,
}

impl Client {
    /// Sends `req`, retrying what is safe to retry, and decodes a success body as `T`.
    ///
    /// GETs are always retried; POSTs only when they carry an Idempotency-Key (the same
    /// one on every attempt) or when nothing was sent (connection refused). A
    /// `Retry-After` on the failed answer sets the wait before the next attempt.
    pub(crate) async fn send<T: DeserializeOwned>(&self, mut req: Request, opts: &CallOptions) -> Result<Response<T>> {
        if self.inner.dialect == Dialect::Published
            && let Body::Json(bytes) = &req.body
        {
            req.body = Body::Json(crate::dialect::body_to_published(bytes)?);
        }
        let keys = Keys {
            correlation: opts.correlation_id.clone().unwrap_or_else(CorrelationId::generate),
            idempotency: req
                .idempotent_key
                .then(|| opts.idempotency_key.clone().unwrap_or_else(IdempotencyKey::generate)),
        };
        let span = tracing::info_span!(
            "escrow_api.call",
            operation = req.operation,
            method = %req.method,
            path = %req.path,
            correlation_id = keys.correlation.as_str(),
            idempotent = keys.idempotency.is_some(),
            attempts = Empty,
            outcome = Empty,
        );
        self.send_with_retries(&req, &keys).instrument(span).await
    }

    async fn send_with_retries<T: DeserializeOwned>(&self, req: &Request, keys: &Keys) -> Result<Response<T>> {
        let safe_to_repeat = req.method == Method::GET || keys.idempotency.is_some();
        let url = format!("{}{}", self.inner.base, req.path);
        let max_attempts = self.inner.retry.retries() + 1;
        let mut attempt = 0;
        loop {
            attempt += 1;
            let span = tracing::debug_span!(
                "escrow_api.attempt",
                attempt,
                correlation_id = keys.correlation.as_str(),
                status = Empty,
                error = Empty,
                retry_in_ms = Empty,
            );
            let (result, asked_wait) = self.attempt::<T>(req, &url, keys).instrument(span.clone()).await;
            let mut outcome = result.map(|(value, replayed)| Response {
                value,
                meta: Meta {
                    correlation_id: keys.correlation.as_str().to_owned(),
                    attempts: attempt,
                    replayed,
                    idempotency_key: keys.idempotency.as_ref().map(|k| k.as_str().to_owned()),
                },
            });
            if let Err(err) = &mut outcome {
                err.correlation_id = Some(keys.correlation.as_str().to_owned());
                err.attempts = attempt;
                span.record("error", err.kind.label());
                let nothing_sent = matches!(err.kind, ErrorKind::Connect(_));
                if attempt < max_attempts && err.is_retryable() && (safe_to_repeat || nothing_sent) {
                    let wait = self.inner.retry.wait_before(attempt + 1, asked_wait);
                    let wait_ms = u64::try_from(wait.as_millis()).unwrap_or(u64::MAX);
                    span.record("retry_in_ms", wait_ms);
                    tracing::debug!(parent: &span, retry_in_ms = wait_ms, "retrying");
                    tokio::time::sleep(wait).await;
                    continue;
                }
            }
            let call = Span::current();
            call.record("attempts", attempt);
            call.record("outcome", outcome.as_ref().map_or_else(|e| e.kind.label(), |_| "ok"));
            return outcome;
        }
    }

    /// One request: its decoded answer (and whether it was replayed), with the wait the
    /// server asked for in `Retry-After`, if any. Records the status on the attempt span.
    async fn attempt<T: DeserializeOwned>(
        &self,
        req: &Request,
        url: &str,
        keys: &Keys,
    ) -> (Result<(T, bool)>, Option<Duration>) {
        let response = match self.send_once(req, url, keys).await {
            Ok(response) => response,
            Err(e) => return (Err(e), None),
        };
        Span::current().record("status", response.status().as_u16());
        let wait = retry_after(&response);
        (self.decode(response).await, wait)
    }

    async fn send_once(&self, req: &Request, url: &str, keys: &Keys) -> Result<reqwest::Response> {
        let mut headers = HeaderMap::new();
        headers.insert(AUTHORIZATION, self.inner.auth.clone());
        headers.insert("x-correlation-id", header(keys.correlation.as_str())?);
        if let Some(key) = &keys.idempotency {
            headers.insert("idempotency-key", header(key.as_str())?);
        }
        let mut builder = self.inner.http.request(req.method.clone(), url).headers(headers);
        if !req.query.is_empty() {
            builder = builder.query(&req.query);
        }
        builder = match &req.body {
            Body::Empty => builder,
            Body::Json(bytes) => builder.header(CONTENT_TYPE, "application/json").body(bytes.clone()),
            Body::Form(make) => builder.multipart(make()),
        };
        builder.send().await.map_err(transport_error)
    }

    async fn decode<T: DeserializeOwned>(&self, response: reqwest::Response) -> Result<(T, bool)> {
        let status = response.status();
        let replayed = response
            .headers()
            .get("idempotency-replayed")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.eq_ignore_ascii_case("true"));
        let bytes = read_limited(response, self.inner.max_response_bytes).await.map_err(|mut e| {
            e.replayed = replayed;
            e
        })?;
        if status.is_success() {
            let text: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) { b"null" } else { &bytes };
            return serde_json::from_slice::<T>(text).map(|v| (v, replayed)).map_err(|e| {
                let mut err = Error::new(ErrorKind::Decode {
                    status: status.as_u16(),
                    message: e.to_string(),
                    raw: bytes.clone(),
                });
                err.replayed = replayed;
                err
            });
        }
        let mut err = Error::new(status_error(status, ErrorBody::parse(&bytes)));
        err.replayed = replayed;
        Err(err)
    }
}

fn header(value: &str) -> Result<HeaderValue> {
    HeaderValue::from_str(value).map_err(|_| Error::validation("header", "contains characters a header cannot carry"))
}
