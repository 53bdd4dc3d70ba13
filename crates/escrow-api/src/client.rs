//! The HTTP client: configuration, and the one request loop every operation goes through.

use crate::dialect::Dialect;
use crate::error::{Error, ErrorBody, ErrorKind, Result};
use crate::keys::{CorrelationId, IdempotencyKey};
use crate::response::{DEFAULT_MAX_RESPONSE_BYTES, read_limited, retry_after, status_error, transport_error};
use crate::retry::RetryPolicy;
use crate::routes::action_codes::TradeActionCodes;
use crate::routes::trade::TradeRoutes;
use crate::routes::v2::{Routes, V2Route};
use bytes::Bytes;
use reqwest::Method;
use reqwest::header::{AUTHORIZATION, CONTENT_TYPE, HeaderMap, HeaderValue};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::sync::Arc;
use std::time::Duration;

/// Per-call options: the keys that identify one logical operation.
///
/// For a money-moving action, create the [`IdempotencyKey`] yourself, store it
/// durably, and pass it here on every try (also after a restart): that is what makes
/// the action happen exactly once. Without one, the client makes one per call and
/// reuses it across that call's retries.
#[derive(Debug, Clone, Default)]
pub struct CallOptions {
    /// Sent by operations that take an Idempotency-Key; `None` makes a fresh one per call.
    pub idempotency_key: Option<IdempotencyKey>,
    /// The X-Correlation-Id to send; `None` makes a fresh one per call.
    pub correlation_id: Option<CorrelationId>,
}

impl CallOptions {
    /// Options that send `key` (and a fresh correlation id).
    pub fn with_idempotency_key(key: IdempotencyKey) -> Self {
        Self { idempotency_key: Some(key), correlation_id: None }
    }
}

/// What happened on the wire for a successful call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Meta {
    /// The X-Correlation-Id sent on every attempt; quote it to the service's support.
    pub correlation_id: String,
    /// How many requests were sent (1 when no retry was needed).
    pub attempts: u32,
    /// `Idempotency-Replayed: true`: the stored result of an earlier request.
    pub replayed: bool,
    /// The Idempotency-Key sent, for operations that take one.
    pub idempotency_key: Option<String>,
}

/// A result with its [`Meta`], returned by operations that change state.
#[derive(Debug, Clone, PartialEq)]
pub struct Response<T> {
    /// The decoded answer.
    pub value: T,
    /// How the answer was obtained.
    pub meta: Meta,
}

/// Builds a [`Client`].
#[derive(Clone)]
pub struct ClientBuilder {
    base_url: String,
    api_key: String,
    timeout: Duration,
    connect_timeout: Duration,
    retry: RetryPolicy,
    routes: Routes,
    trade_routes: TradeRoutes,
    trade_action_codes: TradeActionCodes,
    dialect: Dialect,
    max_response_bytes: u64,
}

impl std::fmt::Debug for ClientBuilder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClientBuilder").field("base_url", &self.base_url).finish_non_exhaustive()
    }
}

