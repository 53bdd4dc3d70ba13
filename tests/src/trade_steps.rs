//! Trade steps shared by the end-to-end walks: initiating a trade from the form, running
//! a party's action from its button, and the walk from invitation to finished. A
//! person's steps (paying on the hosted page) go through the sandbox's control API.

use crate::sandbox::Control;
use crate::window::AppWindow;
use serde_json::json;

/// Refreshes the open trade until `css` is there (the sandbox has moved on by then).
pub async fn refresh_trade_until(c: &AppWindow, css: &str) {
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
pub async fn trade_action(c: &AppWindow, button: &str, fields: &[(&str, &str)]) -> (String, Option<String>) {
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

/// Opens the new business user form and fills it as a bicycle dealer with `business_id`
/// (the sandbox whitelists CVR-like numbers such as `29876543`); not submitted.
pub async fn fill_business_user(c: &AppWindow, business_id: &str) {
    c.click("[data-testid='nav-business-users']").await;
    c.click("[data-testid='bu-new']").await;
    for (field, value) in [
        ("bu-businessId", business_id),
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
}

/// Initiates a trade between `payer` and `payee` from the form; the trade opens.
pub async fn initiate_trade(c: &AppWindow, payer: &str, payee: &str, title: &str, amount: &str) {
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

/// The open trade, from its invitation to finished: the payer accepts and pays, the
/// payee buys the label (both paid by "the person" through `sandbox`), the payer
/// accepts the item. Ends on the finished trade.
pub async fn walk_trade_to_finished(c: &AppWindow, sandbox: &Control) {
    let contract = "[data-testid='trade-phase'][data-phase='contract']";
    assert_eq!(c.attr(contract, "data-state").await, "Active");
    assert!(c.count("[data-testid='trade-action-AcceptItemCondition']").await == 0, "not offered yet");
    let (state, payment) = trade_action(c, "[data-testid='trade-action-AcceptAndPay'][data-party='payer']", &[]).await;
    assert_eq!(state, "succeeded");
    sandbox.post(&format!("/_sandbox/trade/payments/{}/paid", payment.expect("a payment to pay")), json!({})).await;

    refresh_trade_until(c, "[data-testid='trade-action-BuyDeliveryShipment'][data-party='payee']").await;
    let (state, payment) = trade_action(
        c,
        "[data-testid='trade-action-BuyDeliveryShipment'][data-party='payee']",
        &[("trade-field-price", "39"), ("trade-field-weight", "12000")],
    )
    .await;
    assert_eq!(state, "succeeded");
    sandbox.post(&format!("/_sandbox/trade/payments/{}/paid", payment.expect("a label to pay")), json!({})).await;

    refresh_trade_until(c, "[data-testid='trade-action-AcceptItemCondition'][data-party='payer']").await;
    let (state, _) = trade_action(c, "[data-testid='trade-action-AcceptItemCondition'][data-party='payer']", &[]).await;
    assert_eq!(state, "succeeded");
    refresh_trade_until(c, "[data-testid='trade-phase'][data-phase='finished'][data-state='Completed']").await;
    assert!(c.content("[data-testid='trade-outcome']").await.contains("Completed"));
    let status = c.content("[data-testid='trade-party-status'][data-party='payee']").await;
    assert!(status.contains("paid out"), "payee timeline: {status}");
}
