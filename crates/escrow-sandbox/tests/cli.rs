//! The command-line contract: one `listening on` line, demo defaults, clean shutdown
//! on SIGTERM, and data kept across restarts.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

fn serve(dir: &std::path::Path, extra: &[&str]) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_escrow-sandbox"))
        .args(["serve", "--listen", "127.0.0.1:0", "--data-dir"])
        .arg(dir)
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn escrow-sandbox");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).expect("first line");
    let url = line
        .trim()
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
        .to_owned();
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");
    (child, url)
}

fn stop(mut child: Child) {
    let pid = child.id().to_string();
    assert!(Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
    let status = child.wait().unwrap();
    assert!(status.success(), "clean exit on SIGTERM, got {status:?}");
}

async fn count(url: &str, key: &str) -> u64 {
    let res = reqwest::Client::new().get(format!("{url}/v2/transactions")).bearer_auth(key).send().await.unwrap();
    assert_eq!(res.status(), 200);
    res.json::<serde_json::Value>().await.unwrap()["count"].as_u64().unwrap()
}

#[tokio::test]
async fn serves_the_demo_tenant_by_default_and_keeps_data_across_restarts() {
    let dir = tempfile::tempdir().unwrap();
    let (child, url) = serve(dir.path(), &[]);
    assert_eq!(count(&url, "sandbox-demo-key").await, 200);
    let unauthorized = reqwest::get(format!("{url}/v2/transactions")).await.unwrap();
    assert_eq!(unauthorized.status(), 401);
    stop(child);

    let (child, url) = serve(dir.path(), &[]);
    assert_eq!(count(&url, "sandbox-demo-key").await, 200, "same data, not seeded twice");
    stop(child);
}

#[tokio::test]
async fn tenants_from_the_command_line_start_empty() {
    let dir = tempfile::tempdir().unwrap();
    let (child, url) = serve(dir.path(), &["--tenant", "acme=k1:bill-of-sale,debt", "--tenant", "beta=k2"]);
    assert_eq!(count(&url, "k1").await, 0);
    assert_eq!(count(&url, "k2").await, 0);
    let demo = reqwest::Client::new()
        .get(format!("{url}/v2/transactions"))
        .bearer_auth("sandbox-demo-key")
        .send()
        .await
        .unwrap();
    assert_eq!(demo.status(), 401, "no demo tenant when tenants are given");
    stop(child);

    let (child, url) = serve(dir.path(), &["--tenant", "acme=k1", "--seed", "demo"]);
    assert_eq!(count(&url, "k1").await, 200, "--seed demo fills the first tenant");
    stop(child);
}
