//! End-to-end: what happened to a transaction, in the real window on the built-in
//! Sandbox. The payer's steps (paying, the bank's authorization) go through the
//! sandbox's control API; staff's go through the window.

use escrow_desk_e2e::{
    AppWindow, Control, capped, fill_business_user, initiate_trade, open_transaction, refresh_trade_until, run_action,
    sandbox_url,
};
use rust_decimal::Decimal;
use serde_json::{Value, json};

const SANDBOX_KEY: &str = "sandbox-demo-key";

/// A CREATED transaction with a payer account, as the sandbox lists it.
async fn created_with_payer(sandbox: &Control) -> Value {
    let page = sandbox.get("/v2/transactions?Take=100").await;
    page["items"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|t| {
            t["status"] == "CREATED" && t["payer"]["serviceAccountId"].is_string() && t["referenceId"].is_string()
        })
        .cloned()
        .expect("a CREATED transaction with a payer in the demo data")
}

#[tokio::test]
async fn a_timeline_shows_the_payers_authorized_payment_and_the_staff_payout_with_its_audit_entry() {
    capped("a_timeline_shows_the_payers_authorized_payment_and_the_staff_payout_with_its_audit_entry", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        c.click("[data-testid='lang-en']").await; // the screenshots are the README's
        let sandbox = Control::new(&sandbox_url(&c).await, SANDBOX_KEY);
        let tx = created_with_payer(&sandbox).await;
        let id = tx["transactionId"].as_str().unwrap().to_owned();
        let reference = tx["referenceId"].as_str().unwrap().to_owned();

        // The payer pays what is left (amount + payer fee - paid in) and the bank authorizes
        // it (a person's steps).
        let dec = |v: &Value| v.as_str().map(|s| s.parse::<Decimal>().unwrap()).or_else(|| v.as_f64().map(|_| v.to_string().parse().unwrap())).unwrap_or_default();
        let left = dec(&tx["amount"]) + dec(&tx["fees"]["payer"]) - dec(&tx["payments"]["inbound"]["amount"]);
        let payment = sandbox
            .post(
                "/v2/payments",
                json!({ "transactionId": id, "serviceAccountId": tx["payer"]["serviceAccountId"], "amount": left.to_string() }),
            )
            .await;
        let payment_id = payment["paymentId"].as_str().expect("paymentId").to_owned();
        sandbox.post(&format!("/_sandbox/payments/{payment_id}/authorize"), json!({})).await;

        // Staff pays out through the window.
        open_transaction(&c, &reference).await;
        c.until("the payment to show as paid", async || {
            (c.attr("[data-testid='detail-status']", "data-status").await == "PAID").then_some(())
        })
        .await;
        assert_eq!(run_action(&c, "action-payout", &[]).await, "succeeded");

        // The timeline: the authorization (record and webhook) and the payout with its audit link.
        c.find("[data-testid='timeline-entry'][data-event='payment.authorized']").await;
        c.find("[data-testid='timeline-entry'][data-event='webhook.transaction.payment.paid']").await;
        let payout = "[data-testid='timeline-entry'][data-event='staff.payout']";
        c.find(&format!("{payout} [data-status='succeeded']")).await;
        // Newest first: the staff payout above the authorization.
        let events: Vec<String> = {
            let mut out = Vec::new();
            for e in c.find_all("[data-testid='timeline-entry']").await {
                out.push(e.attr("data-event").await.unwrap_or_default());
            }
            out
        };
        let pos = |name: &str| events.iter().position(|e| e == name).unwrap_or_else(|| panic!("{name} in {events:?}"));
        assert!(pos("staff.payout") < pos("payment.authorized"), "newest first: {events:?}");
        assert!(pos("payment.authorized") < pos("transaction.created"), "newest first: {events:?}");

        // Filter by kind: payments only.
        c.click("[data-testid='timeline-filter'] option[value='payment']").await;
        c.until("only payment lines", async || {
            let kinds: Vec<String> = {
                let mut out = Vec::new();
                for e in c.find_all("[data-testid='timeline-entry']").await {
                    out.push(e.attr("data-kind").await.unwrap_or_default());
                }
                out
            };
            (!kinds.is_empty() && kinds.iter().all(|k| k == "payment")).then_some(())
        })
        .await;
        c.click("[data-testid='timeline-filter'] option[value='all']").await;
        c.find(payout).await;
        c.execute("document.querySelector(\"[data-testid='timeline']\").scrollIntoView({block: 'start'})", vec![]).await;
        c.screenshot("timeline.png").await;

        // The audit link opens the audit log on the payout's row.
        let seq = c.attr(&format!("{payout} [data-testid='timeline-audit-link']"), "data-seq").await;
        c.click(&format!("{payout} [data-testid='timeline-audit-link']")).await;
        let row = format!("[data-testid='audit-row'][data-seq='{seq}']");
        c.find(&row).await;
        assert_eq!(c.attr(&row, "aria-current").await, "true");
        assert!(c.content(&row).await.contains(&id), "the audit row names the transaction");

        // The Events page lists the deliveries the payment caused, by transaction, and sends a test event.
        c.click("[data-testid='nav-events']").await;
        c.find("[data-testid='webhook-example'][data-event='transaction.payment.paid']").await;
        c.type_into("[data-testid='deliveries-filter']", &id).await;
        let paid = format!("[data-testid='delivery-row'][data-event='transaction.payment.paid'][data-transaction='{id}']");
        c.find(&paid).await;
        c.until("only this transaction's deliveries", async || {
            let mut ours = true;
            for r in c.find_all("[data-testid='delivery-row']").await {
                ours &= r.attr("data-transaction").await.as_deref() == Some(id.as_str());
            }
            ours.then_some(())
        })
        .await;
        let before = c.count("[data-testid='delivery-row']").await;
        c.click("[data-testid='test-event-name'] option[value='transaction.cancelled']").await;
        c.click("[data-testid='send-test-event']").await;
        c.wait_count("[data-testid='delivery-row']", before + 1).await;
        c.find(&format!("[data-testid='delivery-row'][data-event='transaction.cancelled'][data-transaction='{id}']")).await;
        c.screenshot("events.png").await;
        c.close().await;
    })
    .await
}

