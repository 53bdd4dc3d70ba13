//! The client against servers that push back or misbehave: `Retry-After` (seconds and
//! dates, capped), 429s, bodies over the size limit, and bodies that trickle forever.

mod stub;

use escrow_api::{CallOptions, Client, CreateTransaction, ErrorKind, ListTransactions, RetryPolicy, TransactionType};
use rust_decimal::Decimal;
use std::time::{Duration, Instant};
use stub::{Reply, header, response, scripted, serve};

const CREATED_BODY: &str = "{\"transactionId\":\"t-1\",\"id\":null}";

fn created() -> String {
    response("200 OK", &["content-type: application/json"], CREATED_BODY)
}

fn client(url: &str, retries: u32, cap: Duration) -> Client {
    Client::builder(url, "k").retry(RetryPolicy::new(retries, Duration::from_millis(1), cap)).build().unwrap()
}

fn request() -> CreateTransaction {
    let mut r = CreateTransaction::new(Decimal::new(10000, 2));
    (r.title, r.payer_id, r.payee_id) = (Some("t".into()), Some("a".into()), Some("b".into()));
    r
}

async fn create(client: &Client) -> escrow_api::Result<escrow_api::Response<escrow_api::CreatedTransaction>> {
    client.transactions().create(TransactionType::Marketplace, &request(), &CallOptions::default()).await
}

fn keys(seen: &std::sync::Mutex<Vec<String>>) -> Vec<String> {
    seen.lock().unwrap().iter().map(|r| header(r, "idempotency-key").unwrap().to_owned()).collect()
}

#[tokio::test]
async fn retry_after_seconds_replace_the_backoff_and_the_key_stays() {
    let busy = response("429 Too Many Requests", &["retry-after: 1"], "");
    let (url, seen) = scripted(vec![busy, created()]).await;
    let start = Instant::now();
    let res = create(&client(&url, 2, Duration::from_secs(3))).await.unwrap();
    let took = start.elapsed();
    assert!(took >= Duration::from_millis(950) && took < Duration::from_millis(2500), "{took:?}");
    assert_eq!(res.meta.attempts, 2);
    let keys = keys(&seen);
    assert_eq!(keys.len(), 2);
    assert_eq!(keys[0], keys[1], "the retry resends the same Idempotency-Key");
}

#[tokio::test]
async fn retry_after_as_an_http_date_sets_the_wait() {
    let at = chrono::Utc::now() + chrono::Duration::seconds(2);
    let date = format!("retry-after: {}", at.format("%a, %d %b %Y %H:%M:%S GMT"));
    let (url, _) = scripted(vec![response("503 Service Unavailable", &[&date], ""), created()]).await;
    let start = Instant::now();
    let res = create(&client(&url, 1, Duration::from_secs(3))).await.unwrap();
    let took = start.elapsed();
    // The date has whole seconds, so the wait is between 1 and 2 s.
    assert!(took >= Duration::from_millis(900) && took < Duration::from_millis(2900), "{took:?}");
    assert_eq!(res.meta.attempts, 2);
}

#[tokio::test]
async fn retry_after_is_capped_by_the_policy() {
    let (url, _) = scripted(vec![response("503 Service Unavailable", &["retry-after: 3600"], ""), created()]).await;
    let start = Instant::now();
    let res = create(&client(&url, 1, Duration::from_millis(300))).await.unwrap();
    let took = start.elapsed();
    assert!(took >= Duration::from_millis(300) && took < Duration::from_millis(1500), "{took:?}");
    assert_eq!(res.meta.attempts, 2);
}

#[tokio::test]
async fn a_429_is_retried_with_the_same_key_within_the_retry_count() {
    // Garbage Retry-After: ignored, the normal backoff applies.
    let (url, seen) = scripted(vec![response("429 Too Many Requests", &["retry-after: soon"], "slow down")]).await;
    let err = create(&client(&url, 2, Duration::from_millis(20))).await.unwrap_err();
    assert!(matches!(err.kind, ErrorKind::Client { status: 429, .. }), "{err:?}");
    assert_eq!(err.attempts, 3);
    assert!(!err.outcome_unknown(), "a 429 was not acted on");
    let keys = keys(&seen);
    assert_eq!(keys.len(), 3);
    assert!(keys.iter().all(|k| *k == keys[0]));
}

