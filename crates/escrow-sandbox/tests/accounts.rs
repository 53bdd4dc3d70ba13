//! Sandbox-only rules of users, connect and documents: hosted pages need no key but an
//! unguessable token, files live under the data dir (not in memory) and everything
//! survives a restart on the same data dir.

use escrow_sandbox::{RunningSandbox, SandboxConfig, Seed, TenantConfig};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::path::Path;

const KEY: &str = "acme-key";
const PDF: &[u8] = b"%PDF-1.4\n%%EOF\n";

async fn start(dir: &Path) -> RunningSandbox {
    escrow_sandbox::start(SandboxConfig {
        listen: "127.0.0.1:0".into(),
        data_dir: dir.into(),
        tenants: vec![
            TenantConfig::parse(&format!("acme={KEY}")).unwrap(),
            TenantConfig::parse("beta=beta-key").unwrap(),
        ],
        seed: Seed::None,
        dialect: Default::default(),
    })
    .await
    .unwrap()
}

fn browser() -> reqwest::Client {
    reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap()
}

/// `application/x-www-form-urlencoded` without extra crates.
fn encode(fields: &[(&str, &str)]) -> String {
    let enc = |s: &str| {
        s.bytes()
            .map(|b| {
                if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                    (b as char).to_string()
                } else {
                    format!("%{b:02X}")
                }
            })
            .collect::<String>()
    };
    fields.iter().map(|(k, v)| format!("{}={}", enc(k), enc(v))).collect::<Vec<_>>().join("&")
}

async fn form(url: &str, fields: &[(&str, &str)]) -> reqwest::Response {
    browser()
        .post(url)
        .header("content-type", "application/x-www-form-urlencoded")
        .body(encode(fields))
        .send()
        .await
        .unwrap()
}

