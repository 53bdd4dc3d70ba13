//! End-to-end: business users and trades in the real app window on the built-in
//! Sandbox. The steps a person would do (connecting as a buyer, paying on the hosted
//! page) go through the sandbox's control API over HTTP; everything staff does goes
//! through the window.

use escrow_desk_e2e::{open_app, start_driver};
use fantoccini::{Client, Locator};
use serde_json::{Value, json};
use std::path::PathBuf;
use std::time::{Duration, Instant};

const SANDBOX_KEY: &str = "sandbox-demo-key";

fn artifacts() -> PathBuf {
    let dir = std::env::var_os("ESCROW_DESK_ARTIFACTS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("artifacts"));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

async fn screenshot(c: &Client, name: &str) {
    c.execute_async("const done = arguments[arguments.length - 1]; let fired = false; const finish = () => { if (!fired) { fired = true; done(); } }; requestAnimationFrame(() => requestAnimationFrame(finish)); setTimeout(finish, 250);", vec![]).await.unwrap();
    let png = c.screenshot().await.unwrap();
    std::fs::write(artifacts().join(name), png).unwrap();
}

/// One app window at a time: the tests share the display and two cores.
static WINDOW: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

async fn find(c: &Client, css: &str) -> fantoccini::elements::Element {
    match c.wait().at_most(Duration::from_secs(20)).for_element(Locator::Css(css)).await {
        Ok(el) => el,
        Err(e) => {
            screenshot(c, "failure-trades.png").await;
            panic!("{css}: {e}");
        }
    }
}

async fn click(c: &Client, css: &str) {
    let el = find(c, css).await;
    // A form's submit button: WebKitWebDriver's native click can wait forever for a
    // rendering update when compositing is off; a DOM click is what the button does.
    let arg = serde_json::to_value(&el).unwrap();
    if css.ends_with("save']") || css.ends_with("submit']") {
        c.execute("arguments[0].scrollIntoView({block: 'center'}); arguments[0].click();", vec![arg]).await.unwrap();
        return;
    }
    if el.click().await.is_ok() {
        return;
    }
    // Below the fold of a long form (or under a toast): scroll it into the middle and retry.
    c.execute(
        "document.querySelectorAll(\"[data-testid='toast'] button\").forEach((b) => b.click()); arguments[0].scrollIntoView({block: 'center'});",
        vec![arg],
    )
    .await
    .unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    if let Err(e) = el.click().await {
        screenshot(c, "failure-trades.png").await;
        panic!("click {css}: {e}");
    }
}

async fn type_into(c: &Client, css: &str, text: &str) {
    let el = find(c, css).await;
    el.clear().await.unwrap();
    el.send_keys(text).await.unwrap();
}

async fn attr(c: &Client, css: &str, name: &str) -> String {
    find(c, css).await.attr(name).await.unwrap().unwrap_or_default()
}

/// textContent (the UI may truncate visible text).
async fn content(c: &Client, css: &str) -> String {
    find(c, css).await.prop("textContent").await.unwrap().unwrap_or_default()
}

async fn control(url: &str, method: reqwest::Method, path: &str, body: Value) -> Value {
    let res = reqwest::Client::new().request(method, format!("{url}{path}")).bearer_auth(SANDBOX_KEY).json(&body).send().await.unwrap();
    assert!(res.status().is_success(), "{path}: {}", res.status());
    res.json().await.unwrap_or(Value::Null)
}

/// The built-in sandbox's URL, as the Environments page shows it.
async fn sandbox_url(c: &Client) -> String {
    click(c, "[data-testid='nav-environments']").await;
    let item = find(c, "[data-testid='environment-item'][data-id='sandbox']").await;
    let url = item.find(Locator::Css(".env-url")).await.unwrap().prop("textContent").await.unwrap().unwrap_or_default();
    url.trim().trim_end_matches('/').to_owned()
}

/// Refreshes the trade until `css` is there (the sandbox has moved on by then).
async fn refresh_until(c: &Client, css: &str) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        if !c.find_all(Locator::Css(css)).await.unwrap_or_default().is_empty() {
            return;
        }
        if Instant::now() > deadline {
            screenshot(c, "failure-trades.png").await;
            panic!("{css} did not appear");
        }
        click(c, "[data-testid='trade-refresh']").await;
        tokio::time::sleep(Duration::from_millis(400)).await;
    }
}

