//! Conformance of the slice's routes over HTTP: auth, paging, query parsing, isolation.

use escrow_sandbox::{SandboxConfig, Seed, TenantConfig};
use reqwest::StatusCode;
use serde_json::{Value, json};

async fn start() -> (escrow_sandbox::RunningSandbox, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let sb = escrow_sandbox::start(SandboxConfig {
        listen: "127.0.0.1:0".into(),
        data_dir: dir.path().into(),
        tenants: vec![TenantConfig::demo(), TenantConfig::parse("other=other-key").unwrap()],
        seed: Seed::Demo,
        dialect: Default::default(),
    })
    .await
    .unwrap();
    (sb, dir)
}

async fn get(url: &str, key: Option<&str>) -> (StatusCode, Value) {
    let mut req = reqwest::Client::new().get(url);
    if let Some(k) = key {
        req = req.bearer_auth(k);
    }
    let res = req.send().await.unwrap();
    let status = res.status();
    let text = res.text().await.unwrap();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

#[tokio::test]
async fn auth_is_required_on_every_route() {
    let (sb, _d) = start().await;
    for path in ["/v2/transactions", "/v2/transactions/x", "/_sandbox/ledger"] {
        let (status, body) = get(&format!("{}{path}", sb.url), None).await;
        assert_eq!(status, 401, "{path}");
        assert_eq!(body["title"], "Unauthorized");
        assert_eq!(get(&format!("{}{path}", sb.url), Some("nope")).await.0, 401);
    }
}

#[tokio::test]
async fn paging_parameters_accept_numeric_strings_and_reject_garbage() {
    let (sb, _d) = start().await;
    let k = Some("sandbox-demo-key");
    let (s, body) = get(&format!("{}/v2/transactions?skip=190&take=50", sb.url), k).await;
    assert_eq!(s, 200);
    assert_eq!(body["items"].as_array().unwrap().len(), 10, "query names are case-insensitive");
    assert_eq!(body["count"], 200);
    let (s, body) = get(&format!("{}/v2/transactions?Take=1000", sb.url), k).await;
    assert_eq!(s, 200);
    assert_eq!(body["items"].as_array().unwrap().len(), 100);
    for bad in ["Take=abc", "Skip=-1", "Take=0", "Skip=01", "Take=99999999999"] {
        let (s, body) = get(&format!("{}/v2/transactions?{bad}", sb.url), k).await;
        assert_eq!(s, 400, "{bad}");
        assert_eq!(body["status"], 400);
    }
}

#[tokio::test]
async fn isolation_and_empty_404() {
    let (sb, _d) = start().await;
    let (_, page) = get(&format!("{}/v2/transactions?Take=1", sb.url), Some("sandbox-demo-key")).await;
    let id = page["items"][0]["transactionId"].as_str().unwrap().to_owned();
    let res = reqwest::Client::new()
        .get(format!("{}/v2/transactions/{id}", sb.url))
        .bearer_auth("other-key")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 404);
    assert!(res.bytes().await.unwrap().is_empty(), "404 without a body");
    let (s, t) = get(&format!("{}/v2/transactions/{id}", sb.url), Some("sandbox-demo-key")).await;
    assert_eq!(s, 200);
    assert_eq!(t["transactionId"], id.as_str());
}

#[tokio::test]
async fn amounts_as_numbers_or_strings_and_idempotent_replay() {
    let (sb, _d) = start().await;
    let http = reqwest::Client::new();
    let mut ids = Vec::new();
    for (i, r) in ["payee-a", "payer-a"].iter().enumerate() {
        let v: Value = http
            .post(format!("{}/_sandbox/users", sb.url))
            .bearer_auth("other-key")
            .json(&json!({"referenceId": r, "name": format!("User {i}"), "email": null, "phoneNumber": null, "type": "Private"}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        ids.push(v["serviceAccountId"].as_str().unwrap().to_owned());
    }
    let body = json!({"amount": "100.005", "title": "Lamp", "payeeId": ids[0], "payerId": ids[1]});
    let send = |body: Value, key: &'static str| {
        http.post(format!("{}/v2/transactions/marketplace", sb.url))
            .bearer_auth("other-key")
            .header("Idempotency-Key", key)
            .json(&body)
            .send()
    };
    let first = send(body.clone(), "k-1").await.unwrap();
    assert_eq!(first.status(), 200);
    assert!(first.headers().get("idempotency-replayed").is_none());
    let first: Value = first.json().await.unwrap();
    let replay = send(body.clone(), "k-1").await.unwrap();
    assert_eq!(replay.headers().get("idempotency-replayed").unwrap(), "true");
    assert_eq!(replay.json::<Value>().await.unwrap(), first);
    let mut changed = body.clone();
    changed["amount"] = json!(100.0);
    assert_eq!(send(changed, "k-1").await.unwrap().status(), 422);

    let (_, t) =
        get(&format!("{}/v2/transactions/{}", sb.url, first["transactionId"].as_str().unwrap()), Some("other-key"))
            .await;
    assert_eq!(t["amount"], json!(100.01));
    assert_eq!(t["status"], "CREATED");

    // A rejected request is stored too: the same key replays the same 400.
    let bad = json!({"amount": 5, "title": "Lamp", "payeeId": "nobody", "payerId": ids[1]});
    let r1 = send(bad.clone(), "k-2").await.unwrap();
    assert_eq!(r1.status(), 400);
    let r2 = send(bad, "k-2").await.unwrap();
    assert_eq!(r2.status(), 400);
    assert_eq!(r2.headers().get("idempotency-replayed").unwrap(), "true");
    assert_eq!(r2.json::<Value>().await.unwrap()["title"], "Invalid payee");
}

#[tokio::test]
async fn demo_data_has_documents_and_bank_accounts() {
    let (sb, _d) = start().await;
    let k = Some("sandbox-demo-key");
    let (s, docs) = get(&format!("{}/v2/documents", sb.url), k).await;
    assert_eq!(s, 200);
    let docs = docs["documents"].as_array().unwrap().clone();
    assert!(docs.len() >= 10, "demo documents: {}", docs.len());
    let (_, page) = get(&format!("{}/v2/transactions?ReferenceId=DEAL-2026-0042", sb.url), k).await;
    let tesla = page["items"][0]["transactionId"].as_str().unwrap().to_owned();
    let agreement =
        docs.iter().find(|d| d["transactionId"] == tesla.as_str()).expect("the showcase deal has its agreement");
    assert!(agreement["signed"].is_string());
    let (_, link) =
        get(&format!("{}/v2/documents/{}/download", sb.url, agreement["documentId"].as_str().unwrap()), k).await;
    let pdf = reqwest::get(link["url"].as_str().unwrap()).await.unwrap().bytes().await.unwrap();
    assert!(pdf.starts_with(b"%PDF-") && pdf.ends_with(b"%%EOF\n") || pdf.windows(5).any(|w| w == b"%%EOF"));
    let payer = page["items"][0]["payer"]["serviceAccountId"].as_str().unwrap().to_owned();
    let (s, accounts) = get(&format!("{}/v2/users/{payer}/bank-accounts", sb.url), k).await;
    assert_eq!(s, 200);
    assert_eq!(accounts["items"].as_array().unwrap().len(), 1);
    assert_eq!(accounts["items"][0]["isDefault"], true);
}
