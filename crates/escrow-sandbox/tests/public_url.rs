//! `ServeOptions::public_url`: a sandbox listening on 0.0.0.0 hands out links on the
//! public URL (hosted payment, checkout, connect, onboarding, signing, download and trade
//! links), never on its listen address; the links' paths open on the sandbox. And the
//! library installs no global log subscriber (the embedding app decides).

use escrow_sandbox::{DEMO_KEY, RunningSandbox, SandboxConfig, Seed, ServeOptions, TenantConfig};
use reqwest::Method;
use serde_json::{Value, json};

const PUBLIC: &str = "http://sandbox.example.test:9999";
const PDF: &[u8] = b"%PDF-1.4\n%%EOF\n";

struct Lan {
    sb: RunningSandbox,
    /// The sandbox as this machine reaches it (it listens on every interface).
    local: String,
    http: reqwest::Client,
    _dir: tempfile::TempDir,
}

async fn start_on_every_interface() -> Lan {
    let dir = tempfile::tempdir().unwrap();
    let config = SandboxConfig {
        listen: "0.0.0.0:0".into(),
        data_dir: dir.path().into(),
        tenants: vec![TenantConfig::demo()],
        seed: Seed::None,
        dialect: Default::default(),
    };
    let sb = escrow_sandbox::start_with(
        config,
        ServeOptions { public_url: Some(format!("{PUBLIC}/")), ..ServeOptions::default() },
    )
    .await
    .unwrap();
    let local = format!("http://127.0.0.1:{}", sb.addr.port());
    let http = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    Lan { sb, local, http, _dir: dir }
}

impl Lan {
    async fn call(&self, method: Method, path: &str, body: Option<Value>) -> Value {
        let mut req = self.http.request(method.clone(), format!("{}{path}", self.local)).bearer_auth(DEMO_KEY);
        if let Some(body) = body {
            req = req.json(&body);
        }
        let res = req.send().await.unwrap();
        assert_eq!(res.status(), 200, "{method} {path}");
        res.json().await.unwrap()
    }

    async fn post(&self, path: &str, body: Value) -> Value {
        self.call(Method::POST, path, Some(body)).await
    }

    async fn get(&self, path: &str) -> Value {
        self.call(Method::GET, path, None).await
    }
}

/// Every string in `v` that is a link to a hosted page or file.
fn links(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) if s.contains("://") && s.contains("/hosted/") => out.push(s.clone()),
        Value::Array(items) => items.iter().for_each(|i| links(i, out)),
        Value::Object(map) => map.values().for_each(|i| links(i, out)),
        _ => {}
    }
}

