//! A real sandbox over HTTP for the client's integration tests.

#![allow(dead_code)]

pub mod auto;
pub mod lifecycle;
pub mod trade;

use escrow_sandbox::{RunningSandbox, SandboxConfig, Seed, TenantConfig};
use serde_json::{Value, json};

pub const ACME_KEY: &str = "acme-key";

pub struct Sandbox {
    pub running: RunningSandbox,
    _dir: tempfile::TempDir,
}

/// Tenants `demo` (seeded with demo data) and `acme` (empty, no modules).
pub async fn start() -> Sandbox {
    let dir = tempfile::tempdir().expect("tempdir");
    let running = escrow_sandbox::start(SandboxConfig {
        listen: "127.0.0.1:0".into(),
        data_dir: dir.path().to_path_buf(),
        tenants: vec![TenantConfig::demo(), TenantConfig::parse(&format!("acme={ACME_KEY}")).unwrap()],
        seed: Seed::Demo,
        dialect: Default::default(),
    })
    .await
    .expect("sandbox starts");
    Sandbox { running, _dir: dir }
}

impl Sandbox {
    pub fn client(&self, key: &str) -> escrow_api::Client {
        escrow_api::Client::builder(&self.running.url, key).build().expect("client")
    }

    /// Creates a connected user through the control API; returns its serviceAccountId.
    pub async fn user(&self, key: &str, reference: &str, name: &str) -> String {
        let res: Value = reqwest::Client::new()
            .post(format!("{}/_sandbox/users", self.running.url))
            .bearer_auth(key)
            .json(&json!({ "referenceId": reference, "name": name, "email": format!("{reference}@example.dk"), "phoneNumber": "+45 12 34 56 78", "type": "Private" }))
            .send()
            .await
            .expect("control API")
            .json()
            .await
            .expect("json");
        res["serviceAccountId"].as_str().expect("serviceAccountId").to_owned()
    }

    pub async fn ledger(&self, key: &str) -> Vec<Value> {
        let res: Value = reqwest::Client::new()
            .get(format!("{}/_sandbox/ledger", self.running.url))
            .bearer_auth(key)
            .send()
            .await
            .expect("ledger")
            .json()
            .await
            .expect("json");
        res["items"].as_array().cloned().unwrap_or_default()
    }
}
