//! Webhooks from the sandbox: delivered with retries to a local receiver, logged, and the
//! example events parse.

mod common;

use common::ACME_KEY;
use common::lifecycle::deal;
use escrow_api::v2::*;
use serde_json::{Value, json};

#[tokio::test]
async fn webhooks_are_delivered_with_retries_and_examples_parse() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let d = deal().await;
    // A receiver that fails the first delivery and accepts the rest.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let hook = format!("http://{}/hook", listener.local_addr().unwrap());
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<String>();
    tokio::spawn(async move {
        let mut n = 0;
        while let Ok((mut s, _)) = listener.accept().await {
            let mut buf = vec![0u8; 16384];
            let len = s.read(&mut buf).await.unwrap_or(0);
            let text = String::from_utf8_lossy(&buf[..len]).to_string();
            let status = if n == 0 { "500 Internal Server Error" } else { "200 OK" };
            n += 1;
            let _ = s
                .write_all(format!("HTTP/1.1 {status}\r\ncontent-length: 0\r\nconnection: close\r\n\r\n").as_bytes())
                .await;
            let _ = tx.send(text);
        }
    });
    let res = reqwest::Client::new()
        .put(format!("{}/_sandbox/webhook-url", d.sb.running.url))
        .bearer_auth(ACME_KEY)
        .json(&json!({"url": hook}))
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success());
    let id = d.create("10", "0", "0").await;
    let mut bodies = Vec::new();
    while bodies.len() < 2 {
        let req = tokio::time::timeout(std::time::Duration::from_secs(10), rx.recv())
            .await
            .expect("delivery in time")
            .unwrap();
        bodies.push(req.split("\r\n\r\n").nth(1).unwrap_or_default().to_owned());
    }
    for body in &bodies {
        match WebhookEvent::parse(body.as_bytes()).unwrap() {
            WebhookEvent::Transaction(e) => {
                assert_eq!(e.event_name, TransactionEventName::Created);
                assert_eq!(e.transaction_id, id);
            }
            other => panic!("{other:?}"),
        }
    }
    let log: Value = reqwest::Client::new()
        .get(format!("{}/_sandbox/webhooks", d.sb.running.url))
        .bearer_auth(ACME_KEY)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let first = &log["items"][0];
    assert_eq!((first["state"].as_str(), first["attempts"].as_i64()), (Some("delivered"), Some(2)));

    let examples = d.client.webhooks().examples().await.unwrap();
    assert_eq!(examples.user.len(), 2);
    assert_eq!(examples.transaction.len(), 5);
    assert!(examples.transaction.iter().all(|e| !matches!(e.event_name, TransactionEventName::Unknown(_))));
}
