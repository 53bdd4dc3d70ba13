//! Conformance of the v2 rules over HTTP: creation errors by title, idempotency
//! (replay, 422, retention on the sandbox clock, uniquenessKey), hosted payment pages,
//! and the fault-injection control API.

use reqwest::StatusCode;
use serde_json::{Value, json};

const KEY: &str = "rules-key";

mod one_tenant;
use one_tenant::Sb;

async fn start(modules: &str) -> Sb {
    one_tenant::start(KEY, modules).await
}

impl Sb {
    async fn post(&self, path: &str, body: Value, key: Option<&str>) -> (StatusCode, Value, bool) {
        let mut req = self.http.post(format!("{}{path}", self.sb.url)).bearer_auth(KEY).json(&body);
        if let Some(k) = key {
            req = req.header("Idempotency-Key", k);
        }
        let res = req.send().await.unwrap();
        let replayed = res.headers().get("idempotency-replayed").is_some();
        let status = res.status();
        let text = res.text().await.unwrap();
        (status, serde_json::from_str(&text).unwrap_or(Value::Null), replayed)
    }

    async fn user(&self, r: &str) -> String {
        let (s, v, _) = self
            .post(
                "/_sandbox/users",
                json!({"referenceId": r, "name": r, "email": null, "phoneNumber": null, "type": "Private"}),
                None,
            )
            .await;
        assert_eq!(s, 200);
        v["serviceAccountId"].as_str().unwrap().to_owned()
    }

    async fn get(&self, path: &str) -> Value {
        self.http.get(format!("{}{path}", self.sb.url)).bearer_auth(KEY).send().await.unwrap().json().await.unwrap()
    }
}

#[tokio::test]
async fn creation_errors_carry_the_spec_titles() {
    let s = start("").await;
    let (payee, payer) = (s.user("a").await, s.user("b").await);
    let base = json!({"amount": 100, "title": "T", "payeeId": payee, "payerId": payer});
    let cases = [
        (json!({"payeeId": null}), "Invalid payee"),
        (json!({"payeeReferenceId": "nobody", "payeeId": null}), "Invalid payee"),
        (json!({"amount": 0}), "Invalid amount"),
        (json!({"amount": "abc"}), "Invalid amount"),
        (json!({"payeeFixedFee": 101}), "Invalid amount"),
        (json!({"splitPayouts": [{"amount": 90, "recipient": "TENANT"}], "payeeFixedFee": 20}), "Invalid amount"),
        (json!({"documentId": "missing"}), "Invalid document"),
        (json!({"currency": "SEK"}), "Invalid currency"),
        (json!({"expectedCompletion": "2001-01-01T00:00:00Z"}), "Invalid expected completion"),
    ];
    for (patch, title) in cases {
        let mut body = base.clone();
        for (k, v) in patch.as_object().unwrap() {
            body[k] = v.clone();
        }
        let (status, v, _) = s.post("/v2/transactions/marketplace", body.clone(), None).await;
        assert_eq!((status, v["title"].as_str()), (StatusCode::BAD_REQUEST, Some(title)), "{body}");
        assert_eq!(v["status"], 400);
    }
    let auto = json!({"amount": 100, "payeeId": payee, "autoInformation": {"billOfSale": {"enable": true}}});
    let (status, v, _) = s.post("/v2/transactions/auto", auto, None).await;
    assert_eq!((status, v["title"].as_str()), (StatusCode::BAD_REQUEST, Some("Module not enabled")));
    assert!(s.get("/_sandbox/ledger").await["items"].as_array().unwrap().is_empty());
}