impl ClientBuilder {
    /// Per-request timeout (default 30 s).
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }
    /// Time allowed to open a connection (default 10 s).
    pub fn connect_timeout(mut self, timeout: Duration) -> Self {
        self.connect_timeout = timeout;
        self
    }
    /// The largest response body accepted (default 32 MiB); a longer one is refused as
    /// [`ErrorKind::TooLarge`] without being read into memory.
    pub fn max_response_bytes(mut self, limit: u64) -> Self {
        self.max_response_bytes = limit;
        self
    }
    /// Retry policy (default: 2 retries, as the spec recommends). A `Retry-After` on a
    /// retryable answer (429, 5xx, 409) replaces the backoff, capped at the policy's cap.
    pub fn retry(mut self, retry: RetryPolicy) -> Self {
        self.retry = retry;
        self
    }
    /// Paths of the operations whose route the spec does not show.
    pub fn routes(mut self, routes: Routes) -> Self {
        self.routes = routes;
        self
    }
    /// Routes of the business-user and trade API (the spec gives none), used by
    /// [`Client::trade`].
    pub fn trade_routes(mut self, routes: TradeRoutes) -> Self {
        self.trade_routes = routes;
        self
    }

    /// Names for the published trade API's numeric action types (default:
    /// [`crate::routes::action_codes::DEFAULT_ACTION_CODES`]).
    pub fn trade_action_codes(mut self, codes: TradeActionCodes) -> Self {
        self.trade_action_codes = codes;
        self
    }

    /// What the client sends: the specs' field names and routes (default) or the
    /// published documentation's. Responses are read in either dialect regardless.
    pub fn dialect(mut self, dialect: Dialect) -> Self {
        self.dialect = dialect;
        self
    }

    /// Makes the client; [`ErrorKind::Config`] when the base URL is not http(s) or the key
    /// cannot be sent in a header.
    pub fn build(self) -> Result<Client> {
        let base = url::Url::parse(self.base_url.trim())
            .map_err(|e| Error::new(ErrorKind::Config(format!("base URL: {e}"))))?;
        if !matches!(base.scheme(), "http" | "https") {
            return Err(Error::new(ErrorKind::Config("base URL must be http or https".into())));
        }
        crate::transport::check_key_transport(&base)?;
        let mut auth = HeaderValue::from_str(&format!("Bearer {}", self.api_key.trim()))
            .map_err(|_| Error::new(ErrorKind::Config("API key has characters a header cannot carry".into())))?;
        auth.set_sensitive(true);
        let http = reqwest::Client::builder()
            .timeout(self.timeout)
            .connect_timeout(self.connect_timeout)
            .user_agent(concat!("escrow-api-rust/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| Error::new(ErrorKind::Config(e.to_string())))?;
        let base = base.as_str().trim_end_matches('/').to_owned();
        Ok(Client {
            inner: Arc::new(Inner {
                http,
                base,
                auth,
                retry: self.retry,
                routes: self.routes,
                trade_routes: self.trade_routes,
                trade_action_codes: self.trade_action_codes,
                dialect: self.dialect,
                max_response_bytes: self.max_response_bytes,
            }),
        })
    }
}

/// A client of the service for one base URL and API key. Cheap to clone.
#[derive(Clone)]
pub struct Client {
    inner: Arc<Inner>,
}

struct Inner {
    http: reqwest::Client,
    base: String,
    auth: HeaderValue,
    retry: RetryPolicy,
    routes: Routes,
    trade_routes: TradeRoutes,
    trade_action_codes: TradeActionCodes,
    dialect: Dialect,
    max_response_bytes: u64,
}

impl std::fmt::Debug for Client {
    /// Never prints the API key.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Client").field("base", &self.inner.base).finish_non_exhaustive()
    }
}

/// The body of a request; rebuilt for each attempt.
pub(crate) enum Body {
    Empty,
    Json(Bytes),
    Form(Arc<dyn Fn() -> reqwest::multipart::Form + Send + Sync>),
}

impl Body {
    pub(crate) fn json<T: Serialize>(value: &T) -> Result<Self> {
        serde_json::to_vec(value).map(|v| Self::Json(v.into())).map_err(|e| Error::validation("body", e.to_string()))
    }
}

/// One logical operation, sent one or more times.
pub(crate) struct Request {
    pub method: Method,
    pub path: String,
    pub query: Vec<(&'static str, String)>,
    pub body: Body,
    /// Whether the operation accepts an Idempotency-Key (spec section 7).
    pub idempotent_key: bool,
}

impl Request {
    pub(crate) fn get(path: String) -> Self {
        Self { method: Method::GET, path, query: Vec::new(), body: Body::Empty, idempotent_key: false }
    }
    pub(crate) fn post(path: String, body: Body) -> Self {
        Self { method: Method::POST, path, query: Vec::new(), body, idempotent_key: false }
    }
    /// Marks the operation as taking an Idempotency-Key (and so safe to retry).
    pub(crate) fn keyed(mut self) -> Self {
        self.idempotent_key = true;
        self
    }
}

impl Client {
    /// Starts a builder for `base_url` (the address before `/v2`) and an API key.
    pub fn builder(base_url: impl Into<String>, api_key: impl Into<String>) -> ClientBuilder {
        ClientBuilder {
            base_url: base_url.into(),
            api_key: api_key.into(),
            timeout: Duration::from_secs(30),
            connect_timeout: Duration::from_secs(10),
            retry: RetryPolicy::default(),
            routes: Routes::default(),
            trade_routes: TradeRoutes::default(),
            trade_action_codes: TradeActionCodes::default(),
            dialect: Dialect::Spec,
            max_response_bytes: DEFAULT_MAX_RESPONSE_BYTES,
        }
    }

