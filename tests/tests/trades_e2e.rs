//! End-to-end: business users and trades in the real app window on the built-in
//! Sandbox. The steps a person would do (connecting as a buyer, paying on the hosted
//! page) go through the sandbox's control API over HTTP; everything staff does goes
//! through the window.

use escrow_desk_e2e::{
    AppWindow, Control, capped, fill_business_user, initiate_trade as initiate, refresh_trade_until as refresh_until,
    sandbox_url, trade_action, walk_trade_to_finished,
};
use serde_json::json;

const SANDBOX_KEY: &str = "sandbox-demo-key";

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
        fill_business_user(&c, "ACME-1").await;
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
        walk_trade_to_finished(&c, &sandbox).await;
        c.screenshot("trade-finished.png").await;

        // Trade 2: paid, then reimbursed in part by the marketplace.
        c.click("[data-testid='trade-back']").await;
        initiate(&c, "e2e-buyer", &seller, "Cykelhjelm", "800").await;
        let (state, payment) =
            trade_action(&c, "[data-testid='trade-action-AcceptAndPay'][data-party='payer']", &[]).await;
        assert_eq!(state, "succeeded");
        sandbox.post(&format!("/_sandbox/trade/payments/{}/paid", payment.unwrap()), json!({})).await;
        refresh_until(&c, "[data-testid='trade-action-Reimburse']").await;
        let (state, _) =
            trade_action(&c, "[data-testid='trade-action-Reimburse']", &[("trade-field-amount", "100")]).await;
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