/// Runs a trade action from its button: fills the fields, types the amount when asked,
/// confirms; returns the result's state and the payment id it answered, if any.
async fn trade_action(c: &Client, button: &str, fields: &[(&str, &str)]) -> (String, Option<String>) {
    // A previous result would satisfy the wait below: remember which one it is.
    let before = match c.find(Locator::Css("[data-testid='trade-action-result']")).await {
        Ok(r) => r.attr("data-record-id").await.unwrap().unwrap_or_default(),
        Err(_) => String::new(),
    };
    click(c, button).await;
    find(c, "[data-testid='trade-action-dialog']").await;
    for (field, value) in fields {
        type_into(c, &format!("[data-testid='{field}']"), value).await;
    }
    if let Ok(expected) = c.find(Locator::Css("[data-testid='confirm-amount-expected']")).await {
        let amount = expected.text().await.unwrap();
        type_into(c, "[data-testid='confirm-amount-input']", &amount).await;
    }
    click(c, "[data-testid='trade-action-confirm']").await;
    let fresh = format!("[data-testid='trade-action-result']:not([data-record-id='{before}'])");
    let state = attr(c, &fresh, "data-state").await;
    let payment = match c.find(Locator::Css("[data-testid='trade-payment-result']")).await {
        Ok(p) => p.attr("data-external-id").await.unwrap(),
        Err(_) => None,
    };
    (state, payment)
}

async fn initiate(c: &Client, payer: &str, payee: &str, title: &str, amount: &str) {
    click(c, "[data-testid='nav-trades']").await;
    click(c, "[data-testid='trade-initiate-open']").await;
    find(c, "[data-testid='trade-initiate-form']").await;
    for (field, value) in [
        ("ti-payerMarketplaceUserId", payer),
        ("ti-payeeMarketplaceUserId", payee),
        ("ti-title", title),
        ("ti-description", "Brugt, velholdt"),
        ("ti-amount", amount),
        ("ti-successUrl", "https://shop.example/ok"),
        ("ti-cancelUrl", "https://shop.example/cancel"),
        ("ti-referenceId", "e2e-order"),
    ] {
        type_into(c, &format!("[data-testid='{field}']"), value).await;
    }
    click(c, "[data-testid='trade-initiate-save']").await;
    let detail = find(c, "[data-testid='trade-detail']").await;
    assert!(detail.prop("textContent").await.unwrap().unwrap_or_default().contains(title));
}

