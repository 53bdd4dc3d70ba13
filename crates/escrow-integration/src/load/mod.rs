//! Load on the sandbox, shared by `benches/load.rs` (the full run) and `tests/load.rs`
//! (a short run in `make test`): N concurrent clients, each with its own connection pool,
//! mix searches, reads and keyed money-moving calls for a fixed time on loopback. The
//! figures are only printed; what a run asserts is correctness, read from the sandbox's
//! ledger afterwards: no key executed twice, no acknowledged action lost, no 5xx.
//!
//! Retries are off, so every HTTP answer the server gives is seen (a retried 5xx would
//! hide), and each latency sample is one request.

mod client;
mod report;
mod types;

pub use report::{ClassStats, LoadReport};
pub use types::{Class, LoadConfig};

use client::{Shared, client_loop};
use escrow_api::{Client, ListTransactions};
use escrow_sandbox::{DEMO_KEY, DEMO_TENANT, SandboxConfig, Seed, TenantConfig};
use report::check;
use serde_json::{Value, json};
use std::time::Instant;

/// Why a run could not be set up or measured.
pub type Failed = String;

fn fail(what: &str) -> impl Fn(String) -> Failed + '_ {
    move |e| format!("{what}: {e}")
}

async fn control_post(url: &str, path: &str, body: Value) -> Result<Value, Failed> {
    let res = reqwest::Client::new().post(format!("{url}{path}")).bearer_auth(DEMO_KEY).json(&body).send().await;
    let res = res.map_err(|e| fail(path)(e.to_string()))?;
    if !res.status().is_success() {
        return Err(format!("{path}: {}", res.status()));
    }
    res.json().await.map_err(|e| fail(path)(e.to_string()))
}

async fn ledger(url: &str) -> Result<Vec<Value>, Failed> {
    let res = reqwest::Client::new().get(format!("{url}/_sandbox/ledger")).bearer_auth(DEMO_KEY).send().await;
    let body: Value =
        res.map_err(|e| fail("ledger")(e.to_string()))?.json().await.map_err(|e| fail("ledger")(e.to_string()))?;
    Ok(body["items"].as_array().cloned().unwrap_or_default())
}

/// Starts a sandbox on loopback with `seed_rows` synthetic transactions, runs the load,
/// reads the ledger and shuts the sandbox down.
pub async fn run(config: LoadConfig) -> Result<LoadReport, Failed> {
    let dir = tempfile::tempdir().map_err(|e| fail("tempdir")(e.to_string()))?;
    escrow_sandbox::seed_bulk::load(dir.path(), DEMO_TENANT, config.seed_rows).await.map_err(fail("bulk load"))?;
    let sandbox = escrow_sandbox::start(SandboxConfig {
        listen: "127.0.0.1:0".into(),
        data_dir: dir.path().to_path_buf(),
        tenants: vec![TenantConfig::demo()],
        seed: Seed::None,
        dialect: Default::default(),
    })
    .await
    .map_err(fail("sandbox start"))?;
    let url = sandbox.url.clone();
    let user = async |reference: &str, name: &str| {
        let body = json!({ "referenceId": reference, "name": name, "email": format!("{reference}@example.dk"),
            "phoneNumber": "+45 12 34 56 78", "type": "Private" });
        let res = control_post(&url, "/_sandbox/users", body).await?;
        res["serviceAccountId"].as_str().map(str::to_owned).ok_or_else(|| format!("no serviceAccountId in {res}"))
    };
    let payer = user("load-buyer", "Anne Jensen").await?;
    let payee = user("load-seller", "Bilhuset Load ApS").await?;
    let setup = Client::builder(&url, DEMO_KEY).build().map_err(|e| fail("client")(e.to_string()))?;
    let page = setup.transactions().list(&ListTransactions { take: Some(100), ..Default::default() }).await;
    let page = page.map_err(|e| fail("first page")(e.to_string()))?;
    let seed_ids: Vec<String> = page.items.into_iter().map(|t| t.transaction_id).collect();
    if seed_ids.is_empty() {
        return Err("the bulk load made no transactions to read".into());
    }
    let shared = Shared { url: url.clone(), payer, payee, seed_ids };

    let started = Instant::now();
    let deadline = started + config.duration;
    let tasks: Vec<_> = (0..config.clients)
        .map(|n| tokio::spawn(client_loop(n, shared.clone(), deadline, config.max_requests_per_client)))
        .collect();
    let mut logs = Vec::new();
    for t in tasks {
        logs.push(t.await.map_err(|e| fail("client task")(e.to_string()))??);
    }
    let elapsed = started.elapsed();

    let rows = ledger(&url).await;
    sandbox.shutdown().await;
    Ok(check(config, elapsed, logs, &rows?))
}
