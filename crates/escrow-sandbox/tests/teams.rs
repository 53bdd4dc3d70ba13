//! The binary as a team or a CI job runs it: `--version`, every flag from an
//! `ESCROW_SANDBOX_*` variable (a flag wins), `--public-url` behind `0.0.0.0`, the health
//! route and the document without a key, and request logs on stderr that carry the
//! correlation id and never the key.

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, Stdio};

const PUBLIC: &str = "http://sandbox.example.test:9999";

fn binary() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_escrow-sandbox"));
    for (name, _) in std::env::vars().filter(|(k, _)| k.starts_with("ESCROW_SANDBOX_")) {
        cmd.env_remove(name);
    }
    cmd
}

struct Running {
    child: Child,
    /// Where this machine reaches it (it may listen on 0.0.0.0).
    local: String,
}

/// Starts `cmd` (stdout and stderr piped) and reads its `listening on` line.
fn run(mut cmd: Command) -> Running {
    let mut child = cmd.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let url = line.trim().strip_prefix("listening on ").unwrap_or_else(|| panic!("first line {line:?}")).to_owned();
    let port = url.rsplit(':').next().unwrap().to_owned();
    Running { child, local: format!("http://127.0.0.1:{port}") }
}

/// SIGTERM, a clean exit, and everything it wrote to stderr.
fn stop(mut r: Running) -> String {
    let pid = r.child.id().to_string();
    assert!(Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
    let mut stderr = String::new();
    r.child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    assert!(r.child.wait().unwrap().success(), "{stderr}");
    stderr
}

async fn get_json(url: String, key: Option<&str>) -> (u16, serde_json::Value) {
    let mut req = reqwest::Client::new().get(url);
    if let Some(key) = key {
        req = req.bearer_auth(key);
    }
    let res = req.send().await.unwrap();
    (res.status().as_u16(), res.json().await.unwrap_or_default())
}

#[test]
fn version_prints_the_crate_version() {
    let out = binary().arg("--version").output().unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), format!("escrow-sandbox {}\n", env!("CARGO_PKG_VERSION")));
}

#[tokio::test]
async fn configured_by_variables_alone_behind_every_interface() {
    let dir = tempfile::tempdir().unwrap();
    let mut cmd = binary();
    cmd.arg("serve")
        .env("ESCROW_SANDBOX_LISTEN", "0.0.0.0:0")
        .env("ESCROW_SANDBOX_DATA_DIR", dir.path())
        .env("ESCROW_SANDBOX_TENANTS", "ci=ci-key-1;other=ci-key-2:debt")
        .env("ESCROW_SANDBOX_SEED", "demo")
        .env("ESCROW_SANDBOX_DIALECT", "published")
        .env("ESCROW_SANDBOX_PUBLIC_URL", PUBLIC)
        .env("ESCROW_SANDBOX_LOG", "warn");
    let r = run(cmd);
    let (status, health) = get_json(format!("{}/_sandbox/health", r.local), None).await;
    assert_eq!((status, health["status"].as_str(), health["dialect"].as_str()), (200, Some("ok"), Some("published")));
    let (status, doc) = get_json(format!("{}/openapi.json", r.local), None).await;
    assert_eq!((status, &doc["servers"][0]["url"]), (200, &serde_json::json!("/")), "relative (decision 0013)");
    let (status, list) = get_json(format!("{}/v2/transactions", r.local), Some("ci-key-1")).await;
    assert_eq!((status, list["count"].as_u64()), (200, Some(200)), "first tenant seeded");
    let (status, list) = get_json(format!("{}/v2/transactions", r.local), Some("ci-key-2")).await;
    assert_eq!((status, list["count"].as_u64()), (200, Some(0)), "second tenant from the `;` list");
    let (_, seeded) = get_json(format!("{}/v2/transactions?Take=1", r.local), Some("ci-key-1")).await;
    let id = seeded["items"][0]["transactionId"].as_str().unwrap();
    let (_, record) = get_json(format!("{}/v2/transactions/{id}", r.local), Some("ci-key-1")).await;
    assert!(record["checkoutUrl"].as_str().unwrap().starts_with(&format!("{PUBLIC}/hosted/checkout/")), "{record}");
    let stderr = stop(r);
    assert!(!stderr.contains("request"), "warn hides the request lines: {stderr}");
}

#[tokio::test]
async fn a_flag_wins_over_its_variable() {
    let dir = tempfile::tempdir().unwrap();
    let mut cmd = binary();
    cmd.args(["serve", "--listen", "127.0.0.1:0", "--dialect", "spec", "--data-dir"])
        .arg(dir.path())
        .env("ESCROW_SANDBOX_DIALECT", "published")
        .env("ESCROW_SANDBOX_LISTEN", "127.0.0.1:1");
    let r = run(cmd);
    let (_, health) = get_json(format!("{}/_sandbox/health", r.local), None).await;
    assert_eq!(health["dialect"], "spec");
    stop(r);
}

#[tokio::test]
async fn request_logs_carry_the_correlation_id_and_never_the_key() {
    let dir = tempfile::tempdir().unwrap();
    let key = "team-secret-key-5f1c2e";
    let wrong = "wrong-secret-key-77ab9d";
    let correlation = "ci-run-0042-3f9a7c1e5b";
    let mut cmd = binary();
    cmd.args(["serve", "--listen", "127.0.0.1:0", "--tenant", &format!("team={key}"), "--data-dir"]).arg(dir.path());
    let r = run(cmd);
    let http = reqwest::Client::new();
    let ok = http
        .get(format!("{}/v2/transactions?Search={key}", r.local))
        .bearer_auth(key)
        .header("X-Correlation-Id", correlation)
        .send()
        .await
        .unwrap();
    assert_eq!(ok.status(), 200);
    let refused = http.get(format!("{}/v2/users", r.local)).bearer_auth(wrong).send().await.unwrap();
    assert_eq!(refused.status(), 401);
    let stderr = stop(r);
    let line = stderr
        .lines()
        .find(|l| l.contains("path=/v2/transactions"))
        .unwrap_or_else(|| panic!("no request line: {stderr}"));
    for part in ["INFO", "method=GET", "status=200", "latency_ms=", &format!("correlation_id={correlation}")] {
        assert!(line.contains(part), "{part} missing: {line}");
    }
    assert!(stderr.lines().any(|l| l.contains("path=/v2/users") && l.contains("status=401")), "{stderr}");
    assert!(!stderr.contains(key) && !stderr.contains(wrong), "a key reached the log: {stderr}");
    assert!(!stderr.to_ascii_lowercase().contains("bearer"), "{stderr}");
}

#[test]
fn a_public_url_with_a_path_or_a_bad_log_filter_is_refused() {
    for args in [["--public-url", "http://sandbox.example.test/base"], ["--log-level", "info,[=bad"]] {
        let out = binary().args(["serve", "--data-dir", "/nonexistent"]).args(args).output().unwrap();
        assert!(!out.status.success(), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains(args[0]), "{args:?}");
    }
}

#[test]
fn help_lists_every_variable_and_never_shows_a_tenant_key() {
    let out = binary().args(["serve", "--help"]).env("ESCROW_SANDBOX_TENANTS", "ci=help-secret-key").output().unwrap();
    let help = String::from_utf8_lossy(&out.stdout);
    for var in ["LISTEN", "DATA_DIR", "TENANTS", "SEED", "DIALECT", "PUBLIC_URL", "LOG"] {
        assert!(help.contains(&format!("ESCROW_SANDBOX_{var}")), "{var}: {help}");
    }
    assert!(!help.contains("help-secret-key"), "{help}");
}