async fn api(sb: &RunningSandbox, method: &str, path: &str, body: Option<Value>) -> (StatusCode, Value) {
    let http = reqwest::Client::new();
    let url = format!("{}{path}", sb.url);
    let mut req = if method == "GET" { http.get(url) } else { http.post(url) };
    req = req.bearer_auth(KEY);
    if let Some(b) = body {
        req = req.json(&b);
    }
    let res = req.send().await.unwrap();
    let status = res.status();
    let text = res.text().await.unwrap();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

async fn upload(sb: &RunningSandbox, title: &str, bytes: &[u8]) -> String {
    let part =
        reqwest::multipart::Part::bytes(bytes.to_vec()).file_name("kontrakt.pdf").mime_str("application/pdf").unwrap();
    let form = reqwest::multipart::Form::new().text("title", title.to_owned()).part("document", part);
    let res = reqwest::Client::new()
        .post(format!("{}/v2/documents", sb.url))
        .bearer_auth(KEY)
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    res.json::<Value>().await.unwrap()["documentId"].as_str().unwrap().to_owned()
}

async fn user(sb: &RunningSandbox, reference: &str) -> String {
    let (s, v) =
        api(sb, "POST", "/_sandbox/users", Some(json!({ "referenceId": reference, "name": "Per Holm" }))).await;
    assert_eq!(s, 200);
    v["serviceAccountId"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn files_live_under_the_data_dir_and_go_with_the_document() {
    let dir = tempfile::tempdir().unwrap();
    let sb = start(dir.path()).await;
    let id = upload(&sb, "Kontrakt", PDF).await;
    let folder = dir.path().join("files").join("documents").join(&id);
    assert_eq!(std::fs::read(folder.join("original")).unwrap(), PDF, "stored on disk, byte for byte");
    assert!(!folder.join("signed").exists());

    let signer = user(&sb, "signer").await;
    let (_, v) =
        api(&sb, "POST", &format!("/v2/documents/{id}/sign"), Some(json!({ "serviceAccountId": signer }))).await;
    let res = form(v["url"].as_str().unwrap(), &[("action", "sign")]).await;
    assert_eq!(res.status(), 303);
    let signed = std::fs::read(folder.join("signed")).unwrap();
    assert!(signed.starts_with(PDF) && signed.len() > PDF.len());

    let (s, _) = api(&sb, "POST", &format!("/v2/documents/{id}/delete"), None).await;
    assert_eq!(s, 200);
    assert!(!folder.exists(), "original and signed versions deleted");
}

#[tokio::test]
async fn documents_users_and_bank_accounts_survive_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let sb = start(dir.path()).await;
    let id = upload(&sb, "Slutseddel", PDF).await;
    let person = user(&sb, "p-1").await;
    let (_, v) = api(
        &sb,
        "POST",
        &format!("/v2/users/{person}/bank-accounts/initialize"),
        Some(json!({
            "bankId": "jyske-bank", "returnUrl": "https://shop.example/back"
        })),
    )
    .await;
    let page_url = v["url"].as_str().unwrap().to_owned();
    let html = browser().get(&page_url).send().await.unwrap().text().await.unwrap();
    let account = html.split("name=\"account\" value=\"").nth(1).unwrap().split('"').next().unwrap().to_owned();
    assert_eq!(form(&page_url, &[("account", &account), ("action", "confirm")]).await.status(), 303);
    sb.shutdown().await;

    let sb = start(dir.path()).await;
    let (s, doc) = api(&sb, "GET", &format!("/v2/documents/{id}"), None).await;
    assert_eq!((s, doc["title"].as_str()), (StatusCode::OK, Some("Slutseddel")));
    let (_, link) = api(&sb, "GET", &format!("/v2/documents/{id}/download"), None).await;
    let bytes = reqwest::get(link["url"].as_str().unwrap()).await.unwrap().bytes().await.unwrap();
    assert_eq!(bytes.as_ref(), PDF);
    // The onboarding result is still there after the restart, and can be added.
    let (s, result) = api(&sb, "GET", &format!("/v2/users/{person}/bank-accounts/initialize"), None).await;
    assert_eq!(s, 200);
    assert_eq!(result["bankAccounts"][0]["bankAccountId"], account.as_str());
    assert!(result["bankCentral"].is_string());
    let (s, _) = api(
        &sb,
        "POST",
        &format!("/v2/users/{person}/bank-accounts/add"),
        Some(json!({ "bankId": "jyske-bank", "bankAccountId": account })),
    )
    .await;
    assert_eq!(s, 200);
    let (_, accounts) = api(&sb, "GET", &format!("/v2/users/{person}/bank-accounts"), None).await;
    assert_eq!(accounts["items"].as_array().unwrap().len(), 2);
    let (s, webhooks) = api(&sb, "GET", "/_sandbox/webhooks", None).await;
    assert_eq!(s, 200);
    let connected = webhooks.to_string().matches("user.bankaccount.connected").count();
    assert!(connected >= 1, "adding an account queues user.bankaccount.connected: {webhooks}");
}

#[tokio::test]
async fn hosted_pages_need_a_valid_token_not_a_key() {
    let dir = tempfile::tempdir().unwrap();
    let sb = start(dir.path()).await;
    for path in ["/hosted/connect/x", "/hosted/bank-accounts/x", "/hosted/sign/x", "/hosted/files/x"] {
        let res = browser().get(format!("{}{path}", sb.url)).send().await.unwrap();
        assert_eq!(res.status(), 404, "{path}");
        assert!(res.headers()["content-type"].to_str().unwrap().starts_with("text/html"));
    }
    // A token of one kind does not open another kind of page.
    let (_, v) = api(&sb, "POST", "/v2/connect", Some(json!({ "referenceId": "r-1" }))).await;
    let url = v["connectUrl"].as_str().unwrap().to_owned();
    let token = url.rsplit('/').next().unwrap();
    assert!(token.len() >= 64, "unguessable: {token}");
    assert_eq!(browser().get(format!("{}/hosted/sign/{token}", sb.url)).send().await.unwrap().status(), 404);
    let page = browser().get(&url).send().await.unwrap();
    assert_eq!(page.headers()["cache-control"], "no-store");

    // The v2 API itself still needs the key.
    let res = reqwest::Client::new().get(format!("{}/v2/users", sb.url)).send().await.unwrap();
    assert_eq!(res.status(), 401);
    let res = reqwest::Client::new().get(format!("{}/v2/documents", sb.url)).bearer_auth("wrong").send().await.unwrap();
    assert_eq!(res.status(), 401);
}

#[tokio::test]
async fn download_links_expire_and_another_tenant_sees_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let sb = start(dir.path()).await;
    let id = upload(&sb, "Kontrakt", PDF).await;
    let (_, link) = api(&sb, "GET", &format!("/v2/documents/{id}/download"), None).await;
    let url = link["url"].as_str().unwrap().to_owned();
    assert_eq!(reqwest::get(&url).await.unwrap().status(), 200);
    let (s, _) = api(&sb, "POST", "/_sandbox/clock/advance", Some(json!({ "seconds": 16 * 60 }))).await;
    assert_eq!(s, 200);
    assert_eq!(reqwest::get(&url).await.unwrap().status(), 410, "links last 15 minutes");

    let other = |path: String| reqwest::Client::new().get(format!("{}{path}", sb.url)).bearer_auth("beta-key").send();
    let res = other(format!("/v2/documents/{id}")).await.unwrap();
    assert_eq!(res.status(), 404);
    assert!(res.bytes().await.unwrap().is_empty());
    let res = other("/v2/documents".into()).await.unwrap();
    assert_eq!(res.json::<Value>().await.unwrap()["documents"], json!([]));
}

#[tokio::test]
async fn users_query_parameters_are_checked() {
    let dir = tempfile::tempdir().unwrap();
    let sb = start(dir.path()).await;
    for i in 0..3 {
        user(&sb, &format!("u-{i}")).await;
    }
    for (query, expect) in [
        ("skip=1&take=\"1\"", 400),
        ("Skip=1&Take=1", 200),
        ("public=maybe", 400),
        ("Public=TRUE", 200),
        ("Take=0", 400),
        ("Skip=-1", 400),
        ("Take=01", 400),
    ] {
        let (s, v) = api(&sb, "GET", &format!("/v2/users?{query}"), None).await;
        assert_eq!(s.as_u16(), expect, "{query}: {v}");
    }
    let (_, v) = api(&sb, "GET", "/v2/users?Skip=1&Take=1", None).await;
    assert_eq!(v["items"].as_array().unwrap().len(), 1);
    let (_, v) = api(&sb, "GET", "/v2/users?Public=false", None).await;
    assert_eq!(v["items"].as_array().unwrap().len(), 3, "Public does not filter");
    // A body that is not JSON is a 400, not a crash.
    let res = reqwest::Client::new()
        .post(format!("{}/v2/users/x/bank-accounts/add", sb.url))
        .bearer_auth(KEY)
        .body("{not json")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 400);
}
