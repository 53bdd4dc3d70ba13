//! A sandbox's own `/_sandbox` routes, as the app's Events page uses them: where webhooks go
//! (`PUT /_sandbox/webhook-url`), the deliveries (`GET /_sandbox/webhooks`, or one
//! transaction's), and the test event (`POST /_sandbox/webhooks/test`). The real service has
//! none of these; [`SandboxControl::is_sandbox`] asks before anything is changed.

use crate::exit::Failure;
use crate::key::Target;
use reqwest::{Method, StatusCode, Url};
use serde_json::{Value, json};

/// Larger answers are cut off: a sandbox keeps its deliveries, but not this many.
const MAX_ANSWER_BYTES: usize = 64 * 1024 * 1024;

pub struct SandboxControl {
    http: reqwest::Client,
    base: Url,
    key: String,
}

impl SandboxControl {
    pub fn new(target: &Target, timeout: u64) -> Result<Self, Failure> {
        let (base_url, http) = super::raw_http::client(target, timeout)?;
        let base = Url::parse(&base_url).map_err(|e| Failure::usage(format!("`{base_url}` is not an address: {e}")))?;
        Ok(Self { http, base, key: target.api_key.trim().to_owned() })
    }

    /// The service's address, for messages.
    pub fn base(&self) -> &str {
        self.base.as_str().trim_end_matches('/')
    }

    fn url(&self, segments: &[&str]) -> Url {
        let mut url = self.base.clone();
        if let Ok(mut path) = url.path_segments_mut() {
            path.pop_if_empty().extend(segments);
        }
        url
    }

    /// One call: the status and the body (JSON, or `null` when there is none or it is not JSON).
    async fn call(
        &self,
        method: Method,
        segments: &[&str],
        body: Option<Value>,
    ) -> Result<(StatusCode, Value), Failure> {
        let url = self.url(segments);
        let mut req = self.http.request(method, url.clone()).bearer_auth(&self.key);
        if let Some(body) = body {
            req = req.header("content-type", "application/json").body(body.to_string());
        }
        let no_answer = |e: reqwest::Error| {
            let what = if e.is_timeout() { "no answer in time" } else { "no answer" };
            Failure::Network(format!("{what} from {url}: {}", e.without_url()))
        };
        let mut res = req.send().await.map_err(no_answer)?;
        let status = res.status();
        let mut bytes = Vec::new();
        while let Some(chunk) = res.chunk().await.map_err(no_answer)? {
            bytes.extend_from_slice(&chunk);
            if bytes.len() > MAX_ANSWER_BYTES {
                return Err(Failure::Network(format!("the answer of {url} is larger than {MAX_ANSWER_BYTES} bytes")));
            }
        }
        let value = serde_json::from_slice(&bytes).unwrap_or_else(|_| {
            if bytes.is_empty() { Value::Null } else { Value::String(String::from_utf8_lossy(&bytes).into_owned()) }
        });
        Ok((status, value))
    }

    /// A refusal: the sandbox's answer on stderr, exit 3.
    fn refused(&self, what: &str, status: StatusCode, body: &Value) -> Failure {
        let detail = body.get("detail").or_else(|| body.get("title")).unwrap_or(body);
        let detail = detail.as_str().map(str::to_owned).unwrap_or_else(|| detail.to_string());
        eprintln!("escrow: the sandbox at {} refused {what} ({status}): {detail}", self.base());
        Failure::Status(status.as_u16())
    }

    /// Whether the address is a sandbox: it lists its deliveries (a read, no side effects).
    pub async fn is_sandbox(&self) -> Result<bool, Failure> {
        let (status, body) = self.call(Method::GET, &["_sandbox", "webhooks"], None).await?;
        Ok(status.is_success() && body.get("items").is_some_and(Value::is_array))
    }

    /// Refuses an address that is not a sandbox, saying why nothing was sent.
    pub async fn require_sandbox(&self, what: &str) -> Result<(), Failure> {
        if self.is_sandbox().await? {
            return Ok(());
        }
        Err(Failure::usage(format!(
            "{} is not a sandbox (it has no /_sandbox routes): {what} exists only in a sandbox; the specs show no \
             way to do it with the real service",
            self.base()
        )))
    }

    /// Points the tenant's webhooks at `url`; `None` clears it.
    pub async fn set_webhook_url(&self, url: Option<&str>) -> Result<(), Failure> {
        let (status, body) = self.call(Method::PUT, &["_sandbox", "webhook-url"], Some(json!({ "url": url }))).await?;
        if status.is_success() { Ok(()) } else { Err(self.refused("the webhook URL", status, &body)) }
    }

    /// Every delivery of the tenant, or of one transaction, oldest first.
    pub async fn deliveries(&self, transaction: Option<&str>) -> Result<Vec<Value>, Failure> {
        let segments = match transaction {
            Some(id) => vec!["_sandbox", "transactions", id, "webhooks"],
            None => vec!["_sandbox", "webhooks"],
        };
        let (status, body) = self.call(Method::GET, &segments, None).await?;
        if !status.is_success() {
            return Err(self.refused("the list of deliveries", status, &body));
        }
        match body.get("items").and_then(Value::as_array) {
            Some(items) => Ok(items.clone()),
            None => Err(Failure::Payload(format!("the sandbox's deliveries are not a list: {body}"))),
        }
    }

    /// Queues one test event; answers the transaction it is about.
    pub async fn test_event(&self, event: &str, transaction: Option<&str>) -> Result<String, Failure> {
        let body = json!({ "eventName": event, "transactionId": transaction });
        let (status, answer) = self.call(Method::POST, &["_sandbox", "webhooks", "test"], Some(body)).await?;
        if status == StatusCode::NOT_FOUND {
            let about =
                transaction.map_or_else(|| "it has no transactions".to_owned(), |t| format!("no transaction {t}"));
            eprintln!("escrow: the sandbox at {} sent nothing: {about}", self.base());
            return Err(Failure::Status(status.as_u16()));
        }
        if !status.is_success() {
            return Err(self.refused("the test event", status, &answer));
        }
        answer
            .get("transactionId")
            .and_then(Value::as_str)
            .map(str::to_owned)
            .ok_or_else(|| Failure::Payload(format!("the sandbox's answer names no transaction: {answer}")))
    }
}
