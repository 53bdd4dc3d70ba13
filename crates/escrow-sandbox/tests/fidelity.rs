//! Spec fidelity over HTTP (issue #19 item 9): NEXT_PAYOUT split payouts survive a
//! cancel, X-Correlation-Id is checked on v2, extra fees apply to eligible tenants only.

use reqwest::StatusCode;
use serde_json::{Value, json};

const KEY: &str = "fidelity-key";

mod one_tenant;
use one_tenant::Sb;

async fn start(modules: &str) -> Sb {
    one_tenant::start(KEY, modules).await
}

impl Sb {
    async fn send(&self, req: reqwest::RequestBuilder) -> (StatusCode, Value) {
        let res = req.bearer_auth(KEY).send().await.unwrap();
        let status = res.status();
        let text = res.text().await.unwrap();
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    async fn post(&self, path: &str, body: Value) -> (StatusCode, Value) {
        self.send(self.http.post(format!("{}{path}", self.sb.url)).json(&body)).await
    }

    async fn get(&self, path: &str) -> Value {
        let (status, v) = self.send(self.http.get(format!("{}{path}", self.sb.url))).await;
        assert_eq!(status, 200, "GET {path}: {v}");
        v
    }

    async fn user(&self, r: &str) -> String {
        let body = json!({"referenceId": r, "name": r, "email": null, "phoneNumber": null, "type": "Private"});
        let (s, v) = self.post("/_sandbox/users", body).await;
        assert_eq!(s, 200);
        v["serviceAccountId"].as_str().unwrap().to_owned()
    }

    /// Creates a marketplace transaction and pays it in full through the hosted pages.
    async fn paid_transaction(&self, payee: &str, payer: &str, amount: u32) -> String {
        let body = json!({"amount": amount, "title": "T", "payeeId": payee, "payerId": payer});
        let (s, created) = self.post("/v2/transactions/marketplace", body).await;
        assert_eq!(s, 200, "{created}");
        let go = self.http.post(created["checkoutUrl"].as_str().unwrap()).send().await.unwrap();
        assert_eq!(go.status(), StatusCode::SEE_OTHER);
        let pay_url = format!("{}{}", self.sb.url, go.headers()["location"].to_str().unwrap());
        let done = self
            .http
            .post(&pay_url)
            .header("content-type", "application/x-www-form-urlencoded")
            .body("action=pay")
            .send()
            .await
            .unwrap();
        assert_eq!(done.status(), 200);
        let id = created["transactionId"].as_str().unwrap().to_owned();
        assert_eq!(self.get(&format!("/v2/transactions/{id}")).await["status"], "PAID");
        id
    }
}

fn num(v: &Value) -> f64 {
    v.as_f64().or_else(|| v.as_str().and_then(|s| s.parse().ok())).unwrap_or_else(|| panic!("not a number: {v}"))
}

#[tokio::test]
async fn a_next_payout_split_is_paid_by_the_next_run_even_after_cancel() {
    let s = start("").await;
    let (payee, payer) = (s.user("a").await, s.user("b").await);
    let id = s.paid_transaction(&payee, &payer, 1000).await;
    let (st, split) = s
        .post(
            &format!("/v2/transactions/{id}/split-payouts"),
            json!({"amount": 100, "recipient": "TENANT", "timing": "NEXT_PAYOUT"}),
        )
        .await;
    assert_eq!(st, 200, "{split}");
    let split_id = split["splitPayoutId"].as_str().unwrap().to_owned();

    let (st, body) =
        s.post(&format!("/v2/transactions/{id}/cancel"), json!({"serviceAccountId": payer, "reason": "x"})).await;
    assert_eq!(st, 200, "{body}");
    let t = s.get(&format!("/v2/transactions/{id}")).await;
    let outbound = t["payments"]["outbound"]["payments"].as_array().unwrap();
    let refunds: Vec<f64> =
        outbound.iter().filter(|o| o["text"] == "Refund to payer").map(|o| num(&o["amount"])).collect();
    assert_eq!(refunds, [900.0], "the NEXT_PAYOUT split's money is not refunded: {outbound:?}");

    let (st, run) = s.post("/_sandbox/payout-run", json!({})).await;
    assert_eq!(st, 200);
    let split_paid: Vec<&Value> = run["paid"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["text"].as_str().unwrap().starts_with("Split payout"))
        .collect();
    assert_eq!(split_paid.len(), 1, "{run}");
    assert_eq!(num(&split_paid[0]["amount"]), 100.0);
    let list = s.get(&format!("/v2/transactions/{id}/split-payouts")).await;
    let item = list["items"].as_array().unwrap().iter().find(|i| i["splitPayoutId"] == split_id.as_str()).unwrap();
    assert_eq!(item["status"], "PAID");

    let (_, again) = s.post("/_sandbox/payout-run", json!({})).await;
    assert!(again["paid"].as_array().unwrap().is_empty(), "paid once: {again}");
    let ledger = s.get("/_sandbox/ledger").await;
    let rows = ledger["items"].as_array().unwrap().iter().filter(|r| r["target"] == split_id.as_str()).count();
    assert_eq!(rows, 1, "{ledger}");
    // Each transfer of the run is one ledger row, and the second run added none.
    let transfers = ledger["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["kind"] == "payout_run" && r["target"] == id.as_str())
        .count();
    assert_eq!(transfers, run["paid"].as_array().unwrap().iter().filter(|p| p["transactionId"] == id.as_str()).count());
    assert!(transfers >= 1, "{ledger}");
}

#[tokio::test]
async fn v2_checks_the_correlation_id_when_one_is_sent() {
    let s = start("").await;
    let url = format!("{}/v2/transactions", s.sb.url);
    for bad in ["short", &"c".repeat(65)] {
        let (st, body) = s.send(s.http.get(&url).header("X-Correlation-Id", bad)).await;
        assert_eq!(st, 400, "{bad}: {body}");
        assert!(body["detail"].as_str().unwrap().contains("X-Correlation-Id"), "{body}");
    }
    for good in ["c".repeat(20), uuid::Uuid::new_v4().to_string(), "c".repeat(64)] {
        let (st, body) = s.send(s.http.get(&url).header("X-Correlation-Id", &good)).await;
        assert_eq!(st, 200, "{good}: {body}");
    }
    let (st, _) = s.send(s.http.get(&url)).await;
    assert_eq!(st, 200, "the header is optional");
    let (st, _) =
        s.send(s.http.get(format!("{}/v2/transactions/nope", s.sb.url)).header("X-Correlation-Id", "x")).await;
    assert_eq!(st, 400, "also on other routes");
}

async fn fees_of(s: &Sb, payee: &str, payer: &str) -> (f64, f64) {
    let body = json!({"amount": 500, "title": "T", "payeeId": payee, "payerId": payer,
        "payeeFixedFee": 10, "payerFixedFee": 5, "payeeExtraFee": 3, "payerExtraFee": 2});
    let (st, created) = s.post("/v2/transactions/marketplace", body).await;
    assert_eq!(st, 200, "{created}");
    let t = s.get(&format!("/v2/transactions/{}", created["transactionId"].as_str().unwrap())).await;
    (num(&t["fees"]["payee"]), num(&t["fees"]["payer"]))
}

#[tokio::test]
async fn extra_fees_apply_for_eligible_tenants_only() {
    let plain = start("").await;
    let (payee, payer) = (plain.user("a").await, plain.user("b").await);
    assert_eq!(fees_of(&plain, &payee, &payer).await, (10.0, 5.0), "not eligible: the extra fees are not applied");

    let eligible = start(":extra-fees").await;
    let (payee, payer) = (eligible.user("a").await, eligible.user("b").await);
    assert_eq!(fees_of(&eligible, &payee, &payer).await, (13.0, 7.0), "eligible: fixed + extra");
}
