//! End-to-end: business users and trades in the real app window on the built-in
//! Sandbox. The steps a person would do (connecting as a buyer, paying on the hosted
//! page) go through the sandbox's control API over HTTP; everything staff does goes
//! through the window.

use escrow_desk_e2e::{AppWindow, Control, capped};
use serde_json::json;

const SANDBOX_KEY: &str = "sandbox-demo-key";

/// The built-in sandbox's URL, as the Environments page shows it.
async fn sandbox_url(c: &AppWindow) -> String {
    c.click("[data-testid='nav-environments']").await;
    let item = c.find("[data-testid='environment-item'][data-id='sandbox']").await;
    item.find(".env-url").await.content().await.trim_end_matches('/').to_owned()
}

/// Refreshes the trade until `css` is there (the sandbox has moved on by then).
async fn refresh_until(c: &AppWindow, css: &str) {
    c.until(css, async || {
        if c.count(css).await > 0 {
            return Some(());
        }
        c.click("[data-testid='trade-refresh']").await;
        tokio::time::sleep(std::time::Duration::from_millis(400)).await;
        None
    })
    .await
}

/// Runs a trade action from its button: fills the fields, types the amount when asked,
/// confirms; returns the result's state and the payment id it answered, if any.
async fn trade_action(c: &AppWindow, button: &str, fields: &[(&str, &str)]) -> (String, Option<String>) {
    // A previous result would satisfy the wait below: remember which one it is.
    let before = match c.try_find("[data-testid='trade-action-result']").await {
        Some(r) => r.attr("data-record-id").await.unwrap_or_default(),
        None => String::new(),
    };
    c.click(button).await;
    c.find("[data-testid='trade-action-dialog']").await;
    for (field, value) in fields {
        c.type_into(&format!("[data-testid='{field}']"), value).await;
    }
    if let Some(expected) = c.try_find("[data-testid='confirm-amount-expected']").await {
        let amount = expected.text().await;
        c.type_into("[data-testid='confirm-amount-input']", &amount).await;
    }
    c.click("[data-testid='trade-action-confirm']").await;
    let fresh = format!("[data-testid='trade-action-result']:not([data-record-id='{before}'])");
    let state = c.attr(&fresh, "data-state").await;
    let payment = match c.try_find("[data-testid='trade-payment-result']").await {
        Some(p) => p.attr("data-external-id").await,
        None => None,
    };
    (state, payment)
}

async fn initiate(c: &AppWindow, payer: &str, payee: &str, title: &str, amount: &str) {
    c.click("[data-testid='nav-trades']").await;
    c.click("[data-testid='trade-initiate-open']").await;
    c.find("[data-testid='trade-initiate-form']").await;
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
        c.type_into(&format!("[data-testid='{field}']"), value).await;
    }
    c.submit("[data-testid='trade-initiate-save']").await;
    assert!(c.content("[data-testid='trade-detail']").await.contains(title));
}

