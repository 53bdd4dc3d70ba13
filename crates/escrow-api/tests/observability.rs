//! What a caller can see of a call: the tracing spans of the call and of each attempt
//! (with their fields, captured by a recording subscriber), and the caller's own
//! `reqwest::Client` being the one that sends.

mod stub;

use escrow_api::{
    CallOptions, Client, CreateTransaction, IdempotencyKey, ListTransactions, RetryPolicy, TransactionType,
};
use rust_decimal::Decimal;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use stub::{header, response, scripted};
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing_subscriber::layer::{Context, Layer, SubscriberExt};
use tracing_subscriber::registry::LookupSpan;

const API_KEY: &str = "sk_live_SECRET_api_key_0123456789";
const IDEMPOTENCY_KEY: &str = "idem-SECRET-payout-42";

/// One closed span: its name, its parent's name and every field it recorded.
#[derive(Debug, Clone)]
struct Closed {
    name: &'static str,
    parent: Option<&'static str>,
    fields: BTreeMap<String, String>,
}

/// Everything the subscriber saw: closed spans, and every value as text (events too).
#[derive(Default)]
struct Seen {
    spans: Vec<Closed>,
    text: String,
}

struct Capture(Arc<Mutex<Seen>>);
struct Fields(BTreeMap<String, String>);

impl Visit for Fields {
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        self.0.insert(field.name().to_owned(), format!("{value:?}"));
    }
    fn record_str(&mut self, field: &Field, value: &str) {
        self.0.insert(field.name().to_owned(), value.to_owned());
    }
}

impl<S: tracing::Subscriber + for<'a> LookupSpan<'a>> Layer<S> for Capture {
    fn on_new_span(&self, attrs: &Attributes<'_>, id: &Id, ctx: Context<'_, S>) {
        let mut fields = Fields(BTreeMap::new());
        attrs.record(&mut fields);
        ctx.span(id).unwrap().extensions_mut().insert(fields);
    }
    fn on_record(&self, id: &Id, values: &Record<'_>, ctx: Context<'_, S>) {
        let span = ctx.span(id).unwrap();
        let mut ext = span.extensions_mut();
        values.record(ext.get_mut::<Fields>().unwrap());
    }
    fn on_event(&self, event: &tracing::Event<'_>, _ctx: Context<'_, S>) {
        let mut fields = Fields(BTreeMap::new());
        event.record(&mut fields);
        self.0.lock().unwrap().text.push_str(&format!("{:?}\n", fields.0));
    }
    fn on_close(&self, id: Id, ctx: Context<'_, S>) {
        let span = ctx.span(&id).unwrap();
        let fields = span.extensions().get::<Fields>().map(|f| f.0.clone()).unwrap_or_default();
        let mut seen = self.0.lock().unwrap();
        seen.text.push_str(&format!("{} {fields:?}\n", span.name()));
        seen.spans.push(Closed { name: span.name(), parent: span.parent().map(|p| p.name()), fields });
    }
}

/// Runs `call` with a recording subscriber as the thread's default and returns what it saw.
async fn traced<F: std::future::Future<Output = ()>>(call: F) -> Seen {
    let seen = Arc::new(Mutex::new(Seen::default()));
    let subscriber = tracing_subscriber::registry().with(Capture(seen.clone()));
    let guard = tracing::subscriber::set_default(subscriber);
    call.await;
    drop(guard);
    std::mem::take(&mut *seen.lock().unwrap())
}

fn client(url: &str) -> Client {
    Client::builder(url, API_KEY)
        .retry(RetryPolicy::new(2, Duration::from_millis(1), Duration::from_millis(20)))
        .build()
        .unwrap()
}

fn field<'a>(span: &'a Closed, name: &str) -> Option<&'a str> {
    span.fields.get(name).map(String::as_str)
}

