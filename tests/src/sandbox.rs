//! The sandbox from the test's side: its control and inspection API over HTTP (what a
//! payer or the bank would do), and a sandbox of the test's own.

use serde_json::Value;
use std::time::Duration;

/// A sandbox's control API for one tenant key. Every call is bounded (30 s) and must succeed.
#[derive(Clone, Debug)]
pub struct Control {
    pub url: String,
    key: String,
    http: reqwest::Client,
}

impl Control {
    pub fn new(url: &str, key: &str) -> Control {
        let http = reqwest::Client::builder().timeout(Duration::from_secs(30)).build().unwrap_or_default();
        Control { url: url.trim_end_matches('/').to_owned(), key: key.to_owned(), http }
    }

    /// `method path` with a JSON body; the answer's JSON (`null` when it has none).
    pub async fn call(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> Value {
        let mut req = self.http.request(method.clone(), format!("{}{path}", self.url)).bearer_auth(&self.key);
        if let Some(body) = body {
            req = req.json(&body);
        }
        let res = req.send().await.unwrap_or_else(|e| panic!("{method} {path}: {e}"));
        let status = res.status();
        let text = res.text().await.unwrap_or_default();
        assert!(status.is_success(), "{method} {path}: {status} {text}");
        serde_json::from_str(&text).unwrap_or(Value::Null)
    }

    pub async fn get(&self, path: &str) -> Value {
        self.call(reqwest::Method::GET, path, None).await
    }

    pub async fn post(&self, path: &str, body: Value) -> Value {
        self.call(reqwest::Method::POST, path, Some(body)).await
    }

    pub async fn put(&self, path: &str, body: Value) -> Value {
        self.call(reqwest::Method::PUT, path, Some(body)).await
    }

    /// The first item of the list at `path` (`/v2/transactions?Take=100`, `/v2/users?Take=100`)
    /// that `pick` accepts; `what` names it when the demo data has none.
    pub async fn first_item(&self, path: &str, what: &str, pick: impl Fn(&Value) -> bool) -> Value {
        let page = self.get(path).await;
        page["items"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|v| pick(v))
            .cloned()
            .unwrap_or_else(|| panic!("{what} in the demo data"))
    }

    /// The ledger rows (one per executed money-moving action) of `kind`.
    pub async fn ledger(&self, kind: &str) -> Vec<Value> {
        let ledger = self.get("/_sandbox/ledger").await;
        ledger["items"].as_array().into_iter().flatten().filter(|r| r["kind"] == kind).cloned().collect()
    }
}

/// A sandbox of the test's own on a free loopback port, tenant `e2e` with `key` and both
/// Auto modules, seeded with the demo data, speaking the specs' names.
pub async fn own_sandbox(dir: &std::path::Path, key: &str) -> escrow_sandbox::RunningSandbox {
    own_sandbox_in(dir, key, escrow_sandbox::dialect::Dialect::Spec).await
}

/// [`own_sandbox`] speaking `dialect` (the published one refuses the specs' names).
pub async fn own_sandbox_in(
    dir: &std::path::Path,
    key: &str,
    dialect: escrow_sandbox::dialect::Dialect,
) -> escrow_sandbox::RunningSandbox {
    escrow_sandbox::start(escrow_sandbox::SandboxConfig {
        listen: "127.0.0.1:0".into(),
        data_dir: dir.to_path_buf(),
        tenants: vec![
            escrow_sandbox::TenantConfig::parse(&format!("e2e={key}:bill-of-sale,debt")).expect("tenant spec"),
        ],
        seed: escrow_sandbox::Seed::Demo,
        dialect,
    })
    .await
    .expect("own sandbox started")
}