#[tokio::test]
async fn business_user_then_a_trade_walked_to_finished_and_another_reimbursed() {
    capped("business_user_then_a_trade_walked_to_finished_and_another_reimbursed", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        let url = sandbox_url(&c).await;
        assert!(url.starts_with("http://127.0.0.1:"), "sandbox url {url}");
        let sandbox = Control::new(&url, SANDBOX_KEY);

        // A business user: a field error from the service in place, then fixed.
        c.click("[data-testid='nav-business-users']").await;
        c.click("[data-testid='bu-new']").await;
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
            c.type_into(&format!("[data-testid='{field}']"), value).await;
        }
        c.submit("[data-testid='bu-save']").await;
        assert!(c.content("[data-testid='bu-businessId-error']").await.contains("whitelisted"));
        c.screenshot("business-user-field-error.png").await;
        c.type_into("[data-testid='bu-businessId']", "29876543").await;
        c.submit("[data-testid='bu-save']").await;
        let seller = c.attr("[data-testid='business-user-row']", "data-user-id").await;
        assert!(!seller.is_empty(), "the business user's userId is shown");

        // The buyer connects (a person's step).
        sandbox.post("/_sandbox/trade/users", json!({ "marketplaceUserId": "e2e-buyer", "name": "Mette Buyer" })).await;

        // Trade 1: initiate, accept and pay, the label, accept the item: finished.
        initiate(&c, "e2e-buyer", &seller, "Racercykel", "1500").await;
        let contract = "[data-testid='trade-phase'][data-phase='contract']";
        assert_eq!(c.attr(contract, "data-state").await, "Active");
        assert!(c.count("[data-testid='trade-action-AcceptItemCondition']").await == 0, "not offered yet");
        let (state, payment) = trade_action(&c, "[data-testid='trade-action-AcceptAndPay'][data-party='payer']", &[]).await;
        assert_eq!(state, "succeeded");
        sandbox.post(&format!("/_sandbox/trade/payments/{}/paid", payment.unwrap()), json!({})).await;

        refresh_until(&c, "[data-testid='trade-action-BuyDeliveryShipment'][data-party='payee']").await;
        let (state, payment) = trade_action(
            &c,
            "[data-testid='trade-action-BuyDeliveryShipment'][data-party='payee']",
            &[("trade-field-price", "39"), ("trade-field-weight", "12000")],
        )
        .await;
        assert_eq!(state, "succeeded");
        sandbox.post(&format!("/_sandbox/trade/payments/{}/paid", payment.unwrap()), json!({})).await;

        refresh_until(&c, "[data-testid='trade-action-AcceptItemCondition'][data-party='payer']").await;
        let (state, _) = trade_action(&c, "[data-testid='trade-action-AcceptItemCondition'][data-party='payer']", &[]).await;
        assert_eq!(state, "succeeded");
        refresh_until(&c, "[data-testid='trade-phase'][data-phase='finished'][data-state='Completed']").await;
        assert!(c.content("[data-testid='trade-outcome']").await.contains("Completed"));
        let status = c.content("[data-testid='trade-party-status'][data-party='payee']").await;
        assert!(status.contains("paid out"), "payee timeline: {status}");
        c.screenshot("trade-finished.png").await;

        // Trade 2: paid, then reimbursed in part by the marketplace.
        c.click("[data-testid='trade-back']").await;
        initiate(&c, "e2e-buyer", &seller, "Cykelhjelm", "800").await;
        let (state, payment) = trade_action(&c, "[data-testid='trade-action-AcceptAndPay'][data-party='payer']", &[]).await;
        assert_eq!(state, "succeeded");
        sandbox.post(&format!("/_sandbox/trade/payments/{}/paid", payment.unwrap()), json!({})).await;
        refresh_until(&c, "[data-testid='trade-action-Reimburse']").await;
        let (state, _) = trade_action(&c, "[data-testid='trade-action-Reimburse']", &[("trade-field-amount", "100")]).await;
        assert_eq!(state, "succeeded");
        let timeline = c.content("[data-testid='trade-party-status'][data-party='payer']").await;
        assert!(timeline.contains("reimbursed"), "payer timeline: {timeline}");

        // The list: both trades of the buyer.
        c.click("[data-testid='trade-back']").await;
        c.wait_count("[data-testid='trade-row']", 2).await;

        // Exactly one execution per money-moving action.
        let ledger = sandbox.get("/_sandbox/ledger").await;
        let rows = ledger["items"].as_array().cloned().unwrap_or_default();
        let count = |kind: &str| rows.iter().filter(|r| r["kind"] == kind).count();
        assert_eq!(count("trade.release"), 1);
        assert_eq!(count("trade.reimburse"), 1);
        assert_eq!(count("trade.payment"), 2);
        assert_eq!(count("trade.shipment.delivery"), 1);

        // Journaled and audited like every staff action.
        c.click("[data-testid='nav-audit']").await;
        c.until("the reimbursement in the audit log", async || {
            let audit = c.content("table").await;
            (audit.contains("Reimburse payer") || audit.contains("Tilbagebetal køber")).then_some(())
        })
        .await;
        c.close().await;
    })
    .await
}
