//! End-to-end in the real window on the built-in Sandbox: a transaction created from
//! the New transaction form (opened with the N shortcut), executed exactly once with
//! the key the app journaled; then a payment on it whose hosted link is opened in "the
//! browser" (a recorder script named by `BROWSER`, run by xdg-open through the `open`
//! crate), and initialized for PSD2, which gives a new link.

use escrow_desk_e2e::{AppWindow, Control, Launch, capped};
use serde_json::json;
use std::path::{Path, PathBuf};

const TITLE: &str = "Škoda Octavia Combi — e2e";
/// The demo tenant's dealer that the README's Tesla is sold by.
const DEALER_REFERENCE: &str = "dealer-01";
const DEALER_NAME: &str = "Bilhuset Vejle ApS";

/// The built-in sandbox's URL, as the Environments page shows it.
async fn sandbox_url(c: &AppWindow) -> String {
    c.click("[data-testid='nav-environments']").await;
    let item = c.find("[data-testid='environment-item'][data-id='sandbox']").await;
    let url = item.find(".env-url").await.content().await;
    url.trim_end_matches('/').to_owned()
}

/// The links the recorder "browser" was asked to open, in order.
fn opened(log: &Path) -> Vec<String> {
    std::fs::read_to_string(log).unwrap_or_default().lines().map(str::to_owned).collect()
}

/// Clicks the panel's Open button and waits for the recorder to log one more link.
async fn open_link(c: &AppWindow, log: &Path) -> Vec<String> {
    let before = opened(log).len();
    c.click("[data-testid='payment-link-open']").await;
    c.until("the browser started with the link", async || Some(opened(log)).filter(|o| o.len() > before)).await
}

/// The system's compiled GSettings schemas (in the usual XDG data folders), if any.
fn gsettings_schemas() -> Option<PathBuf> {
    let dirs = std::env::var("XDG_DATA_DIRS")
        .ok()
        .filter(|d| !d.is_empty())
        .unwrap_or_else(|| "/usr/local/share:/usr/share".into());
    dirs.split(':').map(|d| Path::new(d).join("glib-2.0/schemas")).find(|d| d.join("gschemas.compiled").is_file())
}