/// A payer with at least two transactions: (payer account, the first's reference, the second's id).
async fn payer_with_two(sandbox: &Control) -> (String, String, String) {
    let page = sandbox.get("/v2/transactions?Take=100").await;
    let items = page["items"].as_array().cloned().unwrap_or_default();
    for a in &items {
        let Some(payer) = a["payer"]["serviceAccountId"].as_str() else { continue };
        let Some(reference) = a["referenceId"].as_str() else { continue };
        if let Some(b) = items.iter().find(|b| {
            b["transactionId"] != a["transactionId"] && b["payer"]["serviceAccountId"].as_str() == Some(payer)
        }) {
            return (payer.to_owned(), reference.to_owned(), b["transactionId"].as_str().unwrap().to_owned());
        }
    }
    panic!("no payer with two transactions in the demo data");
}

async fn detail_scroll(c: &AppWindow) -> i64 {
    c.execute("return Math.round(document.querySelector(\"[data-testid='transaction-detail']\").scrollTop)", vec![])
        .await
        .as_i64()
        .unwrap_or(-1)
}

#[tokio::test]
async fn from_a_transaction_to_its_payer_and_another_of_theirs_and_back_twice_to_the_same_scroll() {
    capped("from_a_transaction_to_its_payer_and_another_of_theirs_and_back_twice_to_the_same_scroll", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        let sandbox = Control::new(&sandbox_url(&c).await, SANDBOX_KEY);
        let (payer, first_ref, second) = payer_with_two(&sandbox).await;

        open_transaction(&c, &first_ref).await;
        let first = c.text("[data-testid='detail-transaction-id']").await;
        c.find("[data-testid='timeline-entry']").await;
        c.execute("document.querySelector(\"[data-testid='transaction-detail']\").scrollTop = 400", vec![]).await;
        let scrolled = c.until("the detail to scroll", async || Some(detail_scroll(&c).await).filter(|s| *s > 0)).await;

        // The payer's page lists their transactions; open the other one.
        c.click("[data-testid='open-party'][data-role='payer']").await;
        c.until("the payer's page", async || (c.text("[data-testid='user-id']").await == payer).then_some(())).await;
        c.wait_at_least("[data-testid='user-transaction-row']", 2).await;
        c.click(&format!("[data-testid='user-transaction-row'][data-id='{second}']")).await;
        c.until("the other transaction", async || {
            (c.text("[data-testid='detail-transaction-id']").await == second).then_some(())
        })
        .await;

        // Back (Alt+←) to the payer, back (the mouse's back button) to the first, at its scroll offset.
        c.execute("window.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowLeft', altKey: true}))", vec![]).await;
        c.until("back on the payer's page", async || (c.text("[data-testid='user-id']").await == payer).then_some(()))
            .await;
        c.execute("window.dispatchEvent(new MouseEvent('mouseup', {button: 3}))", vec![]).await;
        c.until("back on the first transaction", async || {
            (c.text("[data-testid='detail-transaction-id']").await == first).then_some(())
        })
        .await;
        c.until("its scroll offset restored", async || ((detail_scroll(&c).await - scrolled).abs() <= 2).then_some(()))
            .await;

        // Forward (Alt+→) goes to the payer again.
        c.execute("window.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', altKey: true}))", vec![])
            .await;
        c.until("forward to the payer", async || (c.text("[data-testid='user-id']").await == payer).then_some(()))
            .await;
        c.close().await;
    })
    .await
}

