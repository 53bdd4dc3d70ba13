//! End-to-end: the real app window, driven through tauri-driver and WebKitWebDriver,
//! on the built-in Sandbox with demo data. Run by `make test` (under Xvfb and a
//! private D-Bus session with a throwaway keyring; see scripts/with-session.sh).

use escrow_desk_e2e::{app_binary, app_pids, open_app, start_driver};
use fantoccini::{Client, Locator};
use serde_json::json;
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

fn artifacts() -> PathBuf {
    let dir = std::env::var_os("ESCROW_DESK_ARTIFACTS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("artifacts"));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

async fn text(c: &Client, css: &str) -> String {
    c.wait().at_most(Duration::from_secs(20)).for_element(Locator::Css(css)).await.unwrap_or_else(|e| panic!("{css}: {e}")).text().await.unwrap()
}

/// Waits until `css` matches exactly `n` elements.
async fn wait_count(c: &Client, css: &str, n: usize) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let found = c.find_all(Locator::Css(css)).await.map(|v| v.len()).unwrap_or(0);
        if found == n {
            return;
        }
        assert!(Instant::now() < deadline, "{css}: expected {n}, found {found}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// WebKit may paint a DOM change a frame late: wait two animation frames, then shoot.
async fn screenshot(c: &Client, name: &str) {
    c.execute_async("const done = arguments[arguments.length - 1]; let fired = false; const finish = () => { if (!fired) { fired = true; done(); } }; requestAnimationFrame(() => requestAnimationFrame(finish)); setTimeout(finish, 250);", vec![])
        .await
        .unwrap();
    let png = c.screenshot().await.unwrap();
    std::fs::write(artifacts().join(name), png).unwrap();
}

/// One app window at a time: the tests share the display and two cores.
static WINDOW: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

#[tokio::test]
async fn search_then_open_a_transaction_and_read_its_detail() {
    let _window = WINDOW.lock().await;
    let data = tempfile::tempdir().unwrap();
    let driver = start_driver(data.path());
    let c = open_app(&driver).await;
    let result = async {
        c.wait().at_most(Duration::from_secs(30)).for_element(Locator::Css("[data-ready='true']")).await.expect("first page rendered");
        assert!(c.find_all(Locator::Css("[data-testid='transaction-row']")).await.unwrap().len() >= 10);
        assert!(text(&c, "[data-testid='result-count']").await.contains("200"));
        assert_eq!(text(&c, "[data-testid='env-badge']").await.to_lowercase(), "sandbox");
        screenshot(&c, "transactions.png").await;

        let search = c.find(Locator::Css("[data-testid='search-input']")).await.unwrap();
        search.send_keys("ev 48 2").await.unwrap();
        wait_count(&c, "[data-testid='transaction-row']", 1).await;
        c.find(Locator::Css("[data-testid='transaction-row']")).await.unwrap().click().await.unwrap();

        assert!(text(&c, "[data-testid='detail-title']").await.contains("Tesla Model Y Long Range"));
        assert_eq!(text(&c, "[data-testid='detail-reference']").await, "DEAL-2026-0042");
        let amount = text(&c, "[data-testid='detail-amount']").await;
        assert!(amount.contains("289") && amount.contains("500"), "amount shown: {amount}");
        assert_eq!(text(&c, "[data-testid='detail-payer-name']").await, "Mette Kjær Nielsen");
        assert_eq!(text(&c, "[data-testid='detail-payee-name']").await, "Bilhuset Vejle ApS");
        assert_eq!(text(&c, "[data-testid='detail-vehicle-registration']").await, "EV 48 213");
        assert_eq!(text(&c, "[data-testid='detail-vehicle-vin']").await, "5YJYGDEE8PF482131");
        assert!(text(&c, "[data-testid='detail-status']").await.to_uppercase().contains("PAID"));
        screenshot(&c, "transaction-detail.png").await;

        c.find(Locator::Css("[data-testid='back-button']")).await.unwrap().click().await.unwrap();
        wait_count(&c, "[data-testid='transaction-row']", 1).await;

        // The capability grants the app's own commands only: core commands are refused.
        let probe = "const done = arguments[arguments.length - 1]; window.__TAURI_INTERNALS__.invoke(arguments[0], {}) \
                     .then(() => done('allowed'), (e) => done('refused: ' + e));";
        for command in ["plugin:window|close", "plugin:event|listen", "plugin:path|resolve_directory", "not_a_command"] {
            let answer = c.execute_async(probe, vec![json!(command)]).await.unwrap();
            let answer = answer.as_str().unwrap_or_default().to_owned();
            assert!(answer.starts_with("refused"), "{command}: {answer}");
        }
        let own = c.execute_async(probe, vec![json!("list_environments")]).await.unwrap();
        assert_eq!(own.as_str(), Some("allowed"));
    }
    .await;
    let _ = c.close().await;
    result
}

// ---- actions against an external sandbox, through a keychain-stored profile ----------

const TENANT_KEY: &str = "e2e-tenant-key-5b7d";

async fn external_sandbox(dir: &std::path::Path) -> escrow_sandbox::RunningSandbox {
    escrow_sandbox::start(escrow_sandbox::SandboxConfig {
        listen: "127.0.0.1:0".into(),
        data_dir: dir.to_path_buf(),
        tenants: vec![escrow_sandbox::TenantConfig::parse(&format!("e2e={TENANT_KEY}:bill-of-sale,debt")).unwrap()],
        seed: escrow_sandbox::Seed::Demo,
    })
    .await
    .unwrap()
}

async fn sandbox_json(url: &str, method: reqwest::Method, path: &str, body: serde_json::Value) -> serde_json::Value {
    let res = reqwest::Client::new().request(method, format!("{url}{path}")).bearer_auth(TENANT_KEY).json(&body).send().await.unwrap();
    assert!(res.status().is_success(), "{path}: {}", res.status());
    res.json().await.unwrap_or(serde_json::Value::Null)
}

async fn ledger_count(url: &str, kind: &str) -> usize {
    let v = sandbox_json(url, reqwest::Method::GET, "/_sandbox/ledger", json!({})).await;
    v["items"].as_array().unwrap().iter().filter(|r| r["kind"] == kind).count()
}

async fn click(c: &Client, css: &str) {
    c.wait().at_most(Duration::from_secs(20)).for_element(Locator::Css(css)).await.unwrap_or_else(|e| panic!("{css}: {e}")).click().await.unwrap_or_else(|e| panic!("click {css}: {e}"));
}

async fn type_into(c: &Client, css: &str, text: &str) {
    let el = c.wait().at_most(Duration::from_secs(20)).for_element(Locator::Css(css)).await.unwrap_or_else(|e| panic!("{css}: {e}"));
    el.clear().await.unwrap();
    el.send_keys(text).await.unwrap();
}

/// Adds a profile for `url` with the key (stored in the keychain) and switches to it.
async fn add_profile(c: &Client, url: &str) {
    click(c, "[data-testid='nav-environments']").await;
    type_into(c, "[data-testid='profile-name']", "Forhandler A/S").await;
    type_into(c, "[data-testid='profile-base-url']", url).await;
    type_into(c, "[data-testid='profile-api-key']", TENANT_KEY).await;
    click(c, "[data-testid='profile-save']").await;
    wait_count(c, "[data-testid='environment-item']", 2).await;
    let items = c.find_all(Locator::Css("[data-testid='environment-item']")).await.unwrap();
    let ours = &items[1];
    assert!(ours.text().await.unwrap().contains("Forhandler A/S"));
    ours.find(Locator::Css("[data-testid='env-test']")).await.unwrap().click().await.unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let result = text(c, "[data-testid='env-test-result']").await;
        if result.contains("200") {
            break;
        }
        assert!(Instant::now() < deadline, "test connection: {result}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    ours.find(Locator::Css("[data-testid='env-use']")).await.unwrap().click().await.unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        // textContent: the sidebar truncates long names with an ellipsis.
        let el = c.find(Locator::Css("[data-testid='env-name']")).await.unwrap();
        let name = el.prop("textContent").await.unwrap().unwrap_or_default();
        if name.trim() == "Forhandler A/S" {
            break;
        }
        if Instant::now() > deadline {
            screenshot(c, "failure-profile.png").await;
            panic!("profile not active: env-name shows {name:?}");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // The key went to the keychain; the web view never had it back.
    let html: String = c.source().await.unwrap();
    assert!(!html.contains(TENANT_KEY), "the API key is in the page");
}

async fn open_transaction(c: &Client, search: &str) {
    click(c, "[data-testid='nav-transactions']").await;
    type_into(c, "[data-testid='search-input']", search).await;
    // Wait for this search's single row, not the previous search's.
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let rows = c.find_all(Locator::Css("[data-testid='transaction-row']")).await.unwrap_or_default();
        let content = match rows.first() {
            Some(r) => r.prop("textContent").await.ok().flatten().unwrap_or_default(),
            None => String::new(),
        };
        if rows.len() == 1 && content.to_lowercase().contains(&search.to_lowercase()) {
            break;
        }
        assert!(Instant::now() < deadline, "search {search}: no single matching row");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    click(c, "[data-testid='transaction-row']").await;
    c.wait().at_most(Duration::from_secs(20)).for_element(Locator::Css("[data-testid='transaction-detail']")).await.unwrap();
}

/// Opens an action, fills it, types the confirmation amount and confirms.
async fn run_action(c: &Client, button: &str, fields: &[(&str, &str)]) -> String {
    if c.wait().at_most(Duration::from_secs(10)).for_element(Locator::Css(&format!("[data-testid='{button}']"))).await.is_err() {
        screenshot(c, &format!("failure-{button}.png")).await;
        panic!("no {button} button");
    }
    click(c, &format!("[data-testid='{button}']")).await;
    c.wait().at_most(Duration::from_secs(10)).for_element(Locator::Css("[data-testid='action-dialog']")).await.unwrap();
    for (field, value) in fields {
        if let Some(option) = value.strip_prefix("option:") {
            click(c, &format!("[data-testid='{field}'] option[value='{option}']")).await;
        } else {
            type_into(c, &format!("[data-testid='{field}']"), value).await;
        }
    }
    if let Ok(expected) = c.find(Locator::Css("[data-testid='confirm-amount-expected']")).await {
        let amount = expected.text().await.unwrap();
        type_into(c, "[data-testid='confirm-amount-input']", &amount).await;
    }
    click(c, "[data-testid='action-confirm']").await;
    let result = c.wait().at_most(Duration::from_secs(30)).for_element(Locator::Css("[data-testid='action-result']")).await.unwrap();
    result.attr("data-state").await.unwrap().unwrap_or_default()
}

#[tokio::test]
async fn staff_actions_run_once_through_a_keychain_profile() {
    let _window = WINDOW.lock().await;
    let data = tempfile::tempdir().unwrap();
    let sandbox_dir = tempfile::tempdir().unwrap();
    let sb = external_sandbox(sandbox_dir.path()).await;
    let page = sandbox_json(&sb.url, reqwest::Method::GET, "/v2/transactions?Take=100", json!({})).await;
    let created = page["items"].as_array().unwrap().iter().find(|t| t["status"] == "CREATED").unwrap()["referenceId"].as_str().unwrap().to_owned();

    let driver = start_driver(data.path());
    let c = open_app(&driver).await;
    let result = async {
        c.wait().at_most(Duration::from_secs(30)).for_element(Locator::Css("[data-ready='true']")).await.unwrap();
        add_profile(&c, &sb.url).await;

        open_transaction(&c, "DEAL-2026-0042").await;
        assert_eq!(run_action(&c, "action-reimburse", &[("action-amount", "1500")]).await, "succeeded");
        assert_eq!(
            run_action(&c, "action-split-payout", &[("action-amount", "2500"), ("action-recipient", "option:TENANT"), ("action-timing", "option:NEXT_PAYOUT")]).await,
            "succeeded"
        );
        wait_count(&c, "[data-testid='split-payout-row']", 2).await;
        screenshot(&c, "transaction-actions.png").await;
        assert_eq!(run_action(&c, "action-payout", &[]).await, "succeeded");
        let deadline = Instant::now() + Duration::from_secs(20);
        while !text(&c, "[data-testid='detail-status']").await.to_uppercase().contains("SUCCEEDED") {
            assert!(Instant::now() < deadline, "status did not become succeeded");
            tokio::time::sleep(Duration::from_millis(200)).await;
        }

        click(&c, "[data-testid='back-button']").await;
        open_transaction(&c, &created).await;
        assert_eq!(run_action(&c, "action-cancel", &[("action-reason", "Kunden fortrød")]).await, "succeeded");

        click(&c, "[data-testid='nav-audit']").await;
        wait_count(&c, "[data-testid='audit-row']", 8).await;
        assert!(text(&c, "[data-testid='audit-integrity']").await.contains('8'));
        screenshot(&c, "audit-log.png").await;
    }
    .await;
    let _ = c.close().await;
    for kind in ["reimburse", "create_split_payout", "payout", "cancel"] {
        assert_eq!(ledger_count(&sb.url, kind).await, 1, "{kind} executed exactly once");
    }
    result
}

#[tokio::test]
async fn an_action_cut_off_by_a_killed_app_is_resumed_once_after_restart() {
    let _window = WINDOW.lock().await;
    let data = tempfile::tempdir().unwrap();
    let sandbox_dir = tempfile::tempdir().unwrap();
    let sb = external_sandbox(sandbox_dir.path()).await;
    let driver = start_driver(data.path());
    let c = open_app(&driver).await;
    c.wait().at_most(Duration::from_secs(30)).for_element(Locator::Css("[data-ready='true']")).await.unwrap();
    add_profile(&c, &sb.url).await;
    open_transaction(&c, "DEAL-2026-0042").await;

    // The payout executes on the server, but its answer is held back for 60 s...
    let hold = json!({"rules": [{"method": "POST", "pathPrefix": "/v2/", "kind": "delay", "delayMs": 60000, "count": 1}]});
    sandbox_json(&sb.url, reqwest::Method::PUT, "/_sandbox/faults", hold).await;
    click(&c, "[data-testid='action-payout']").await;
    let amount = text(&c, "[data-testid='confirm-amount-expected']").await;
    type_into(&c, "[data-testid='confirm-amount-input']", &amount).await;
    click(&c, "[data-testid='action-confirm']").await;
    let deadline = Instant::now() + Duration::from_secs(20);
    while ledger_count(&sb.url, "payout").await == 0 {
        assert!(Instant::now() < deadline, "payout never reached the server");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // ...and the app is killed while it waits.
    let app = app_binary();
    let pids = app_pids(driver.child.id(), &app);
    assert_eq!(pids.len(), 1, "one app process under tauri-driver: {pids:?}");
    assert!(Command::new("kill").args(["-KILL", &pids[0].to_string()]).status().unwrap().success());
    let _ = c.close().await;
    drop(driver);

    let driver = start_driver(data.path());
    let c = open_app(&driver).await;
    async {
        c.wait().at_most(Duration::from_secs(30)).for_element(Locator::Css("[data-testid='pending-banner']")).await.expect("pending banner after restart");
        click(&c, "[data-testid='pending-review']").await;
        wait_count(&c, "[data-testid='pending-action']", 1).await;
        screenshot(&c, "pending-action.png").await;
        click(&c, "[data-testid='pending-retry']").await;
        wait_count(&c, "[data-testid='pending-action']", 0).await;
    }
    .await;
    let _ = c.close().await;
    assert_eq!(ledger_count(&sb.url, "payout").await, 1, "executed exactly once");
    let t = sandbox_json(&sb.url, reqwest::Method::GET, "/v2/transactions?ReferenceId=DEAL-2026-0042", json!({})).await;
    assert_eq!(t["items"][0]["status"], "SUCCEEDED");
}