fn limited(url: &str, limit: u64) -> Client {
    Client::builder(url, "k")
        .retry(RetryPolicy::new(2, Duration::from_millis(1), Duration::from_millis(5)))
        .max_response_bytes(limit)
        .build()
        .unwrap()
}

#[tokio::test]
async fn a_declared_length_over_the_limit_is_refused_without_reading() {
    assert_eq!(escrow_api::DEFAULT_MAX_RESPONSE_BYTES, 32 * 1024 * 1024);
    // Declares a terabyte and sends two bytes: waiting for the rest would hang.
    let head = "HTTP/1.1 200 OK\r\ncontent-length: 1000000000000\r\n\r\n{}";
    let (url, seen) = serve(move |_, _| Reply::Trickle(head.as_bytes().to_vec(), Duration::from_secs(5))).await;
    let start = Instant::now();
    let err = limited(&url, 1024).transactions().list(&ListTransactions::default()).await.unwrap_err();
    assert_eq!(err.kind, ErrorKind::TooLarge { status: 200, limit: 1024 });
    assert_eq!((err.status(), err.attempts), (Some(200), 1), "not retried");
    assert!(start.elapsed() < Duration::from_secs(2));
    assert_eq!(seen.lock().unwrap().len(), 1);
}

#[tokio::test]
async fn a_body_over_the_limit_without_a_length_is_refused_while_streaming() {
    let big = " ".repeat(200_000);
    let close = format!("HTTP/1.1 500 Internal Server Error\r\nconnection: close\r\n\r\n{big}");
    let chunked = format!("HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n{:x}\r\n{big}\r\n0\r\n\r\n", big.len());
    for (raw, status) in [(close, 500), (chunked, 200)] {
        let (url, _) = scripted(vec![raw]).await;
        let err = create(&limited(&url, 4096)).await.unwrap_err();
        assert_eq!(err.kind, ErrorKind::TooLarge { status, limit: 4096 }, "{err}");
        assert_eq!(err.attempts, 1);
    }
}

#[tokio::test]
async fn a_body_at_the_limit_is_read() {
    let (url, _) = scripted(vec![created()]).await;
    let res = create(&limited(&url, CREATED_BODY.len() as u64)).await.unwrap();
    assert_eq!(res.value.transaction_id, "t-1");
    let (url, _) = scripted(vec![created()]).await;
    let err = create(&limited(&url, CREATED_BODY.len() as u64 - 1)).await.unwrap_err();
    assert!(matches!(err.kind, ErrorKind::TooLarge { .. }), "{err:?}");
}

/// Headers at once, then one byte every 200 ms forever: the per-request timeout covers
/// the body too, so each attempt ends after the timeout.
#[tokio::test]
async fn a_trickling_body_times_out_per_attempt() {
    let head = b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 1000000\r\n\r\n".to_vec();
    let (url, seen) = serve(move |_, _| Reply::Trickle(head.clone(), Duration::from_millis(200))).await;
    let c = Client::builder(&url, "k")
        .timeout(Duration::from_secs(1))
        .retry(RetryPolicy::new(1, Duration::from_millis(1), Duration::from_millis(5)))
        .build()
        .unwrap();
    let start = Instant::now();
    let err = c.transactions().list(&ListTransactions::default()).await.unwrap_err();
    let took = start.elapsed();
    assert_eq!(err.kind, ErrorKind::Timeout, "{err:?}");
    assert_eq!(err.attempts, 2);
    assert!(took >= Duration::from_millis(1900) && took < Duration::from_secs(4), "{took:?}");
    assert_eq!(seen.lock().unwrap().len(), 2);
}