#[tokio::test]
async fn a_trade_action_with_a_name_unknown_to_the_app_is_offered_and_posted_through_the_generic_dialog() {
    capped("a_trade_action_with_a_name_unknown_to_the_app_is_offered_and_posted_through_the_generic_dialog", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        let sandbox = Control::new(&sandbox_url(&c).await, SANDBOX_KEY);
        fill_business_user(&c, "29876543").await;
        c.submit("[data-testid='bu-save']").await;
        let seller = c.attr("[data-testid='business-user-row']", "data-user-id").await;
        sandbox
            .post("/_sandbox/trade/users", json!({ "marketplaceUserId": "e2e-generic-buyer", "name": "Mette Buyer" }))
            .await;
        initiate_trade(&c, "e2e-generic-buyer", &seller, "Ladcykel", "2500").await;
        let trade = c.text("[data-testid='trade-id']").await;

        // The service lists an action no version of this app knows (set up through the sandbox).
        let name = "SignInsuranceWaiver";
        sandbox
            .post(&format!("/_sandbox/trade/users/e2e-generic-buyer/trades/{trade}/actions"), json!({ "name": name }))
            .await;
        let button = format!("[data-testid='trade-other-action'][data-party='payer'][data-name='{name}']");
        refresh_trade_until(&c, &button).await;
        c.click(&button).await;
        c.find("[data-testid='generic-action-dialog']").await;
        assert!(!c.text("[data-testid='generic-label']").await.is_empty(), "clearly labelled as unknown to the app");
        c.click("[data-testid='generic-confirm']").await;
        c.until("the posted action's result", async || {
            (c.attr("[data-testid='trade-action-result']", "data-kind").await == "tradePerformAction").then_some(())
        })
        .await;
        assert_eq!(c.attr("[data-testid='trade-action-result']", "data-state").await, "succeeded");
        c.until("the action done (no longer listed)", async || (c.count(&button).await == 0).then_some(())).await;
        let timeline = c.content("[data-testid='trade-timeline'][data-party='payer']").await;
        // The service's sentence ("payer did SignInsuranceWaiver"), worded in the window's language.
        assert!(timeline.contains("did “Sign insurance waiver”"), "the service recorded it: {timeline}");
        c.close().await;
    })
    .await
}
