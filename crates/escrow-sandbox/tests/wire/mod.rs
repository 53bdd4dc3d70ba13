//! Helpers of the dialect tests: a sandbox in a given dialect and a small JSON client.

#![allow(dead_code)]

use escrow_sandbox::{DEMO_KEY, Dialect, RunningSandbox, SandboxConfig, Seed, TenantConfig};
use reqwest::{Method, StatusCode};
use serde_json::Value;

pub struct Api {
    pub sb: RunningSandbox,
    pub http: reqwest::Client,
    _dir: tempfile::TempDir,
}

/// An answer: status, the body as JSON (`Null` when empty or not JSON) and as text.
pub struct Answer {
    pub status: StatusCode,
    pub json: Value,
    pub text: String,
    pub content_type: String,
}

pub async fn start(dialect: Dialect) -> Api {
    let dir = tempfile::tempdir().unwrap();
    let sb = escrow_sandbox::start(SandboxConfig {
        listen: "127.0.0.1:0".into(),
        data_dir: dir.path().into(),
        tenants: vec![TenantConfig::demo()],
        seed: Seed::None,
        dialect,
    })
    .await
    .unwrap();
    Api { sb, http: reqwest::Client::new(), _dir: dir }
}

impl Api {
    pub async fn call(&self, method: Method, path: &str, body: Option<Value>) -> Answer {
        let mut req = self.http.request(method, format!("{}{path}", self.sb.url)).bearer_auth(DEMO_KEY);
        if let Some(body) = body {
            req = req.header("content-type", "application/json").body(body.to_string());
        }
        let res = req.send().await.unwrap();
        let status = res.status();
        let content_type = res.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or("").to_owned();
        let text = res.text().await.unwrap();
        let json = serde_json::from_str(&text).unwrap_or(Value::Null);
        Answer { status, json, text, content_type }
    }

    pub async fn get(&self, path: &str) -> Answer {
        self.call(Method::GET, path, None).await
    }

    pub async fn post(&self, path: &str, body: Value) -> Answer {
        self.call(Method::POST, path, Some(body)).await
    }

    /// A connected v2 user (control route, which keeps the spec's names) → its account id.
    pub async fn user(&self, reference: &str, name: &str) -> String {
        let a = self
            .post(
                "/_sandbox/users",
                serde_json::json!({ "referenceId": reference, "name": name, "phoneNumber": "+45 12345678" }),
            )
            .await;
        assert_eq!(a.status, 200, "{}", a.text);
        a.json["serviceAccountId"].as_str().unwrap().to_owned()
    }
}

/// The keys of a JSON object, sorted.
pub fn keys(v: &Value) -> Vec<String> {
    let mut k: Vec<String> = v.as_object().unwrap_or_else(|| panic!("not an object: {v}")).keys().cloned().collect();
    k.sort();
    k
}

/// `names` sorted, as owned strings (to compare with [`keys`]).
pub fn sorted(names: &[&str]) -> Vec<String> {
    let mut k: Vec<String> = names.iter().map(|s| (*s).to_owned()).collect();
    k.sort();
    k
}
