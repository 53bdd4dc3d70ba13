//! End-to-end in the real window on the built-in Sandbox: a transaction created from
//! the New transaction form (opened with the N shortcut), executed exactly once with
//! the key the app journaled; then a payment on it whose hosted link is opened in "the
//! browser" (a recorder script named by `BROWSER`, run by xdg-open through the `open`
//! crate), and initialized for PSD2, which gives a new link.

use escrow_desk_e2e::{open_app, screenshot, start_driver_with_env};
use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::{Client, Locator};
use serde_json::{Value, json};
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const FAILURE: &str = "failure-create.png";
const TITLE: &str = "Škoda Octavia Combi — e2e";
/// The demo tenant's dealer that the README's Tesla is sold by.
const DEALER_REFERENCE: &str = "dealer-01";
const DEALER_NAME: &str = "Bilhuset Vejle ApS";

/// One app window at a time: the tests share the display and two cores.
static WINDOW: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

async fn find(c: &Client, css: &str) -> fantoccini::elements::Element {
    match c.wait().at_most(Duration::from_secs(20)).for_element(Locator::Css(css)).await {
        Ok(el) => el,
        Err(e) => panic!("{css}: {e}"),
    }
}

/// Clicks `css`; when a toast or the sticky bar covers it, scrolls it to the middle and
/// clicks it from script (the same click event the person would cause).
async fn click(c: &Client, css: &str) {
    let el = find(c, css).await;
    if el.click().await.is_err() {
        let arg = serde_json::to_value(&el).unwrap();
        c.execute("arguments[0].scrollIntoView({block: 'center'}); arguments[0].click();", vec![arg]).await.unwrap_or_else(|e| panic!("click {css}: {e}"));
    }
}

/// A form's submit button: WebKitWebDriver's native click can wait forever for a
/// rendering update when compositing is off; a DOM click is what the button does. The
/// button must be enabled (a DOM click on a disabled one would silently do nothing).
async fn submit(c: &Client, css: &str) {
    let el = find(c, css).await;
    assert!(el.is_enabled().await.unwrap(), "{css} is disabled");
    let arg = serde_json::to_value(&el).unwrap();
    c.execute("arguments[0].scrollIntoView({block: 'center'}); arguments[0].click();", vec![arg]).await.unwrap_or_else(|e| panic!("click {css}: {e}"));
}

async fn type_into(c: &Client, css: &str, text: &str) {
    let el = find(c, css).await;
    el.clear().await.unwrap();
    el.send_keys(text).await.unwrap();
}

/// textContent (WebKitWebDriver returns an empty text for ellipsis-truncated elements).
async fn content(c: &Client, css: &str) -> String {
    find(c, css).await.prop("textContent").await.unwrap().unwrap_or_default().trim().to_owned()
}