async fn create_then_pay(c: &AppWindow, log: &Path) {
    c.wait_ready().await;
    let url = sandbox_url(c).await;
    assert!(url.starts_with("http://127.0.0.1:"), "sandbox url {url}");
    let sandbox = Control::new(&url, escrow_sandbox::DEMO_KEY);
    // A private customer of the demo tenant pays; the showcase dealer is paid.
    let users = sandbox.get("/v2/users?Take=100").await;
    let payer = users["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["type"] == "Private")
        .expect("a private demo user")
        .clone();
    let payer_id = payer["serviceAccountId"].as_str().unwrap();
    assert!(sandbox.ledger("create_transaction").await.is_empty(), "the demo data is seeded, not created");

    // N on the Transactions page opens the form.
    c.click("[data-testid='nav-transactions']").await;
    c.find("[data-testid='new-transaction']").await;
    c.press('n').await;
    c.find("[data-testid='new-transaction-form']").await;
    c.click("[data-testid='nt-close']").await;
    c.click("[data-testid='new-transaction']").await;

    // An Auto deal with its vehicle.
    c.click("[data-testid='nt-type-auto']").await;
    c.find("[data-testid='nt-vehicle']").await;
    for (field, value) in [
        ("nt-amount", "189500"),
        ("nt-title", TITLE),
        ("nt-payerId", payer_id),
        ("nt-payeeReferenceId", DEALER_REFERENCE),
        ("nt-vehicle-brand", "Škoda"),
        ("nt-vehicle-model", "Octavia Combi"),
        ("nt-vehicle-year", "2021"),
        ("nt-vehicle-mileage", "61000"),
        ("nt-vehicle-registrationNumber", "bx 12 345"),
        ("nt-vehicle-vin", "TMBJJ7NE1M0123456"),
    ] {
        c.type_into(&format!("[data-testid='{field}']"), value).await;
    }
    c.submit("[data-testid='nt-review']").await;

    // The review: the amount formatted, Create only once it is typed again.
    c.find("[data-testid='new-transaction-review']").await;
    let amount = c.content("[data-testid='nt-review-amount']").await;
    assert!(
        amount.contains("189") && amount.contains("500") && (amount.contains("DKK") || amount.contains("kr")),
        "review amount {amount:?}"
    );
    assert!(!c.find("[data-testid='nt-create']").await.is_enabled().await, "Create before the amount is typed");
    let expected = c.content("[data-testid='nt-confirm-expected']").await;
    c.type_into("[data-testid='nt-confirm-input']", &expected).await;
    c.screenshot("new-transaction.png").await;
    c.submit("[data-testid='nt-create']").await;

    // The app opens the new transaction.
    c.find("[data-testid='transaction-detail']").await;
    c.until("the new transaction's detail", async || {
        (c.content("[data-testid='detail-title']").await == TITLE).then_some(())
    })
    .await;
    let id = c.content("[data-testid='detail-transaction-id']").await;
    assert!(c.content("[data-testid='detail-status']").await.to_uppercase().contains("CREATED"));
    assert_eq!(c.content("[data-testid='detail-payer-name']").await, payer["name"].as_str().unwrap());
    assert_eq!(c.content("[data-testid='detail-payee-name']").await, DEALER_NAME);
    assert_eq!(c.content("[data-testid='detail-vehicle-registration']").await, "BX 12 345");

    // Executed exactly once, with the key the app journaled.
    let created = sandbox.ledger("create_transaction").await;
    assert_eq!(created.len(), 1, "{created:?}");
    assert_eq!(created[0]["target"], json!(id));
    let key = created[0]["idempotencyKey"].as_str().unwrap_or_default().to_owned();
    assert!(!key.is_empty(), "sent with an Idempotency-Key: {created:?}");

    // A payment: its hosted page, opened in the browser.
    c.click("[data-testid='action-create-payment']").await;
    c.find("[data-testid='action-dialog'][data-kind='createPayment']").await;
    let due = c.content("[data-testid='confirm-amount-expected']").await;
    c.type_into("[data-testid='confirm-amount-input']", &due).await;
    // Confirm is enabled once the payment's consequence has been read live.
    c.submit("[data-testid='action-confirm']:not([disabled])").await;
    c.find("[data-testid='payment-link-panel']").await;
    let first = c.content("[data-testid='payment-link-url']").await;
    assert!(first.starts_with(&format!("{url}/hosted/pay/")), "payment link {first}");
    let payments = sandbox.ledger("create_payment").await;
    assert_eq!(payments.len(), 1, "{payments:?}");
    assert_eq!(open_link(c, log).await, std::slice::from_ref(&first));

    // PSD2 from the payer's default account (preselected): a new link.
    c.click("[data-testid='payment-method'] option[value='PSD2']").await;
    c.until("the payer's default account preselected", async || {
        let account = c.find("[data-testid='payment-account']").await.prop("value").await.unwrap_or_default();
        (!account.is_empty()).then_some(())
    })
    .await;
    c.submit("[data-testid='payment-initialize']").await;
    let second = c
        .until("the link after initialize", async || {
            Some(c.content("[data-testid='payment-link-url']").await).filter(|now| *now != first)
        })
        .await;
    assert!(second.starts_with(&format!("{url}/hosted/pay/")) && second.contains("method=PSD2"), "PSD2 link {second}");
    assert_eq!(open_link(c, log).await, [first, second]);
    c.screenshot("payment-link.png").await;

    // The journal shows the same key, on its intent and its outcome.
    c.click("[data-testid='nav-audit']").await;
    let journaled = format!("[data-testid='audit-row'] [data-testid='audit-key'][title='{key}']");
    c.find(&journaled).await;
    assert_eq!(c.count(&journaled).await, 2, "audit rows with the key {key}");
}

#[tokio::test]
async fn a_new_transaction_is_created_once_then_its_payment_link_opens_in_the_browser() {
    capped("a_new_transaction_is_created_once_then_its_payment_link_opens_in_the_browser", async {
        let data = tempfile::tempdir().unwrap();
        // The "browser": a script that logs the link. Empty XDG folders: no installed
        // browser's desktop file is picked before BROWSER.
        let browser = tempfile::tempdir().unwrap();
        let xdg = tempfile::tempdir().unwrap();
        let log = browser.path().join("opened.txt");
        let script = browser.path().join("browser.sh");
        std::fs::write(&script, format!("#!/bin/sh\necho \"$1\" >> '{}'\n", log.display())).unwrap();
        std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
        // GLib finds its settings schemas through XDG_DATA_DIRS: without them WebKitWebDriver
        // aborts ("No GSettings schemas are installed"), so they are named directly.
        let schemas = gsettings_schemas();
        let launch = Launch::new(data.path())
            .env("BROWSER", Some(script.as_os_str()))
            .env("XDG_DATA_HOME", Some(xdg.path().as_os_str()))
            .env("XDG_DATA_DIRS", Some(xdg.path().as_os_str()))
            .env("XDG_CONFIG_HOME", Some(xdg.path().as_os_str()))
            .env("XDG_CURRENT_DESKTOP", None)
            .env("GSETTINGS_SCHEMA_DIR", schemas.as_deref().map(Path::as_os_str));
        let c = AppWindow::launch(launch).await;
        create_then_pay(&c, &log).await;
        c.close().await;
    })
    .await
}
