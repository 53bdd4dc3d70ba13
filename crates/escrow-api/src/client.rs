//! The HTTP client: its configuration and the request every operation builds. The one
//! request loop every operation goes through is in `call.rs`.

use crate::dialect::Dialect;
use crate::error::{Error, ErrorKind, Result};
use crate::keys::{CorrelationId, IdempotencyKey};
use crate::response::DEFAULT_MAX_RESPONSE_BYTES;
use crate::retry::RetryPolicy;
use crate::routes::action_codes::TradeActionCodes;
use crate::routes::trade::TradeRoutes;
use crate::routes::v2::{Routes, V2Route};
use bytes::Bytes;
use reqwest::Method;
use reqwest::header::HeaderValue;
use serde::Serialize;
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
#[non_exhaustive]
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
#[non_exhaustive]
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
    network: crate::network::Network,
    http: Option<reqwest::Client>,
}

impl std::fmt::Debug for ClientBuilder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClientBuilder").field("base_url", &self.base_url).finish_non_exhaustive()
    }
}

impl ClientBuilder {
    /// Per-request timeout (default 30 s). Not used with [`ClientBuilder::http_client`].
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }
    /// Time allowed to open a connection (default 10 s). Not used with
    /// [`ClientBuilder::http_client`].
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

    /// The proxy and extra root certificates requests go through (default: the environment's
    /// proxy variables, the system's roots). Not used with [`ClientBuilder::http_client`].
    pub fn network(mut self, network: crate::network::Network) -> Self {
        self.network = network;
        self
    }

    /// Sends through `http` instead of a client of this crate's making: for a proxy,
    /// extra root certificates, client certificates, a shared connection pool.
    ///
    /// Its timeouts, proxy, TLS roots and user agent are then the caller's:
    /// [`ClientBuilder::timeout`] and [`ClientBuilder::connect_timeout`] are not applied,
    /// so give `http` a timeout of its own. Authorization, correlation ids,
    /// idempotency keys, retries and the response size limit work as always.
    ///
    /// ```no_run
    /// # fn demo() -> Result<(), Box<dyn std::error::Error>> {
    /// let http = reqwest::Client::builder().timeout(std::time::Duration::from_secs(20)).build()?;
    /// let client = escrow_api::Client::builder("https://api.example.com", "api-key").http_client(http).build()?;
    /// # Ok(()) }
    /// ```
    pub fn http_client(mut self, http: reqwest::Client) -> Self {
        self.http = Some(http);
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
        let http = match self.http {
            Some(http) => http,
            None => self
                .network
                .apply(
                    reqwest::Client::builder()
                        .timeout(self.timeout)
                        .connect_timeout(self.connect_timeout)
                        .user_agent(concat!("escrow-api-rust/", env!("CARGO_PKG_VERSION"))),
                )?
                .build()
                .map_err(|e| Error::new(ErrorKind::Config(e.to_string())))?,
        };
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
    pub(crate) inner: Arc<Inner>,
}

/// What every request of a [`Client`] is sent with.
pub(crate) struct Inner {
    pub(crate) http: reqwest::Client,
    pub(crate) base: String,
    pub(crate) auth: HeaderValue,
    pub(crate) retry: RetryPolicy,
    routes: Routes,
    trade_routes: TradeRoutes,
    trade_action_codes: TradeActionCodes,
    pub(crate) dialect: Dialect,
    pub(crate) max_response_bytes: u64,
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

/// A filled path and the operation it belongs to (named in the tracing spans).
pub(crate) struct RoutePath {
    pub operation: &'static str,
    pub path: String,
}

/// One logical operation, sent one or more times.
pub(crate) struct Request {
    /// The operation's name in the route table (`payoutTransaction`, `getTrade`, …).
    pub operation: &'static str,
    pub method: Method,
    pub path: String,
    pub query: Vec<(&'static str, String)>,
    pub body: Body,
    /// Whether the operation accepts an Idempotency-Key (spec section 7).
    pub idempotent_key: bool,
}

impl Request {
    pub(crate) fn new(operation: &'static str, method: Method, path: String, body: Body) -> Self {
        Self { operation, method, path, query: Vec::new(), body, idempotent_key: false }
    }
    pub(crate) fn get(target: RoutePath) -> Self {
        Self::new(target.operation, Method::GET, target.path, Body::Empty)
    }
    pub(crate) fn post(target: RoutePath, body: Body) -> Self {
        Self::new(target.operation, Method::POST, target.path, body)
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
            network: Default::default(),
            http: None,
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
    pub(crate) fn path(&self, route: V2Route, params: &[(&str, &str)]) -> RoutePath {
        RoutePath { operation: route.name(), path: self.inner.routes.resolve(route, self.inner.dialect, params) }
    }

    /// Fills an unspecified route's template with percent-encoded ids.
    pub(crate) fn unspecified_path(
        &self,
        route: V2Route,
        transaction_id: &str,
        split_payout_id: Option<&str>,
    ) -> RoutePath {
        self.path(route, &[("transactionId", transaction_id), ("splitPayoutId", split_payout_id.unwrap_or_default())])
    }
}
