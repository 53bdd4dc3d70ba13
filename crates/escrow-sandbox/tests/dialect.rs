//! The published dialect of the v2 API over real HTTP: renamed account ids in every
//! response and webhook, the spec's names refused in requests, `/v2/checkout/marketplace`
//! with the Beta answer; and the spec dialect exactly as before.

mod wire;

use escrow_sandbox::Dialect;
use serde_json::{Value, json};
use std::time::Duration;
use wire::{keys, sorted};

/// A webhook receiver: every body POSTed to it, in order.
async fn receiver() -> (String, tokio::sync::mpsc::UnboundedReceiver<Value>) {
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
    let app = axum::Router::new().route(
        "/hook",
        axum::routing::post(move |body: axum::body::Bytes| {
            let tx = tx.clone();
            async move {
                tx.send(serde_json::from_slice::<Value>(&body).unwrap_or(Value::Null)).ok();
                "ok"
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/hook", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.ok() });
    (url, rx)
}

fn assert_published_party(party: &Value, account: &str) {
    assert_eq!(party["safepayAccountId"], json!(account), "{party}");
    assert!(party.get("serviceAccountId").is_none(), "{party}");
}

#[tokio::test]
async fn published_v2_renders_and_accepts_published_names_and_refuses_the_specs() {
    let api = wire::start(Dialect::Published).await;
    let (hook, mut delivered) = receiver().await;
    assert_eq!(api.call(reqwest::Method::PUT, "/_sandbox/webhook-url", Some(json!({ "url": hook }))).await.status, 200);
    let payee = api.user("dealer-1", "Bilhuset Syd").await;
    let payer = api.user("cust-1", "Jonas Poulsen").await;

    // Create at the published route; the Beta answer: {id, checkoutUrl, connectUrl}, strings.
    let created = api
        .post(
            "/v2/checkout/marketplace",
            json!({ "amount": "1000.00", "title": "Cykel", "payeeId": payee, "payerId": payer }),
        )
        .await;
    assert_eq!(created.status, 200, "{}", created.text);
    assert_eq!(keys(&created.json), sorted(&["checkoutUrl", "connectUrl", "id"]));
    assert!(["id", "checkoutUrl", "connectUrl"].iter().all(|k| created.json[*k].is_string()), "{}", created.text);
    let id = created.json["id"].as_str().unwrap().to_owned();
    assert!(created.json["checkoutUrl"].as_str().unwrap().ends_with(&format!("/hosted/checkout/{id}")));
    let again = api
        .post(
            "/v2/transactions/marketplace",
            json!({ "amount": 500, "title": "Lampe", "payeeId": payee, "payerId": payer }),
        )
        .await;
    assert_eq!(keys(&again.json), sorted(&["checkoutUrl", "connectUrl", "id"]), "the spec's route answers alike");

    let t = api.get(&format!("/v2/transactions/{id}")).await;
    assert_eq!(t.json["transactionId"], json!(id));
    assert_published_party(&t.json["payee"], &payee);
    assert_published_party(&t.json["payer"], &payer);
    assert!(!t.text.contains("serviceAccountId"), "{}", t.text);

    let split =
        api.post(&format!("/v2/transactions/{id}/split-payouts"), json!({ "amount": 10, "recipient": "PAYEE" })).await;
    assert_eq!(split.status, 200, "{}", split.text);
    let splits = api.get(&format!("/v2/transactions/{id}/split-payouts")).await;
    assert_published_party(&splits.json["items"][0], &payee);

    let users = api.get("/v2/users").await;
    let items = users.json["items"].as_array().unwrap();
    assert_eq!(items.len(), 2);
    assert!(
        items.iter().all(|u| u["safepayAccountId"].is_string() && u.get("serviceAccountId").is_none()),
        "{}",
        users.text
    );
    assert_published_party(&api.get(&format!("/v2/users/{payee}")).await.json, &payee);
    assert_published_party(&api.get("/v2/connect/dealer-1").await.json, &payee);

    let examples = api.get("/v2/webhooks/examples").await;
    assert!(examples.json["user"][0]["safepayAccountId"].is_string(), "{}", examples.text);
    assert!(examples.json["transaction"][0]["payee"]["safepayAccountId"].is_string(), "{}", examples.text);
    assert!(!examples.text.contains("serviceAccountId"));

    // The spec's name is refused with a clear 400, at the top level or nested; nothing happens.
    for (path, body) in [
        (format!("/v2/transactions/{id}/cancel"), json!({ "serviceAccountId": payer })),
        (format!("/v2/transactions/{id}/payout"), json!({ "serviceAccountId": payee })),
        ("/v2/payments".to_owned(), json!({ "transactionId": id, "extra": [{ "serviceAccountId": payer }] })),
    ] {
        let refused = api.post(&path, body).await;
        assert_eq!(refused.status, 400, "{path}");
        assert_eq!(refused.content_type, "application/problem+json");
        assert_eq!(keys(&refused.json), sorted(&["detail", "status", "title", "type"]), "{}", refused.text);
        assert_eq!(refused.json["status"], json!(400));
        let detail = refused.json["detail"].as_str().unwrap();
        assert!(
            detail.contains("published dialect") && detail.contains("send safepayAccountId, not serviceAccountId"),
            "{detail}"
        );
    }
    let missing = api.post(&format!("/v2/transactions/{id}/cancel"), json!({})).await;
    assert_eq!(
        missing.json["detail"],
        json!("safepayAccountId is required"),
        "problem details name the published field"
    );

    // The published name is accepted: pay, then pay out.
    let payment = api.post("/v2/payments", json!({ "transactionId": id, "safepayAccountId": payer })).await;
    assert_eq!(payment.status, 200, "{}", payment.text);
    let pid = payment.json["paymentId"].as_str().unwrap();
    assert_eq!(api.post(&format!("/_sandbox/payments/{pid}/authorize"), json!({})).await.status, 200);
    let payout = api.post(&format!("/v2/transactions/{id}/payout"), json!({ "safepayAccountId": payee })).await;
    assert_eq!(payout.status, 200, "{}", payout.text);
    assert_eq!(api.get(&format!("/v2/transactions/{id}")).await.json["status"], json!("SUCCEEDED"));
    let other = again.json["id"].as_str().unwrap();
    let cancel = api
        .post(&format!("/v2/transactions/{other}/cancel"), json!({ "safepayAccountId": payer, "reason": "Fortrudt" }))
        .await;
    assert_eq!(cancel.status, 200, "{}", cancel.text);
    let ledger = api.get("/_sandbox/ledger").await;
    let kinds: Vec<&str> = ledger.json["items"].as_array().unwrap().iter().filter_map(|r| r["kind"].as_str()).collect();
    assert_eq!(kinds.iter().filter(|k| **k == "payout").count(), 1, "{kinds:?}");
    assert_eq!(kinds.iter().filter(|k| **k == "cancel").count(), 1, "{kinds:?}");

    // Webhooks are POSTed with the published names; the control listing keeps the spec's.
    let first = tokio::time::timeout(Duration::from_secs(10), delivered.recv()).await.unwrap().unwrap();
    assert_eq!(first["eventName"], json!("transaction.created"));
    assert_published_party(&first["payee"], &payee);
    assert_published_party(&first["payer"], &payer);
    let listed = api.get("/_sandbox/webhooks").await;
    assert_eq!(listed.json["items"][0]["payload"]["payee"]["serviceAccountId"], json!(payee), "{}", listed.text);
}

#[tokio::test]
async fn the_spec_dialect_is_unchanged() {
    let api = wire::start(Dialect::Spec).await;
    let payee = api.user("dealer-1", "Bilhuset Syd").await;
    let payer = api.user("cust-1", "Jonas Poulsen").await;
    let created = api
        .post(
            "/v2/transactions/marketplace",
            json!({ "amount": "1000.00", "title": "Cykel", "payeeId": payee, "payerId": payer }),
        )
        .await;
    assert_eq!(keys(&created.json), sorted(&["checkoutUrl", "connectUrl", "id", "transactionId"]), "{}", created.text);
    assert_eq!((&created.json["id"], &created.json["connectUrl"]), (&Value::Null, &Value::Null));
    let id = created.json["transactionId"].as_str().unwrap().to_owned();
    assert_eq!(api.post("/v2/checkout/marketplace", json!({ "amount": 5, "payeeId": payee })).await.status, 404);
    let t = api.get(&format!("/v2/transactions/{id}")).await;
    assert_eq!(t.json["payee"]["serviceAccountId"], json!(payee));
    assert!(!t.text.contains("safepayAccountId"));
    assert_eq!(api.get("/v2/users").await.json["items"][0]["serviceAccountId"].as_str().map(str::len), Some(36));
    // A published name is just an unknown field here.
    let ignored = api.post(&format!("/v2/transactions/{id}/cancel"), json!({ "safepayAccountId": payer })).await;
    assert_eq!((ignored.status.as_u16(), &ignored.json["detail"]), (400, &json!("serviceAccountId is required")));
    assert_eq!(
        api.post(&format!("/v2/transactions/{id}/cancel"), json!({ "serviceAccountId": payer })).await.status,
        200
    );
}

mod cli {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};

    async fn checkout_status(dialect: &str) -> u16 {
        let dir = tempfile::tempdir().unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_escrow-sandbox"))
            .args(["serve", "--listen", "127.0.0.1:0", "--seed", "none", "--dialect", dialect, "--data-dir"])
            .arg(dir.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let url = line.trim().strip_prefix("listening on ").unwrap().to_owned();
        let status =
            reqwest::Client::new().post(format!("{url}/v2/checkout/marketplace")).send().await.unwrap().status();
        child.kill().unwrap();
        child.wait().unwrap();
        status.as_u16()
    }

    #[tokio::test]
    async fn the_dialect_flag_chooses_the_routes() {
        assert_eq!(checkout_status("published").await, 401, "served (and asks for the key)");
        assert_eq!(checkout_status("spec").await, 404);
        let bad = Command::new(env!("CARGO_BIN_EXE_escrow-sandbox"))
            .args(["serve", "--data-dir", "/nonexistent", "--dialect", "klingon"])
            .stderr(Stdio::null())
            .status()
            .unwrap();
        assert!(!bad.success());
    }
}
