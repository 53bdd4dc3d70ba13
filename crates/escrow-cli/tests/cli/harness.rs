//! A real sandbox in-process (on a runtime of its own) and the real `escrow` binary run against
//! it over HTTP.

use escrow_api::{CallOptions, Client, TransactionType};
use escrow_api::{CreatePayment, CreateTransaction};
use escrow_sandbox::{DEMO_KEY, RunningSandbox, SandboxConfig};
use rust_decimal::Decimal;
use serde_json::{Value, json};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// A finished run of the binary.
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// The stdout as JSON (the run must have printed JSON).
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.stdout).unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {self:?}"))
    }

    /// Asserts the exit code, showing the run when it differs.
    pub fn expect(self, code: i32) -> Self {
        assert_eq!(self.code, code, "exit code; run: {self:#?}");
        self
    }
}

/// Runs `escrow args` with exactly the environment variables given (plus PATH and HOME), within 90 s.
pub fn escrow_env(args: &[&str], env: &[(&str, &str)]) -> Run {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_escrow"));
    cmd.args(args).env_clear().stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    for name in ["PATH", "HOME", "TMPDIR", "DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR"] {
        if let Some(v) = std::env::var_os(name) {
            cmd.env(name, v);
        }
    }
    cmd.envs(env.iter().copied());
    let child = cmd.spawn().expect("the escrow binary starts");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait_with_output());
    });
    let out = rx.recv_timeout(Duration::from_secs(90)).expect("escrow finished within 90 s").expect("escrow ran");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// A seeded demo sandbox and the binary pointed at it with the demo key.
pub struct Sandbox {
    running: Option<RunningSandbox>,
    pub url: String,
    pub rt: tokio::runtime::Runtime,
    _dir: tempfile::TempDir,
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        if let Some(running) = self.running.take() {
            self.rt.block_on(running.shutdown());
        }
    }
}

impl Sandbox {
    /// The demo tenant with the demo data.
    pub fn start() -> Self {
        Self::start_with(|_| {})
    }

    /// As [`Sandbox::start`], with the configuration adjusted by `adjust`.
    pub fn start_with(adjust: impl FnOnce(&mut SandboxConfig)) -> Self {
        let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime");
        let dir = tempfile::tempdir().expect("tempdir");
        let mut config = SandboxConfig::demo(dir.path());
        adjust(&mut config);
        let running = rt.block_on(escrow_sandbox::start(config)).expect("sandbox starts");
        Self { url: running.url.clone(), running: Some(running), rt, _dir: dir }
    }

    /// `escrow --base-url URL args` with `ESCROW_API_KEY` set to the demo key.
    pub fn escrow(&self, args: &[&str]) -> Run {
        let mut all = vec!["--base-url", self.url.as_str()];
        all.extend_from_slice(args);
        escrow_env(&all, &[("ESCROW_API_KEY", DEMO_KEY)])
    }

    /// A client of the sandbox, for setting up and checking what the binary did.
    pub fn client(&self) -> Client {
        self.client_in(escrow_api::Dialect::Spec)
    }

    pub fn client_in(&self, dialect: escrow_api::Dialect) -> Client {
        Client::builder(&self.url, DEMO_KEY).dialect(dialect).build().expect("client")
    }

    /// A control or inspection call (`/_sandbox/...`), which must succeed.
    pub fn control(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> Value {
        self.rt.block_on(async {
            let mut req = reqwest::Client::new().request(method, format!("{}{path}", self.url)).bearer_auth(DEMO_KEY);
            if let Some(body) = body {
                req = req.json(&body);
            }
            let res = req.send().await.expect("control API answers");
            let status = res.status();
            let text = res.text().await.unwrap_or_default();
            assert!(status.is_success(), "{path}: {status} {text}");
            serde_json::from_str(&text).unwrap_or(Value::Null)
        })
    }

    /// The ledger rows (one per executed money move) for `target`.
    pub fn ledger(&self, target: &str) -> Vec<Value> {
        let ledger = self.control(reqwest::Method::GET, "/_sandbox/ledger", None);
        ledger["items"].as_array().into_iter().flatten().filter(|r| r["target"] == target).cloned().collect()
    }

    /// A connected user of the demo tenant; its serviceAccountId.
    pub fn user(&self, reference: &str, name: &str) -> String {
        let body = json!({ "referenceId": reference, "name": name, "email": format!("{reference}@example.dk"),
                           "phoneNumber": "+45 12 34 56 78", "type": "Private" });
        let res = self.control(reqwest::Method::POST, "/_sandbox/users", Some(body));
        res["serviceAccountId"].as_str().expect("serviceAccountId").to_owned()
    }

    /// A Marketplace transaction of 1000.00 DKK between two new users, paid in full (money in
    /// escrow): (transaction id, payer, payee).
    pub fn paid_transaction(&self, dialect: escrow_api::Dialect) -> (String, String, String) {
        let tag = uuid::Uuid::new_v4().simple().to_string();
        let payer = self.user(&format!("buyer-{tag}"), "Anne Jensen");
        let payee = self.user(&format!("seller-{tag}"), "Bilhuset Test ApS");
        let client = self.client_in(dialect);
        let mut req = CreateTransaction::new(Decimal::new(100_000, 2));
        req.title = Some("Sofa".into());
        req.payer_id = Some(payer.clone());
        req.payee_id = Some(payee.clone());
        let id = self
            .rt
            .block_on(client.transactions().create(TransactionType::Marketplace, &req, &CallOptions::default()))
            .expect("transaction created")
            .value
            .transaction_id;
        let payment =
            CreatePayment { service_account_id: payer.clone(), transaction_id: id.clone(), ..Default::default() };
        let created =
            self.rt.block_on(client.payments().create(&payment, &CallOptions::default())).expect("payment created");
        self.control(
            reqwest::Method::POST,
            &format!("/_sandbox/payments/{}/authorize", created.value.payment_id),
            Some(json!({})),
        );
        (id, payer, payee)
    }

    /// The transaction's status as the service reports it.
    pub fn status(&self, id: &str) -> String {
        self.rt.block_on(self.client().transactions().get(id)).expect("transaction").status.to_string()
    }

    /// The total count of transactions matching `search`.
    pub fn count(&self, search: Option<&str>) -> u64 {
        let query = escrow_api::ListTransactions { search: search.map(str::to_owned), ..Default::default() };
        let page = self.rt.block_on(self.client().transactions().list(&query)).expect("list");
        u64::try_from(page.count).expect("count")
    }
}