#[tokio::test]
async fn every_link_handed_out_uses_the_public_url() {
    let lan = start_on_every_interface().await;
    assert!(lan.sb.url.starts_with("http://0.0.0.0:"), "{}", lan.sb.url);
    assert_eq!(lan.sb.public_url, PUBLIC, "normalised: no trailing slash");

    let user = |r: &'static str| lan.post("/_sandbox/users", json!({ "referenceId": r, "name": r }));
    let (payee, payer) =
        (user("payee").await["serviceAccountId"].clone(), user("payer").await["serviceAccountId"].clone());
    let mut answers = Vec::new();
    let created = lan
        .post(
            "/v2/transactions/marketplace",
            json!({ "amount": 100, "title": "T", "payeeId": payee, "payerId": payer }),
        )
        .await;
    let id = created["transactionId"].as_str().unwrap().to_owned();
    answers.push(created);
    answers.push(lan.get(&format!("/v2/transactions/{id}")).await);
    let payment = lan.post("/v2/payments", json!({ "serviceAccountId": payer, "transactionId": id })).await;
    let payment_id = payment["paymentId"].as_str().unwrap().to_owned();
    answers.push(payment);
    answers.push(lan.post(&format!("/v2/payments/{payment_id}/initialize"), json!({})).await);
    answers.push(lan.post("/v2/connect", json!({ "referenceId": "r-1" })).await);
    let onboarding = json!({ "bankId": "jyske-bank", "returnUrl": "https://shop.example/back" });
    answers
        .push(lan.post(&format!("/v2/users/{}/bank-accounts/initialize", payer.as_str().unwrap()), onboarding).await);

    let part = reqwest::multipart::Part::bytes(PDF.to_vec()).file_name("k.pdf").mime_str("application/pdf").unwrap();
    let form = reqwest::multipart::Form::new().text("title", "Kontrakt").part("document", part);
    let doc: Value = lan
        .http
        .post(format!("{}/v2/documents", lan.local))
        .bearer_auth(DEMO_KEY)
        .multipart(form)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let doc_id = doc["documentId"].as_str().unwrap();
    answers.push(lan.post(&format!("/v2/documents/{doc_id}/sign"), json!({ "serviceAccountId": payer })).await);
    answers.push(lan.get(&format!("/v2/documents/{doc_id}/download")).await);

    let p = "/v1/marketplace";
    for (u, name) in [("buyer-1", "Jonas Poulsen"), ("seller-1", "Mette Nielsen")] {
        lan.post(
            "/_sandbox/trade/users",
            json!({ "marketplaceUserId": u, "name": name, "phoneNumber": "+45 61327705" }),
        )
        .await;
    }
    let connect = json!({ "marketplaceUserId": "new-1", "successUrl": "https://s.example/ok", "cancelUrl": "https://s.example/no" });
    answers.push(lan.post(&format!("{p}/connect"), connect).await);
    let trade = lan
        .post(
            &format!("{p}/trades"),
            json!({
                "title": "Stol", "description": "En stol", "amount": 1000,
                "payerFee": 2.5, "payerFixedFee": 10, "payeeFee": 5, "payeeFixedFee": 0,
                "payerMarketplaceUserId": "buyer-1", "payeeMarketplaceUserId": "seller-1",
                "successUrl": "https://shop.example/ok", "cancelUrl": "https://shop.example/cancel",
            }),
        )
        .await;
    let trade_id = trade["tradeId"].as_str().unwrap();
    let status_link = format!("{p}/users/buyer-1/trades/{trade_id}/status-link");
    answers.push(lan.post(&status_link, json!({ "returnUrl": "https://shop.example/t" })).await);
    answers.push(
        lan.post(&format!("{p}/users/buyer-1/payout-account"), json!({ "returnUrl": "https://shop.example/p" })).await,
    );

    let mut found = Vec::new();
    answers.iter().for_each(|a| links(a, &mut found));
    assert!(found.len() >= 11, "{found:#?}");
    for link in &found {
        let path = link.strip_prefix(PUBLIC).unwrap_or_else(|| panic!("not on the public URL: {link}"));
        assert!(path.starts_with("/hosted/"), "{link}");
        let page = lan.http.get(format!("{}{path}", lan.local)).send().await.unwrap();
        assert!(page.status().is_success() || page.status().is_redirection(), "{link}: {}", page.status());
    }
    let doc: Value = lan.http.get(format!("{}/openapi.json", lan.local)).send().await.unwrap().json().await.unwrap();
    assert_eq!(
        doc["servers"][0]["url"], "/",
        "relative: the document does not change with the address (decision 0013)"
    );
}

#[tokio::test]
async fn a_public_url_that_is_not_an_origin_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let options =
        ServeOptions { public_url: Some("http://sandbox.example.test/base".into()), ..ServeOptions::default() };
    let refused = escrow_sandbox::start_with(SandboxConfig::demo(dir.path()), options).await;
    assert!(refused.is_err_and(|e| e.contains("without a path")));
}

#[tokio::test]
async fn the_library_installs_no_global_log_subscriber() {
    let dir = tempfile::tempdir().unwrap();
    let sb = escrow_sandbox::start(SandboxConfig::demo(dir.path())).await.unwrap();
    let health = reqwest::get(format!("{}/_sandbox/health", sb.url)).await.unwrap();
    assert_eq!(health.status(), 200);
    let subscriber = tracing_subscriber::fmt().with_writer(std::io::sink).finish();
    assert!(tracing::subscriber::set_global_default(subscriber).is_ok(), "the embedding program's choice is free");
}