#[tokio::test]
async fn a_call_and_each_attempt_are_spans_with_their_fields_and_never_the_keys() {
    let created = response("200 OK", &["content-type: application/json"], "{\"transactionId\":\"t-1\",\"id\":null}");
    let (url, requests) = scripted(vec![
        response("503 Service Unavailable", &["retry-after: 0"], ""),
        response("429 Too Many Requests", &["retry-after: 0"], ""),
        created,
    ])
    .await;
    let mut request = CreateTransaction::new(Decimal::new(10000, 2));
    (request.title, request.payer_id, request.payee_id) = (Some("t".into()), Some("a".into()), Some("b".into()));
    let opts = CallOptions::with_idempotency_key(IdempotencyKey::new(IDEMPOTENCY_KEY).unwrap());
    let mut meta = None;
    let seen = traced(async {
        let res = client(&url).transactions().create(TransactionType::Marketplace, &request, &opts).await.unwrap();
        meta = Some(res.meta);
    })
    .await;
    let meta = meta.unwrap();
    assert_eq!(meta.attempts, 3);
    // The 429 was retried with the same key, as was the 503.
    let sent = requests.lock().unwrap();
    assert!(sent.iter().all(|r| header(r, "idempotency-key") == Some(IDEMPOTENCY_KEY)));

    let calls: Vec<_> = seen.spans.iter().filter(|s| s.name == "escrow_api.call").collect();
    assert_eq!(calls.len(), 1, "{:?}", seen.spans);
    let call = calls[0];
    assert_eq!(field(call, "operation"), Some("createMarketplaceTransaction"));
    assert_eq!(field(call, "method"), Some("POST"));
    assert_eq!(field(call, "path"), Some("/v2/transactions/marketplace"));
    assert_eq!(field(call, "correlation_id"), Some(meta.correlation_id.as_str()));
    assert_eq!(field(call, "idempotent"), Some("true"));
    assert_eq!(field(call, "attempts"), Some("3"));
    assert_eq!(field(call, "outcome"), Some("ok"));

    let attempts: Vec<_> = seen.spans.iter().filter(|s| s.name == "escrow_api.attempt").collect();
    let shown: Vec<_> = attempts
        .iter()
        .map(|a| (field(a, "attempt"), field(a, "status"), field(a, "error"), field(a, "retry_in_ms")))
        .collect();
    assert_eq!(
        shown,
        vec![
            (Some("1"), Some("503"), Some("server"), Some("0")),
            (Some("2"), Some("429"), Some("client"), Some("0")),
            (Some("3"), Some("200"), None, None),
        ]
    );
    for attempt in &attempts {
        assert_eq!(attempt.parent, Some("escrow_api.call"));
        assert_eq!(field(attempt, "correlation_id"), Some(meta.correlation_id.as_str()));
    }

    for secret in [API_KEY, IDEMPOTENCY_KEY, "Bearer"] {
        assert!(!seen.text.contains(secret), "{secret} was recorded:\n{}", seen.text);
    }
}

#[tokio::test]
async fn a_failed_call_records_its_outcome_without_the_server_message() {
    let refused = response("404 Not Found", &["content-type: text/plain"], "no such thing, SERVER-SAID-THIS");
    let (url, _) = scripted(vec![refused]).await;
    let seen = traced(async {
        let err = client(&url).transactions().list(&ListTransactions::default()).await.unwrap_err();
        assert_eq!(err.attempts, 1);
    })
    .await;
    let call = seen.spans.iter().find(|s| s.name == "escrow_api.call").unwrap();
    assert_eq!(field(call, "operation"), Some("listTransactions"));
    assert_eq!(field(call, "method"), Some("GET"));
    assert_eq!((field(call, "attempts"), field(call, "outcome")), (Some("1"), Some("not_found")));
    let attempt = seen.spans.iter().find(|s| s.name == "escrow_api.attempt").unwrap();
    assert_eq!((field(attempt, "status"), field(attempt, "error")), (Some("404"), Some("not_found")));
    assert!(!seen.text.contains("SERVER-SAID-THIS"), "{}", seen.text);
}

#[tokio::test]
async fn the_callers_http_client_sends_and_the_client_still_adds_its_headers() {
    let ok = response("200 OK", &["content-type: application/json"], "{\"count\":0,\"data\":[]}");
    let (url, requests) = scripted(vec![ok]).await;
    let mut defaults = reqwest::header::HeaderMap::new();
    defaults.insert("x-caller-proxy-tag", reqwest::header::HeaderValue::from_static("edge-7"));
    let http = reqwest::Client::builder().user_agent("caller-agent/7").default_headers(defaults).build().unwrap();
    let client = Client::builder(&url, API_KEY).http_client(http).build().unwrap();
    client.transactions().list(&ListTransactions::default()).await.unwrap();

    let sent = requests.lock().unwrap();
    assert_eq!(header(&sent[0], "user-agent"), Some("caller-agent/7"));
    assert_eq!(header(&sent[0], "x-caller-proxy-tag"), Some("edge-7"));
    assert_eq!(header(&sent[0], "authorization"), Some(format!("Bearer {API_KEY}").as_str()));
    assert!(header(&sent[0], "x-correlation-id").is_some());
}

#[tokio::test]
async fn without_a_callers_client_the_crate_makes_its_own() {
    let ok = response("200 OK", &["content-type: application/json"], "{\"count\":0,\"data\":[]}");
    let (url, requests) = scripted(vec![ok]).await;
    client(&url).transactions().list(&ListTransactions::default()).await.unwrap();
    let sent = requests.lock().unwrap();
    assert!(header(&sent[0], "user-agent").is_some_and(|ua| ua.starts_with("escrow-api-rust/")));
}
