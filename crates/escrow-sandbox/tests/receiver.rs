//! The sandbox's own webhook receiver (`ServeOptions::own_receiver`, the desktop app's
//! built-in Sandbox): a tenant that set no URL has its webhooks delivered there and they
//! succeed; a URL it sets wins, and clearing it goes back to the receiver; without the
//! option (a team's sandbox) a tenant without a URL still fails, as before. The receiver
//! takes a POST without a key, as a real one does, and lists to its tenant only.

use escrow_sandbox::{DEMO_KEY, RunningSandbox, SandboxConfig, ServeOptions};
use serde_json::{Value, json};
use std::time::Duration;

async fn start(dir: &std::path::Path, own_receiver: bool) -> RunningSandbox {
    let options = ServeOptions { own_receiver, ..ServeOptions::default() };
    escrow_sandbox::start_with(SandboxConfig::demo(dir), options).await.unwrap()
}

async fn call(sb: &RunningSandbox, method: reqwest::Method, path: &str, body: Option<Value>) -> (u16, Value) {
    let mut req = reqwest::Client::new().request(method, format!("{}{path}", sb.url)).bearer_auth(DEMO_KEY);
    if let Some(b) = body {
        req = req.json(&b);
    }
    let res = req.send().await.unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

/// Queues a test event; answers its webhook id once it has left the queue.
async fn settled_test_event(sb: &RunningSandbox) -> Value {
    let (status, _) =
        call(sb, reqwest::Method::POST, "/_sandbox/webhooks/test", Some(json!({ "eventName": "transaction.created" })))
            .await;
    assert_eq!(status, 200);
    for _ in 0..100 {
        let (_, all) = call(sb, reqwest::Method::GET, "/_sandbox/webhooks", None).await;
        let newest = all["items"].as_array().and_then(|a| a.last()).cloned().unwrap_or_default();
        if newest["state"] != "pending" {
            return newest;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the test event was never tried");
}

#[tokio::test]
async fn the_built_in_sandbox_delivers_to_its_own_receiver_and_a_set_url_wins() {
    let dir = tempfile::tempdir().unwrap();
    let sb = start(dir.path(), true).await;

    let delivered = settled_test_event(&sb).await;
    assert_eq!(delivered["state"], "delivered", "{delivered}");
    assert_eq!(delivered["outcomes"][0]["status"], 200, "{delivered}");
    let (status, got) = call(&sb, reqwest::Method::GET, "/_sandbox/receiver", None).await;
    assert_eq!(status, 200);
    let last = got["items"].as_array().and_then(|a| a.last()).cloned().unwrap_or_default();
    assert_eq!(last["webhookId"], delivered["webhookId"], "{got}");
    assert_eq!(last["eventName"], "transaction.created");
    assert_eq!(last["body"]["transactionId"], delivered["payload"]["transactionId"]);

    // A URL the tenant sets wins (here one that refuses: the delivery is retried, not received).
    let (status, _) = call(
        &sb,
        reqwest::Method::PUT,
        "/_sandbox/webhook-url",
        Some(json!({ "url": format!("{}/no-such-receiver", sb.url) })),
    )
    .await;
    assert_eq!(status, 200);
    let before = got["items"].as_array().map_or(0, Vec::len);
    let (_, _) = call(
        &sb,
        reqwest::Method::POST,
        "/_sandbox/webhooks/test",
        Some(json!({ "eventName": "transaction.created" })),
    )
    .await;
    let mut refused = Value::Null;
    for _ in 0..100 {
        let (_, all) = call(&sb, reqwest::Method::GET, "/_sandbox/webhooks", None).await;
        refused = all["items"].as_array().and_then(|a| a.last()).cloned().unwrap_or_default();
        if refused["attempts"].as_i64().unwrap_or(0) >= 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(refused["outcomes"][0]["status"], 404, "{refused}");
    let (_, got) = call(&sb, reqwest::Method::GET, "/_sandbox/receiver", None).await;
    assert_eq!(got["items"].as_array().map_or(0, Vec::len), before, "nothing more reached the own receiver");

    // Cleared: back to the own receiver.
    call(&sb, reqwest::Method::PUT, "/_sandbox/webhook-url", Some(json!({ "url": null }))).await;
    assert_eq!(settled_test_event(&sb).await["state"], "delivered");
}

#[tokio::test]
async fn the_receiver_takes_posts_without_a_key_and_lists_to_its_tenant_only() {
    let dir = tempfile::tempdir().unwrap();
    let sb = start(dir.path(), false).await;
    let http = reqwest::Client::new();
    let posted = http
        .post(format!("{}/_sandbox/receiver/demo", sb.url))
        .header("content-type", "application/json")
        .body(r#"{"eventName":"transaction.succeeded","webhookId":"w-1"}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(posted.status(), 200);
    let unknown = http.post(format!("{}/_sandbox/receiver/nobody", sb.url)).body("{}").send().await.unwrap();
    assert_eq!(unknown.status(), 404, "a receiver only for a tenant the sandbox has");
    let too_big = http
        .post(format!("{}/_sandbox/receiver/demo", sb.url))
        .body(vec![b' '; escrow_sandbox::receiver::MAX_BODY + 1])
        .send()
        .await
        .unwrap();
    assert_eq!(too_big.status(), 400);

    let no_key = http.get(format!("{}/_sandbox/receiver", sb.url)).send().await.unwrap();
    assert_eq!(no_key.status(), 401, "reading what arrived takes the tenant's key");
    let (_, got) = call(&sb, reqwest::Method::GET, "/_sandbox/receiver", None).await;
    assert_eq!(got["items"][0]["webhookId"], "w-1", "{got}");
    assert_eq!(got["items"][0]["body"]["eventName"], "transaction.succeeded");

    // Without the option (a team's sandbox), a tenant without a URL still fails as before.
    let failed = settled_test_event(&sb).await;
    assert_eq!(failed["state"], "failed", "{failed}");
    assert_eq!(failed["outcomes"][0]["error"], "no webhook URL configured");
}

#[test]
fn the_receiver_url_names_the_tenant_escaped() {
    use escrow_sandbox::v2::webhooks::outbox::own_receiver_url as url_for;
    assert_eq!(
        url_for("http://127.0.0.1:8080", "demo").as_deref(),
        Some("http://127.0.0.1:8080/_sandbox/receiver/demo")
    );
    assert_eq!(url_for("http://h:1", "a b/c").as_deref(), Some("http://h:1/_sandbox/receiver/a%20b%2Fc"));
}
