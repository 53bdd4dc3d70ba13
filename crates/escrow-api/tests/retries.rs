//! What goes on the wire across retries, seen by a raw TCP server that records each
//! request and answers with scripted responses.

use escrow_api::CreateTransaction;
use escrow_api::{CallOptions, Client, ErrorBody, ErrorKind, ListTransactions, RetryPolicy, TransactionType};
use rust_decimal::Decimal;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

/// Serves `responses` in order (the last one repeats) and records each request head.
async fn scripted(responses: Vec<&'static str>) -> (String, Arc<Mutex<Vec<String>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = seen.clone();
    tokio::spawn(async move {
        let mut n = 0;
        loop {
            let Ok((mut sock, _)) = listener.accept().await else { return };
            let mut buf = vec![0u8; 65536];
            let mut len = 0;
            // Read until the end of headers plus the declared body.
            while let Ok(read) = sock.read(&mut buf[len..]).await {
                if read == 0 {
                    break;
                }
                len += read;
                let text = String::from_utf8_lossy(&buf[..len]).to_string();
                if let Some(end) = text.find("\r\n\r\n") {
                    let body_len = text
                        .lines()
                        .find_map(|l| {
                            l.to_ascii_lowercase()
                                .strip_prefix("content-length:")
                                .map(|v| v.trim().parse::<usize>().unwrap_or(0))
                        })
                        .unwrap_or(0);
                    if len >= end + 4 + body_len {
                        break;
                    }
                }
            }
            log.lock().unwrap().push(String::from_utf8_lossy(&buf[..len]).to_string());
            let response = responses[n.min(responses.len() - 1)];
            n += 1;
            let _ = sock.write_all(response.as_bytes()).await;
            let _ = sock.shutdown().await;
        }
    });
    (url, seen)
}

fn header<'a>(request: &'a str, name: &str) -> Option<&'a str> {
    request.lines().find_map(|l| {
        let (k, v) = l.split_once(':')?;
        k.eq_ignore_ascii_case(name).then(|| v.trim())
    })
}

fn fast(url: &str) -> Client {
    Client::builder(url, "k")
        .retry(RetryPolicy::new(2, Duration::from_millis(5), Duration::from_millis(20)))
        .build()
        .unwrap()
}

const E500: &str = "HTTP/1.1 503 Service Unavailable\r\ncontent-length: 0\r\nconnection: close\r\n\r\n";
const CREATED: &str = "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nidempotency-replayed: true\r\ncontent-length: 33\r\nconnection: close\r\n\r\n{\"transactionId\":\"t-1\",\"id\":null}";

fn request() -> CreateTransaction {
    let mut r = CreateTransaction::new(Decimal::new(10000, 2));
    r.title = Some("t".into());
    r.payer_id = Some("a".into());
    r.payee_id = Some("b".into());
    r
}

#[tokio::test]
async fn retries_send_the_same_idempotency_key_and_correlation_id() {
    let (url, seen) = scripted(vec![E500, E500, CREATED]).await;
    let res = fast(&url)
        .transactions()
        .create(TransactionType::Marketplace, &request(), &CallOptions::default())
        .await
        .unwrap();
    assert_eq!(res.value.transaction_id, "t-1");
    assert_eq!(res.meta.attempts, 3);
    assert!(res.meta.replayed);
    let seen = seen.lock().unwrap();
    assert_eq!(seen.len(), 3);
    let keys: Vec<_> = seen.iter().map(|r| header(r, "idempotency-key").unwrap()).collect();
    let ids: Vec<_> = seen.iter().map(|r| header(r, "x-correlation-id").unwrap()).collect();
    assert!(keys.iter().all(|k| *k == keys[0]), "one key for all attempts");
    assert!(ids.iter().all(|k| *k == ids[0] && (20..=64).contains(&k.len())));
    assert_eq!(Some(keys[0]), res.meta.idempotency_key.as_deref());
    assert!(seen.iter().all(|r| header(r, "authorization") == Some("Bearer k")));
    assert!(seen[0].contains("\"amount\":\"100.00\""), "amounts go out as exact strings");
}

#[tokio::test]
async fn gives_up_after_the_configured_retries_and_reports_the_attempts() {
    let (url, seen) = scripted(vec![E500]).await;
    let err = fast(&url)
        .transactions()
        .create(TransactionType::Marketplace, &request(), &CallOptions::default())
        .await
        .unwrap_err();
    assert!(matches!(err.kind, ErrorKind::Server { status: 503, .. }));
    assert_eq!(err.attempts, 3);
    assert!(err.outcome_unknown());
    assert_eq!(seen.lock().unwrap().len(), 3);
}

#[tokio::test]
async fn keeps_plain_string_and_undecodable_bodies() {
    let (url, _) = scripted(vec!["HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: 17\r\nconnection: close\r\n\r\n\"Amount too high\""]).await;
    let err = fast(&url).transactions().list(&ListTransactions::default()).await.unwrap_err();
    assert_eq!(err.kind, ErrorKind::BadRequest(ErrorBody::Text("Amount too high".into())));

    let (url, _) = scripted(vec!["HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 11\r\nconnection: close\r\n\r\n{\"items\":[}"]).await;
    let err = fast(&url).transactions().list(&ListTransactions::default()).await.unwrap_err();
    match err.kind {
        ErrorKind::Decode { status, raw, .. } => {
            assert_eq!(status, 200);
            assert_eq!(&raw[..], b"{\"items\":[}");
        }
        other => panic!("expected Decode, got {other:?}"),
    }
}

#[tokio::test]
async fn a_refused_connection_is_a_connect_error() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    drop(listener);
    let err = fast(&url).transactions().list(&ListTransactions::default()).await.unwrap_err();
    assert!(matches!(err.kind, ErrorKind::Connect(_)), "{err:?}");
    assert_eq!(err.attempts, 3, "GETs are retried");
}