    /// The base address in use (before `/v2`), without a trailing slash.
    pub fn base_url(&self) -> &str {
        &self.inner.base
    }

    /// The dialect the client sends.
    pub fn dialect(&self) -> Dialect {
        self.inner.dialect
    }

    pub(crate) fn trade_routes(&self) -> &TradeRoutes {
        &self.inner.trade_routes
    }

    pub(crate) fn trade_action_codes(&self) -> &TradeActionCodes {
        &self.inner.trade_action_codes
    }

    /// The path of v2 `route` in this client's dialect, with its overrides, and `params`
    /// filled in (percent-encoded).
    pub(crate) fn path(&self, route: V2Route, params: &[(&str, &str)]) -> String {
        self.inner.routes.resolve(route, self.inner.dialect, params)
    }

    /// Fills an unspecified route's template with percent-encoded ids.
    pub(crate) fn unspecified_path(
        &self,
        route: V2Route,
        transaction_id: &str,
        split_payout_id: Option<&str>,
    ) -> String {
        self.path(route, &[("transactionId", transaction_id), ("splitPayoutId", split_payout_id.unwrap_or_default())])
    }

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
        let correlation = opts.correlation_id.clone().unwrap_or_else(CorrelationId::generate);
        let key = req.idempotent_key.then(|| opts.idempotency_key.clone().unwrap_or_else(IdempotencyKey::generate));
        let safe_to_repeat = req.method == Method::GET || key.is_some();
        let url = format!("{}{}", self.inner.base, req.path);
        let max_attempts = self.inner.retry.retries() + 1;
        let (mut attempt, mut asked_wait) = (0, None);
        loop {
            attempt += 1;
            tokio::time::sleep(self.inner.retry.wait_before(attempt, asked_wait)).await;
            let (result, wait) = self.attempt::<T>(&req, &url, &correlation, key.as_ref()).await;
            asked_wait = wait;
            let mut outcome = result.map(|(value, replayed)| Response {
                value,
                meta: Meta {
                    correlation_id: correlation.as_str().to_owned(),
                    attempts: attempt,
                    replayed,
                    idempotency_key: key.as_ref().map(|k| k.as_str().to_owned()),
                },
            });
            if let Err(err) = &mut outcome {
                err.correlation_id = Some(correlation.as_str().to_owned());
                err.attempts = attempt;
                let nothing_sent = matches!(err.kind, ErrorKind::Connect(_));
                if attempt < max_attempts && err.is_retryable() && (safe_to_repeat || nothing_sent) {
                    continue;
                }
            }
            return outcome;
        }
    }

    /// One request: its decoded answer (and whether it was replayed), with the wait the
    /// server asked for in `Retry-After`, if any.
    async fn attempt<T: DeserializeOwned>(
        &self,
        req: &Request,
        url: &str,
        correlation: &CorrelationId,
        key: Option<&IdempotencyKey>,
    ) -> (Result<(T, bool)>, Option<Duration>) {
        let response = match self.send_once(req, url, correlation, key).await {
            Ok(response) => response,
            Err(e) => return (Err(e), None),
        };
        let wait = retry_after(&response);
        (self.decode(response).await, wait)
    }

    async fn send_once(
        &self,
        req: &Request,
        url: &str,
        correlation: &CorrelationId,
        key: Option<&IdempotencyKey>,
    ) -> Result<reqwest::Response> {
        let mut headers = HeaderMap::new();
        headers.insert(AUTHORIZATION, self.inner.auth.clone());
        headers.insert("x-correlation-id", header(correlation.as_str())?);
        if let Some(key) = key {
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