#[tokio::test]
async fn business_user_then_a_trade_walked_to_finished_and_another_reimbursed() {
    let _window = WINDOW.lock().await;
    let data = tempfile::tempdir().unwrap();
    let driver = start_driver(data.path());
    let c = open_app(&driver).await;
    let result = async {
        c.wait().at_most(Duration::from_secs(30)).for_element(Locator::Css("[data-ready='true']")).await.expect("first page rendered");
        let url = sandbox_url(&c).await;
        assert!(url.starts_with("http://127.0.0.1:"), "sandbox url {url}");

        // A business user: a field error from the service in place, then fixed.
        click(&c, "[data-testid='nav-business-users']").await;
        click(&c, "[data-testid='bu-new']").await;
        for (field, value) in [
            ("bu-businessId", "ACME-1"),
            ("bu-businessLocationId", "1003456789"),
            ("bu-name", "Cykelhandler ApS"),
            ("bu-phoneNumber", "+45 86 12 34 56"),
            ("bu-streetName", "Vestergade"),
            ("bu-houseNumber", "12"),
            ("bu-postNumber", "8000"),
            ("bu-city", "Aarhus C"),
            ("bu-payoutsAccountNumber", "1234 5678901234"),
        ] {
            type_into(&c, &format!("[data-testid='{field}']"), value).await;
        }
        click(&c, "[data-testid='bu-save']").await;
        assert!(content(&c, "[data-testid='bu-businessId-error']").await.contains("whitelisted"));
        screenshot(&c, "business-user-field-error.png").await;
        type_into(&c, "[data-testid='bu-businessId']", "29876543").await;
        click(&c, "[data-testid='bu-save']").await;
        let seller = attr(&c, "[data-testid='business-user-row']", "data-user-id").await;
        assert!(!seller.is_empty(), "the business user's userId is shown");

        // The buyer connects (a person's step).
        control(&url, reqwest::Method::POST, "/_sandbox/trade/users", json!({ "marketplaceUserId": "e2e-buyer", "name": "Mette Buyer" })).await;

        // Trade 1: initiate, accept and pay, the label, accept the item: finished.
        initiate(&c, "e2e-buyer", &seller, "Racercykel", "1500").await;
        let contract = "[data-testid='trade-phase'][data-phase='contract']";
        assert_eq!(attr(&c, contract, "data-state").await, "Active");
        assert!(c.find_all(Locator::Css("[data-testid='trade-action-AcceptItemCondition']")).await.unwrap().is_empty(), "not offered yet");
        let (state, payment) = trade_action(&c, "[data-testid='trade-action-AcceptAndPay'][data-party='payer']", &[]).await;
        assert_eq!(state, "succeeded");
        control(&url, reqwest::Method::POST, &format!("/_sandbox/trade/payments/{}/paid", payment.unwrap()), json!({})).await;

        refresh_until(&c, "[data-testid='trade-action-BuyDeliveryShipment'][data-party='payee']").await;
        let (state, payment) = trade_action(
            &c,
            "[data-testid='trade-action-BuyDeliveryShipment'][data-party='payee']",
            &[("trade-field-price", "39"), ("trade-field-weight", "12000")],
        )
        .await;
        assert_eq!(state, "succeeded");
        control(&url, reqwest::Method::POST, &format!("/_sandbox/trade/payments/{}/paid", payment.unwrap()), json!({})).await;

        refresh_until(&c, "[data-testid='trade-action-AcceptItemCondition'][data-party='payer']").await;
        let (state, _) = trade_action(&c, "[data-testid='trade-action-AcceptItemCondition'][data-party='payer']", &[]).await;
        assert_eq!(state, "succeeded");
        refresh_until(&c, "[data-testid='trade-phase'][data-phase='finished'][data-state='Completed']").await;
        assert!(content(&c, "[data-testid='trade-outcome']").await.contains("Completed"));
        let status = content(&c, "[data-testid='trade-party-status'][data-party='payee']").await;
        assert!(status.contains("paid out"), "payee timeline: {status}");
        screenshot(&c, "trade-finished.png").await;

        // Trade 2: paid, then reimbursed in part by the marketplace.
        click(&c, "[data-testid='trade-back']").await;
        initiate(&c, "e2e-buyer", &seller, "Cykelhjelm", "800").await;
        let (state, payment) = trade_action(&c, "[data-testid='trade-action-AcceptAndPay'][data-party='payer']", &[]).await;
        assert_eq!(state, "succeeded");
        control(&url, reqwest::Method::POST, &format!("/_sandbox/trade/payments/{}/paid", payment.unwrap()), json!({})).await;
        refresh_until(&c, "[data-testid='trade-action-Reimburse']").await;
        let (state, _) = trade_action(&c, "[data-testid='trade-action-Reimburse']", &[("trade-field-amount", "100")]).await;
        assert_eq!(state, "succeeded");
        let timeline = content(&c, "[data-testid='trade-party-status'][data-party='payer']").await;
        assert!(timeline.contains("reimbursed"), "payer timeline: {timeline}");

        // The list: both trades of the buyer.
        click(&c, "[data-testid='trade-back']").await;
        let deadline = Instant::now() + Duration::from_secs(20);
        while c.find_all(Locator::Css("[data-testid='trade-row']")).await.unwrap_or_default().len() != 2 {
            assert!(Instant::now() < deadline, "two trades listed");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }

        // Exactly one execution per money-moving action.
        let ledger = control(&url, reqwest::Method::GET, "/_sandbox/ledger", json!({})).await;
        let rows = ledger["items"].as_array().cloned().unwrap_or_default();
        let count = |kind: &str| rows.iter().filter(|r| r["kind"] == kind).count();
        assert_eq!(count("trade.release"), 1);
        assert_eq!(count("trade.reimburse"), 1);
        assert_eq!(count("trade.payment"), 2);
        assert_eq!(count("trade.shipment.delivery"), 1);

        // Journaled and audited like every staff action.
        click(&c, "[data-testid='nav-audit']").await;
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let audit = content(&c, "table").await;
            if audit.contains("Reimburse payer") || audit.contains("Tilbagebetal køber") {
                break;
            }
            assert!(Instant::now() < deadline, "audit: {audit}");
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
    .await;
    let _ = c.close().await;
    result
}
