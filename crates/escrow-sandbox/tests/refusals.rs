//! What the service would refuse, the sandbox refuses too, in the documented shape: a body
//! that is not a JSON object (an array read field by field would otherwise pass), a null
//! where the control API wants a value, and a faulty Idempotency-Key on the trade API in
//! that API's own 400 shape. No message names a type of the sandbox's code.

use reqwest::StatusCode;
use serde_json::{Value, json};

const KEY: &str = "refusals-key";

mod one_tenant;
use one_tenant::Sb;

impl Sb {
    async fn send(&self, method: reqwest::Method, path: &str, body: &str, key: Option<&str>) -> (StatusCode, String) {
        let mut req = self
            .http
            .request(method, format!("{}{path}", self.sb.url))
            .bearer_auth(KEY)
            .header("content-type", "application/json")
            .body(body.to_owned());
        if let Some(k) = key {
            req = req.header("Idempotency-Key", k);
        }
        let res = req.send().await.unwrap();
        (res.status(), res.text().await.unwrap())
    }
}

#[tokio::test]
async fn an_array_is_not_an_object_anywhere() {
    let sb = one_tenant::start(KEY, "").await;
    let (s, user) =
        sb.send(reqwest::Method::POST, "/_sandbox/users", r#"{"referenceId": "p-1", "type": "Private"}"#, None).await;
    assert_eq!(s, 200, "{user}");
    let payer: Value = serde_json::from_str(&user).unwrap();
    let payer = payer["serviceAccountId"].as_str().unwrap().to_owned();
    let (_, other) = sb.send(reqwest::Method::POST, "/_sandbox/users", r#"{"referenceId": "p-3"}"#, None).await;
    let payee = serde_json::from_str::<Value>(&other).unwrap()["serviceAccountId"].as_str().unwrap().to_owned();
    let create = json!({"amount": 100, "title": "Lamp", "payeeId": payee, "payerId": payer});
    let (s, created) =
        sb.send(reqwest::Method::POST, "/v2/transactions/marketplace", &create.to_string(), Some("c-1")).await;
    let id = serde_json::from_str::<Value>(&created).ok().and_then(|v| v["transactionId"].as_str().map(str::to_owned));

    let (s2, body) =
        sb.send(reqwest::Method::POST, "/v2/transactions/marketplace", r#"[100, "Lamp"]"#, Some("c-2")).await;
    assert_eq!(s2, 400, "{body}");
    assert!(body.contains("the body must be a JSON object, not an array") && !body.contains("struct"), "{body}");

    if let (true, Some(id)) = (s.is_success(), id) {
        let path = format!("/v2/transactions/{id}/cancel");
        let (s, body) =
            sb.send(reqwest::Method::POST, &path, &json!([payer, "because"]).to_string(), Some("x-1")).await;
        assert_eq!(s, 400, "an array cancels nothing: {body}");
        let (_, after) = sb.send(reqwest::Method::GET, &format!("/v2/transactions/{id}"), "", None).await;
        assert_ne!(serde_json::from_str::<Value>(&after).unwrap()["status"], "CANCELLED");
        let (s, body) =
            sb.send(reqwest::Method::POST, &format!("/v2/transactions/{id}/reimburse-payer"), "[]", Some("x-2")).await;
        assert_eq!(s, 400);
        assert!(serde_json::from_str::<Value>(&body).unwrap().is_string(), "a plain string, as the spec says: {body}");
    } else {
        panic!("the transaction to try on was not created: {created}");
    }

    let (s, body) =
        sb.send(reqwest::Method::PUT, "/_sandbox/webhook-url", r#"["http://127.0.0.1:9/hook"]"#, None).await;
    assert_eq!(s, 400, "{body}");
    let (s, body) =
        sb.send(reqwest::Method::POST, "/_sandbox/users", r#"{"referenceId": "p-2", "type": null}"#, None).await;
    assert_eq!(s, 400, "{body}");
}

#[tokio::test]
async fn the_trade_api_answers_a_faulty_idempotency_key_in_its_own_shape() {
    let sb = one_tenant::start(KEY, "").await;
    for key in ["", &"k".repeat(201)] {
        let (s, body) = sb.send(reqwest::Method::POST, "/v1/marketplace/trades/cancel", "{}", Some(key)).await;
        assert_eq!(s, 400, "{body}");
        let v: Value = serde_json::from_str(&body).unwrap();
        assert!(v["traceId"].is_string() && v["typeCode"].is_string(), "{v}");
        assert_eq!(v["errors"][0]["key"], "Idempotency-Key", "{v}");
    }
}
