//! End-to-end for issue 32's money on a partly paid deal, in the real window on the built-in
//! Sandbox: a deal of 179,505 of which the payer has paid 50,000 (a bank transfer the sandbox
//! matches and authorizes).
//! - Change amount to 40,000: the service refuses to lower the amount once a payment is
//!   authorized, so Confirm is off with the reason beside it (before: "The payer still has to
//!   pay DKK 0.00" and Confirm on);
//! - Create payment above what remains to pay: refused by the service, so Confirm is off;
//! - Cancel: the intent's audit note says what can be reimbursed as what the deal holds,
//!   50,000 (before: the whole payee's share, more than was ever paid in);
//! - after the cancel, the open payment link panel offers no link and says why in words (before:
//!   "Get link" answered "the payment is RETURNED").

use escrow_desk_e2e::consequence::{consequence_when, json_amount};
use escrow_desk_e2e::{
    AppWindow, Control, capped, detail_id, open_action, open_transaction, refresh_mirror, run_action, sandbox_url,
};
use rust_decimal::Decimal;
use serde_json::json;
use std::time::Duration;

const REFERENCE: &str = "PARTLY-179505";

/// A new deal of 179,505 between the parties of the showcase deal `showcase`, 50,000 of it
/// paid in; its id.
async fn partly_paid(sandbox: &Control, showcase: &str) -> String {
    let record = sandbox.get(&format!("/v2/transactions/{showcase}")).await;
    let (payer, payee) = (record["payer"]["serviceAccountId"].clone(), record["payee"]["serviceAccountId"].clone());
    let body = json!({ "amount": "179505.00", "currency": "DKK", "title": "Ford Kuga, partly paid",
        "payerId": payer, "payeeId": payee, "referenceId": REFERENCE });
    let created = sandbox.post("/v2/transactions/marketplace", body).await;
    let id = created["transactionId"].as_str().unwrap_or_else(|| panic!("no transactionId: {created}")).to_owned();
    let transfer = json!({ "transactionId": id, "serviceAccountId": payer, "amount": "50000.00" });
    sandbox.post("/_sandbox/transfers", transfer).await;
    id
}

/// Why Confirm is off, once the dialog says it and the consequence refused the request.
async fn refused(c: &AppWindow, reason: &str) -> String {
    let shown = consequence_when(c, reason, |s| s.blocked.is_some()).await;
    assert_eq!(shown.blocked.as_deref(), Some(reason), "{shown:?}");
    assert!(!c.find("[data-testid='action-confirm']").await.is_enabled().await, "Confirm is on: {reason}");
    c.content("[data-testid='action-why-disabled']").await
}

/// The window on the new partly paid deal's page; the sandbox's control API and the deal's id.
async fn on_partly_paid(c: &AppWindow) -> (Control, String) {
    c.wait_ready().await;
    let sandbox = Control::new(&sandbox_url(c).await, escrow_sandbox::DEMO_KEY);
    open_transaction(c, "EV 48 213").await;
    let id = partly_paid(&sandbox, &detail_id(c).await).await;
    refresh_mirror(c).await;
    open_transaction(c, REFERENCE).await;
    c.until("the transfer on the detail", async || {
        (c.content("[data-testid='detail-paid-in']").await == "DKK 50,000.00").then_some(())
    })
    .await;
    (sandbox, id)
}

#[tokio::test]
async fn with_a_payment_authorized_the_amount_cannot_be_lowered() {
    capped("with_a_payment_authorized_the_amount_cannot_be_lowered", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        let (sandbox, id) = on_partly_paid(&c).await;
        open_action(&c, "action-change-amount", &[("action-amount", "40,000")]).await;
        let why = refused(&c, "onlyRaise").await;
        assert_eq!(why, "A payment is authorized, so the amount can only be raised: at least DKK 179,505.00.");
        c.screenshot("partly-paid-change-amount-lowered.png").await;
        // Raised, it can be confirmed.
        c.type_into("[data-testid='action-amount']", "200,000").await;
        consequence_when(&c, "raised to 200,000", |s| s.blocked.is_none() && s.texts["amount"] == "DKK 200,000.00")
            .await;
        c.find("[data-testid='action-confirm']:not([disabled])").await;
        c.click("[data-testid='action-cancel-dialog']").await;
        let record = sandbox.get(&format!("/v2/transactions/{id}")).await;
        assert_eq!(json_amount(&record["amount"]), Some(Decimal::from(179_505)), "the amount was changed: {record}");
        c.close().await;
    })
    .await
}

#[tokio::test]
async fn a_payment_above_what_remains_to_pay_cannot_be_confirmed() {
    capped("a_payment_above_what_remains_to_pay_cannot_be_confirmed", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        let (sandbox, _) = on_partly_paid(&c).await;
        let payments = sandbox.ledger("create_payment").await.len();
        open_action(&c, "action-create-payment", &[("action-amount", "300,000")]).await;
        let expected = c.content("[data-testid='confirm-amount-expected']").await;
        c.type_into("[data-testid='confirm-amount-input']", &expected).await;
        let why = refused(&c, "overRemaining").await;
        assert!(why.starts_with("A payment can be at most what remains to pay: DKK "), "{why}");
        c.screenshot("partly-paid-payment-over-remaining.png").await;
        c.click("[data-testid='action-cancel-dialog']").await;
        assert_eq!(sandbox.ledger("create_payment").await.len(), payments, "a payment was created");
        c.close().await;
    })
    .await
}

#[tokio::test]
async fn cancelling_says_what_can_be_reimbursed_as_what_the_deal_holds() {
    capped("cancelling_says_what_can_be_reimbursed_as_what_the_deal_holds", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        on_partly_paid(&c).await;
        assert_eq!(run_action(&c, "action-cancel", &[]).await, "succeeded");
        c.click("[data-testid='nav-audit']").await;
        let note = c
            .until("the cancel's consequence in the audit log", async || {
                for row in c.find_all("[data-testid='audit-detail'][data-note='consequence']").await {
                    let text = row.content_or_empty().await;
                    if text.contains("to the payer DKK 50,000.00") {
                        return Some(text);
                    }
                }
                None
            })
            .await;
        assert!(note.contains("reimbursable DKK 50,000.00"), "{note}");
        c.close().await;
    })
    .await
}

#[tokio::test]
async fn a_cancelled_deal_offers_no_payment_link_and_says_why() {
    capped("a_cancelled_deal_offers_no_payment_link_and_says_why", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        on_partly_paid(&c).await;
        // What remains, as a payment with its link; then the deal is cancelled.
        assert_eq!(run_action(&c, "action-create-payment", &[]).await, "succeeded");
        c.find("[data-testid='payment-link-url']").await;
        assert_eq!(run_action(&c, "action-cancel", &[]).await, "succeeded");
        let said = c
            .until_for("the link panel to say the deal is closed", Duration::from_secs(30), async || {
                let text = c.try_find("[data-testid='payment-link-unavailable']").await?.content().await;
                (!text.is_empty()).then_some(text)
            })
            .await;
        assert_eq!(said, "The transaction is cancelled: it takes no more payments, so no link can be made.");
        assert!(!c.find("[data-testid='payment-initialize']").await.is_enabled().await, "Get link is on");
        assert_eq!(c.count("[data-testid='payment-link-url']").await, 0, "a closed deal's link is still offered");
        c.screenshot("partly-paid-cancelled-link.png").await;
        c.close().await;
    })
    .await
}