#[tokio::test]
async fn idempotency_keys_expire_after_24_hours_and_uniqueness_keys_do_not() {
    let s = start("").await;
    let (payee, payer) = (s.user("a").await, s.user("b").await);
    let body = |amount: i64, unique: &str| json!({"amount": amount, "title": "T", "payeeId": payee, "payerId": payer, "uniquenessKey": unique});
    let (st, first, replayed) = s.post("/v2/transactions/marketplace", body(10, "u1"), Some("k")).await;
    assert_eq!((st, replayed), (StatusCode::OK, false));
    let (st, _, _) = s.post("/v2/transactions/marketplace", body(11, "u1"), Some("k")).await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY);
    let (st, again, replayed) = s.post("/v2/transactions/marketplace", body(10, "u1"), Some("k")).await;
    assert_eq!((st, replayed, &again), (StatusCode::OK, true, &first));

    let (st, _, _) = s.post("/_sandbox/clock/advance", json!({"seconds": 24 * 3600 + 1}), None).await;
    assert_eq!(st, StatusCode::OK);
    let (st, v, replayed) = s.post("/v2/transactions/marketplace", body(11, "u2"), Some("k")).await;
    assert_eq!((st, replayed), (StatusCode::OK, false), "after 24 h the key is new: {v}");
    let (st, v, _) = s.post("/v2/transactions/marketplace", body(12, "u2"), Some("other")).await;
    assert_eq!(
        (st, v["title"].as_str()),
        (StatusCode::BAD_REQUEST, Some("Duplicate transaction")),
        "one transaction per uniquenessKey"
    );
    assert_eq!(s.get("/_sandbox/ledger").await["items"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn a_person_pays_through_the_hosted_pages() {
    let s = start("").await;
    let (payee, payer) = (s.user("a").await, s.user("b").await);
    let (_, created, _) = s
        .post(
            "/v2/transactions/marketplace",
            json!({"amount": 250, "title": "Cykel", "payeeId": payee, "payerId": payer}),
            None,
        )
        .await;
    let checkout = created["checkoutUrl"].as_str().unwrap().to_owned();
    let page = s.http.get(&checkout).send().await.unwrap();
    assert_eq!(page.status(), 200);
    assert!(page.text().await.unwrap().contains("Cykel"));
    let go = s.http.post(&checkout).send().await.unwrap();
    assert_eq!(go.status(), StatusCode::SEE_OTHER);
    let pay_url = format!("{}{}", s.sb.url, go.headers()["location"].to_str().unwrap());
    assert!(s.http.get(&pay_url).send().await.unwrap().text().await.unwrap().contains("Approve payment"));
    let done = s
        .http
        .post(&pay_url)
        .header("content-type", "application/x-www-form-urlencoded")
        .body("action=pay")
        .send()
        .await
        .unwrap();
    assert_eq!(done.status(), 200);
    let id = created["transactionId"].as_str().unwrap();
    let t = s.get(&format!("/v2/transactions/{id}")).await;
    assert_eq!(t["status"], "PAID");
    let hooks = s.get("/_sandbox/webhooks").await;
    let names: Vec<_> =
        hooks["items"].as_array().unwrap().iter().map(|h| h["eventName"].as_str().unwrap().to_owned()).collect();
    assert_eq!(names, ["transaction.created", "transaction.payment.paid"]);
    assert_eq!(hooks["items"][1]["payload"]["paymentId"], t["payments"]["inbound"]["payments"][0]["paymentId"]);

    // With returnUrl and skipUI the payer goes straight back, also when the payment fails.
    let (_, other, _) = s
        .post(
            "/v2/transactions/marketplace",
            json!({"amount": 10, "title": "X", "payeeId": payee, "payerId": payer}),
            None,
        )
        .await;
    let (st, p, _) = s
        .post("/v2/payments", json!({"serviceAccountId": payer, "transactionId": other["transactionId"], "returnUrl": "https://shop.example/back", "skipUI": true}), Some("p1"))
        .await;
    assert_eq!(st, 200);
    let res = s.http.post(p["paymentUrl"].as_str().unwrap()).body("action=fail").send().await.unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(res.headers()["location"], "https://shop.example/back");
    let guide = s.http.get(t["paymentGuideUrl"].as_str().unwrap()).send().await.unwrap().text().await.unwrap();
    assert!(guide.contains("+71&lt;") || guide.contains("+71<"), "DKK guide shows a FIK code");
}

#[tokio::test]
async fn fault_rules_fire_the_given_number_of_times() {
    let s = start("").await;
    let (st, _, _) = s.post("/_sandbox/faults", json!({}), None).await;
    assert_eq!(st, StatusCode::METHOD_NOT_ALLOWED);
    let res = s
        .http
        .put(format!("{}/_sandbox/faults", s.sb.url))
        .bearer_auth(KEY)
        .json(&json!({"rules": [{"method": "GET", "pathPrefix": "/v2/transactions", "kind": "status", "status": 503, "count": 2}]}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let list = |s: &Sb| s.http.get(format!("{}/v2/transactions", s.sb.url)).bearer_auth(KEY).send();
    assert_eq!(list(&s).await.unwrap().status(), 503);
    assert_eq!(list(&s).await.unwrap().status(), 503);
    assert_eq!(list(&s).await.unwrap().status(), 200, "count exhausted");
    let res = s
        .http
        .put(format!("{}/_sandbox/faults", s.sb.url))
        .bearer_auth(KEY)
        .json(&json!({"rules": [{"kind": "drop"}]}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert!(list(&s).await.is_err() || list(&s).await.unwrap().bytes().await.is_err(), "connection dropped");
    s.http.delete(format!("{}/_sandbox/faults", s.sb.url)).bearer_auth(KEY).send().await.unwrap();
    assert_eq!(list(&s).await.unwrap().status(), 200);
    let (st, _, _) = s.post("/_sandbox/clock/advance", json!({"seconds": 1}), None).await;
    assert_eq!(st, 200, "control routes are never faulted");
}

#[tokio::test]
async fn concurrent_requests_with_one_key_execute_once() {
    let s = start("").await;
    let (payee, payer) = (s.user("a").await, s.user("b").await);
    let body = json!({"amount": 42, "title": "T", "payeeId": payee, "payerId": payer});
    let mut tasks = Vec::new();
    for _ in 0..20 {
        let (http, url, body) = (s.http.clone(), s.sb.url.clone(), body.clone());
        tasks.push(tokio::spawn(async move {
            let r = http
                .post(format!("{url}/v2/transactions/marketplace"))
                .bearer_auth(KEY)
                .header("Idempotency-Key", "same")
                .json(&body)
                .send()
                .await
                .unwrap();
            let status = r.status();
            (status, r.json::<Value>().await.ok().and_then(|v| v["transactionId"].as_str().map(str::to_owned)))
        }));
    }
    let mut ids = std::collections::HashSet::new();
    for t in tasks {
        let (status, id) = t.await.unwrap();
        assert!(status == StatusCode::OK || status == StatusCode::CONFLICT, "{status}");
        if status == StatusCode::OK {
            ids.insert(id.unwrap());
        }
    }
    assert_eq!(ids.len(), 1, "every success names the same transaction");
    assert_eq!(s.get("/_sandbox/ledger").await["items"].as_array().unwrap().len(), 1);
}
