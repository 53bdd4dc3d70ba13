//! The sandbox never answers 5xx after committing a money-moving change: a failure is
//! injected at every step of each handler's database work (SQLite interrupts after N
//! VM steps, N = 1, 2, 3, …). Each time either nothing was committed and a retry with
//! the same key executes it once, or the handler finished and the stored answer is
//! replayed. Never both, never twice.

use escrow_sandbox::{SandboxConfig, Seed, TenantConfig};
use reqwest::StatusCode;
use serde_json::{Value, json};

const KEY: &str = "atomic-key";

struct Sb {
    sb: escrow_sandbox::RunningSandbox,
    _dir: tempfile::TempDir,
    http: reqwest::Client,
}

impl Sb {
    async fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        body: &Value,
        key: Option<&str>,
    ) -> (StatusCode, Value, bool) {
        let mut req = self.http.request(method, format!("{}{path}", self.sb.url)).bearer_auth(KEY).json(body);
        if let Some(k) = key {
            req = req.header("Idempotency-Key", k);
        }
        let res = req.send().await.unwrap();
        let replayed = res.headers().get("idempotency-replayed").is_some();
        let status = res.status();
        (status, res.json().await.unwrap_or(Value::Null), replayed)
    }
    async fn ledger(&self) -> usize {
        self.send(reqwest::Method::GET, "/_sandbox/ledger", &json!({}), None).await.1["items"].as_array().unwrap().len()
    }
    async fn interrupt_after(&self, steps: i32) {
        let rules = json!({"rules": [{"kind": "interrupt", "afterSteps": steps, "count": 1}]});
        let (s, _, _) = self.send(reqwest::Method::PUT, "/_sandbox/faults", &rules, None).await;
        assert_eq!(s, 200);
    }
}

async fn start() -> Sb {
    let dir = tempfile::tempdir().unwrap();
    let sb = escrow_sandbox::start(SandboxConfig {
        listen: "127.0.0.1:0".into(),
        data_dir: dir.path().into(),
        tenants: vec![TenantConfig::parse(&format!("t={KEY}")).unwrap()],
        seed: Seed::Demo,
        dialect: Default::default(),
    })
    .await
    .unwrap();
    Sb { sb, _dir: dir, http: reqwest::Client::new() }
}

/// Sweeps the failure point through one keyed request until it completes untouched:
/// every VM step up to 64, then steps 25% apart (a write runs thousands of steps with
/// the search-index triggers). Returns how many failure points were tried.
async fn sweep(s: &Sb, path: &str, body: Value) -> i32 {
    let mut steps = 0i32;
    let mut tried = 0;
    loop {
        steps = if steps < 64 { steps + 1 } else { steps + steps / 4 };
        tried += 1;
        let key = format!("k-{path}-{steps}");
        let before = s.ledger().await;
        s.interrupt_after(steps).await;
        let (status, first, _) = s.send(reqwest::Method::POST, path, &body, Some(&key)).await;
        let after_fault = s.ledger().await;
        s.send(reqwest::Method::DELETE, "/_sandbox/faults", &json!({}), None).await;
        if status.is_server_error() {
            assert_eq!(after_fault, before, "{path} step {steps}: a 5xx left a committed change");
            let (retry, _, replayed) = s.send(reqwest::Method::POST, path, &body, Some(&key)).await;
            assert!(!replayed, "{path} step {steps}: a failed request must not be stored");
            if retry.is_success() {
                assert_eq!(s.ledger().await, before + 1, "{path} step {steps}: the retry executes once");
                // Undo nothing: the next step runs against the changed state; keep going
                // only with requests that stay valid (fresh keys, repeatable bodies).
            }
            continue;
        }
        assert!(status.is_success() || status.is_client_error(), "{path} step {steps}: {status} {first}");
        let (again, replay, replayed) = s.send(reqwest::Method::POST, path, &body, Some(&key)).await;
        assert!(replayed && again == status && replay == first, "{path} step {steps}: the stored answer is replayed");
        return tried;
    }
}

#[tokio::test]
async fn a_failure_at_any_step_commits_nothing_or_everything() {
    let s = start().await;
    let users: Vec<String> = {
        let mut ids = Vec::new();
        for r in ["payee", "payer"] {
            let (_, v, _) = s
                .send(
                    reqwest::Method::POST,
                    "/_sandbox/users",
                    &json!({"referenceId": r, "name": r, "type": "Private"}),
                    None,
                )
                .await;
            ids.push(v["serviceAccountId"].as_str().unwrap().to_owned());
        }
        ids
    };
    let (_, page, _) = s.send(reqwest::Method::GET, "/v2/transactions?Take=100", &json!({}), None).await;
    let paid: Vec<Value> =
        page["items"].as_array().unwrap().iter().filter(|t| t["status"] == "PAID").cloned().collect();
    assert!(paid.len() >= 3);
    let id = |i: usize| paid[i]["transactionId"].as_str().unwrap().to_owned();
    let payer = |i: usize| paid[i]["payer"]["serviceAccountId"].as_str().unwrap().to_owned();

    let (ok, v, _) = s
        .send(
            reqwest::Method::POST,
            "/v2/transactions/marketplace",
            &json!({"amount": 100, "title": "T", "payeeId": users[0], "payerId": users[1]}),
            Some("sanity"),
        )
        .await;
    assert_eq!(ok, 200, "without a fault: {v}");
    let mut points = 0;
    points += sweep(
        &s,
        "/v2/transactions/marketplace",
        json!({"amount": 100, "title": "T", "payeeId": users[0], "payerId": users[1]}),
    )
    .await;
    points += sweep(&s, &format!("/v2/transactions/{}/reimburse-payer", id(0)), json!({"amount": 1})).await;
    points += sweep(
        &s,
        &format!("/v2/transactions/{}/split-payouts", id(0)),
        json!({"amount": 1, "recipient": "TENANT", "timing": "NEXT_PAYOUT"}),
    )
    .await;
    points +=
        sweep(&s, "/v2/payments", json!({"serviceAccountId": users[1], "transactionId": id(2), "amount": null})).await;
    points += sweep(&s, &format!("/v2/transactions/{}/payout", id(0)), json!({"serviceAccountId": payer(0)})).await;
    points +=
        sweep(&s, &format!("/v2/transactions/{}/cancel", id(1)), json!({"serviceAccountId": payer(1), "reason": "x"}))
            .await;
    println!("failure points tried: {points}");
    assert!(points > 30, "every step of six handlers, {points} in all");
}