/// Polls `probe` until it answers Some, or panics with `what` after 20 s.
async fn until<T, F, Fut>(what: &str, mut probe: F) -> T
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Option<T>>,
{
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        if let Some(v) = probe().await {
            return v;
        }
        assert!(Instant::now() < deadline, "{what}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn sandbox(url: &str, path: &str) -> Value {
    let res = reqwest::Client::new().get(format!("{url}{path}")).bearer_auth(escrow_sandbox::DEMO_KEY).send().await.unwrap();
    assert!(res.status().is_success(), "{path}: {}", res.status());
    res.json().await.unwrap()
}

/// The ledger rows (one per execution) of `kind`.
async fn ledger(url: &str, kind: &str) -> Vec<Value> {
    let ledger = sandbox(url, "/_sandbox/ledger").await;
    ledger["items"].as_array().unwrap().iter().filter(|r| r["kind"] == kind).cloned().collect()
}

/// The built-in sandbox's URL, as the Environments page shows it.
async fn sandbox_url(c: &Client) -> String {
    click(c, "[data-testid='nav-environments']").await;
    let item = find(c, "[data-testid='environment-item'][data-id='sandbox']").await;
    let url = item.find(Locator::Css(".env-url")).await.unwrap().prop("textContent").await.unwrap().unwrap_or_default();
    url.trim().trim_end_matches('/').to_owned()
}

/// The links the recorder "browser" was asked to open, in order.
fn opened(log: &Path) -> Vec<String> {
    std::fs::read_to_string(log).unwrap_or_default().lines().map(str::to_owned).collect()
}

/// Clicks the panel's Open button and waits for the recorder to log one more link.
async fn open_link(c: &Client, log: &Path) -> Vec<String> {
    let before = opened(log).len();
    click(c, "[data-testid='payment-link-open']").await;
    until("the browser was never started with the link", || async move { Some(opened(log)).filter(|o| o.len() > before) }).await
}

/// The system's compiled GSettings schemas (in the usual XDG data folders), if any.
fn gsettings_schemas() -> Option<PathBuf> {
    let dirs = std::env::var("XDG_DATA_DIRS").ok().filter(|d| !d.is_empty()).unwrap_or_else(|| "/usr/local/share:/usr/share".into());
    dirs.split(':').map(|d| Path::new(d).join("glib-2.0/schemas")).find(|d| d.join("gschemas.compiled").is_file())
}

async fn create_then_pay(c: Client, log: PathBuf) {
    c.wait().at_most(Duration::from_secs(30)).for_element(Locator::Css("[data-ready='true']")).await.expect("first page rendered");
    let url = sandbox_url(&c).await;
    assert!(url.starts_with("http://127.0.0.1:"), "sandbox url {url}");
    // A private customer of the demo tenant pays; the showcase dealer is paid.
    let users = sandbox(&url, "/v2/users?Take=100").await;
    let payer = users["items"].as_array().unwrap().iter().find(|u| u["type"] == "Private").expect("a private demo user").clone();
    let payer_id = payer["serviceAccountId"].as_str().unwrap();
    assert!(ledger(&url, "create_transaction").await.is_empty(), "the demo data is seeded, not created");

    // N on the Transactions page opens the form.
    click(&c, "[data-testid='nav-transactions']").await;
    find(&c, "[data-testid='new-transaction']").await;
    let n = KeyActions::new("keyboard".into()).then(KeyAction::Down { value: 'n' }).then(KeyAction::Up { value: 'n' });
    c.perform_actions(n).await.unwrap();
    find(&c, "[data-testid='new-transaction-form']").await;
    click(&c, "[data-testid='nt-close']").await;
    click(&c, "[data-testid='new-transaction']").await;

    // An Auto deal with its vehicle.
    click(&c, "[data-testid='nt-type-auto']").await;
    find(&c, "[data-testid='nt-vehicle']").await;
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
        type_into(&c, &format!("[data-testid='{field}']"), value).await;
    }
    submit(&c, "[data-testid='nt-review']").await;

    // The review: the amount formatted, Create only once it is typed again.
    find(&c, "[data-testid='new-transaction-review']").await;
    let amount = content(&c, "[data-testid='nt-review-amount']").await;
    assert!(amount.contains("189") && amount.contains("500") && (amount.contains("DKK") || amount.contains("kr")), "review amount {amount:?}");
    assert!(!find(&c, "[data-testid='nt-create']").await.is_enabled().await.unwrap(), "Create before the amount is typed");
    let expected = content(&c, "[data-testid='nt-confirm-expected']").await;
    type_into(&c, "[data-testid='nt-confirm-input']", &expected).await;
    screenshot(&c, "new-transaction.png").await;
    submit(&c, "[data-testid='nt-create']").await;

    // The app opens the new transaction.
    find(&c, "[data-testid='transaction-detail']").await;
    let cr = &c;
    until("the new transaction's detail", || async move {
        let title = content(cr, "[data-testid='detail-title']").await;
        (title == TITLE).then_some(())
    })
    .await;
    let id = content(&c, "[data-testid='detail-transaction-id']").await;
    assert!(content(&c, "[data-testid='detail-status']").await.to_uppercase().contains("CREATED"));
    assert_eq!(content(&c, "[data-testid='detail-payer-name']").await, payer["name"].as_str().unwrap());
    assert_eq!(content(&c, "[data-testid='detail-payee-name']").await, DEALER_NAME);
    assert_eq!(content(&c, "[data-testid='detail-vehicle-registration']").await, "BX 12 345");

    // Executed exactly once, with the key the app journaled.
    let created = ledger(&url, "create_transaction").await;
    assert_eq!(created.len(), 1, "{created:?}");
    assert_eq!(created[0]["target"], json!(id));
    let key = created[0]["idempotencyKey"].as_str().unwrap_or_default().to_owned();
    assert!(!key.is_empty(), "sent with an Idempotency-Key: {created:?}");

    // A payment: its hosted page, opened in the browser.
    click(&c, "[data-testid='action-create-payment']").await;
    find(&c, "[data-testid='action-dialog'][data-kind='createPayment']").await;
    let due = content(&c, "[data-testid='confirm-amount-expected']").await;
    type_into(&c, "[data-testid='confirm-amount-input']", &due).await;
    submit(&c, "[data-testid='action-confirm']").await;
    find(&c, "[data-testid='payment-link-panel']").await;
    let first = content(&c, "[data-testid='payment-link-url']").await;
    assert!(first.starts_with(&format!("{url}/hosted/pay/")), "payment link {first}");
    let payments = ledger(&url, "create_payment").await;
    assert_eq!(payments.len(), 1, "{payments:?}");
    assert_eq!(open_link(&c, &log).await, [first.clone()]);

    // PSD2 from the payer's default account (preselected): a new link.
    click(&c, "[data-testid='payment-method'] option[value='PSD2']").await;
    until("the payer's default account preselected", || async move {
        let account = find(cr, "[data-testid='payment-account']").await.prop("value").await.unwrap().unwrap_or_default();
        (!account.is_empty()).then_some(())
    })
    .await;
    submit(&c, "[data-testid='payment-initialize']").await;
    let before = first.as_str();
    let second = until("the link after initialize", || async move {
        let now = content(cr, "[data-testid='payment-link-url']").await;
        Some(now).filter(|now| now != before)
    })
    .await;
    assert!(second.starts_with(&format!("{url}/hosted/pay/")) && second.contains("method=PSD2"), "PSD2 link {second}");
    assert_eq!(open_link(&c, &log).await, [first, second]);
    screenshot(&c, "payment-link.png").await;

    // The journal shows the same key, on its intent and its outcome.
    click(&c, "[data-testid='nav-audit']").await;
    let journaled = format!("[data-testid='audit-row'] td[title='{key}']");
    find(&c, &journaled).await;
    let rows = c.find_all(Locator::Css(&journaled)).await.unwrap().len();
    assert_eq!(rows, 2, "audit rows with the key {key}");
}

#[tokio::test]
async fn a_new_transaction_is_created_once_then_its_payment_link_opens_in_the_browser() {
    let _window = WINDOW.lock().await;
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
    let env = [
        ("BROWSER", Some(script.as_os_str())),
        ("XDG_DATA_HOME", Some(xdg.path().as_os_str())),
        ("XDG_DATA_DIRS", Some(xdg.path().as_os_str())),
        ("XDG_CONFIG_HOME", Some(xdg.path().as_os_str())),
        ("XDG_CURRENT_DESKTOP", None::<&OsStr>),
        ("GSETTINGS_SCHEMA_DIR", schemas.as_deref().map(Path::as_os_str)),
    ];
    let driver = start_driver_with_env(data.path(), &env);
    let c = open_app(&driver).await;
    let run = tokio::spawn(create_then_pay(c.clone(), log)).await;
    if let Err(e) = run {
        // After a wait the WebDriver session may be stuck in a screenshot: never wait on it.
        screenshot(&c, FAILURE).await;
        let _ = tokio::time::timeout(Duration::from_secs(5), c.close()).await;
        std::panic::resume_unwind(e.into_panic());
    }
    let _ = c.close().await;
}

