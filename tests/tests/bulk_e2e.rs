//! End-to-end: bulk work in the real window on the built-in Sandbox. Five paid deals are
//! selected (a click, then a Shift-click for the range), paid out in one run confirmed by
//! typing the total, with a fault on one deal (the connection dropped after the service
//! executed the payout, on every attempt the client makes): four done, one failed with an
//! unclear outcome; the retry completes it with the same key, and the sandbox's ledger
//! holds exactly five payouts, one per deal. Every audit row of the run names its batch.

use escrow_desk_e2e::{AppWindow, Control, capped, sandbox_url};
use rust_decimal::Decimal;
use serde_json::json;
use std::str::FromStr;
use std::time::Duration;

const RUN_WAIT: Duration = Duration::from_secs(90);

async fn counts(c: &AppWindow) -> (String, String, String) {
    let el = c.find("[data-testid='bulk-counts']").await;
    let get = async |name: &str| el.attr(name).await.unwrap_or_default();
    (get("data-done").await, get("data-failed").await, get("data-running").await)
}

async fn wait_finished(c: &AppWindow) {
    c.until_for("the bulk run to finish", RUN_WAIT, async || {
        let panel = c.try_find("[data-testid='bulk-progress'][data-state='finished']").await;
        panel.map(|_| ())
    })
    .await;
}

#[tokio::test]
async fn bulk_payout_with_a_fault_is_retried_to_exactly_five_payouts() {
    capped("bulk_payout_with_a_fault_is_retried_to_exactly_five_payouts", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        let sandbox = Control::new(&sandbox_url(&c).await, escrow_sandbox::DEMO_KEY);

        // The list filtered to PAID deals; the first five rows selected.
        c.click("[data-testid='nav-transactions']").await;
        c.click("[data-testid='filters-toggle']").await;
        c.click("[data-testid='filter-status-PAID']").await;
        c.click("[data-testid='filters-toggle']").await;
        c.until("only paid deals listed", async || {
            let rows = c.find_all("[data-testid='transaction-row']").await;
            let mut all_paid = rows.len() >= 5;
            for r in rows.iter().take(5) {
                all_paid &= r.content_or_empty().await.to_uppercase().contains("PAID");
            }
            all_paid.then_some(())
        })
        .await;
        let rows = c.find_all("[data-testid='transaction-row']").await;
        let mut ids = Vec::new();
        for r in rows.iter().take(5) {
            ids.push(r.attr("data-id").await.unwrap_or_default());
        }
        let before = sandbox.ledger("payout").await.len();
        let checks = "[data-testid='bulk-row-check']";
        c.find_all(checks).await[0].click().await;
        c.execute(
            "document.querySelectorAll(arguments[0])[4].dispatchEvent(new MouseEvent('click', { bubbles: true, shiftKey: true }))",
            vec![json!(checks)],
        )
        .await;
        c.until("five rows selected", async || {
            let n = c.find("[data-testid='bulk-count']").await.attr("data-count").await;
            (n.as_deref() == Some("5")).then_some(())
        })
        .await;

        // The fault: the third deal's payout executes, but its answer never arrives.
        let faulty = ids[2].clone();
        let rule = json!({ "rules": [{ "method": "POST", "pathPrefix": format!("/v2/transactions/{faulty}/payout"),
            "kind": "drop", "phase": "after", "count": 3 }] });
        sandbox.put("/_sandbox/faults", rule).await;

        c.click("[data-testid='bulk-payout']").await;
        let summary = c.find_for("[data-testid='bulk-summary']", RUN_WAIT).await;
        assert_eq!(summary.attr("data-count").await.as_deref(), Some("5"));
        let total = c.find("[data-testid='bulk-total']").await.attr("data-amount").await.unwrap_or_default();
        // What the payees receive in total, as the dialog says before the run.
        let to_payees = c.find("[data-testid='bulk-moves-total']").await.attr("data-amount").await.unwrap_or_default();
        let to_payees = Decimal::from_str(&to_payees).expect("the payees' total is a decimal");
        let start = c.find("[data-testid='bulk-start']").await;
        assert!(!start.is_enabled().await, "nothing starts before the total is typed");
        c.type_into("[data-testid='bulk-type-total']", &total).await;
        c.submit("[data-testid='bulk-start']").await;

        wait_finished(&c).await;
        assert_eq!(counts(&c).await, ("4".into(), "1".into(), "0".into()));
        let unclear = c.find(&format!("[data-testid='bulk-progress-row'][data-id='{faulty}']")).await;
        assert_eq!(unclear.attr("data-state").await.as_deref(), Some("unknown"));
        c.screenshot("bulk-progress.png").await;

        c.submit("[data-testid='bulk-retry']").await;
        c.until_for("the retried row done", RUN_WAIT, async || {
            let done = c.try_find(&format!("[data-testid='bulk-progress-row'][data-id='{faulty}'][data-state='done']")).await;
            done.map(|_| ())
        })
        .await;
        wait_finished(&c).await;
        assert_eq!(counts(&c).await, ("5".into(), "0".into(), "0".into()));
        c.screenshot("bulk-progress-retried.png").await;

        let payouts = sandbox.ledger("payout").await;
        assert_eq!(payouts.len(), before + 5, "exactly five payouts");
        for id in &ids {
            assert_eq!(payouts.iter().filter(|p| p["target"] == id.as_str()).count(), 1, "one payout for {id}");
        }
        // The dialog's consequence is what the ledger then paid out to the five payees.
        let paid: Decimal = payouts
            .iter()
            .filter(|p| ids.iter().any(|id| p["target"] == id.as_str()))
            .map(|p| escrow_desk_e2e::consequence::json_amount(&p["amount"]).expect("a payout row with its amount"))
            .sum();
        assert_eq!(paid, to_payees, "the ledger's five payouts against the dialog's total for the payees");
        assert!(to_payees < Decimal::from_str(&total).unwrap_or_default(), "fees come off what the payees receive");

        // The audit log, filtered to this run: every row names the batch.
        let batch = c.find("[data-testid='bulk-progress']").await.attr("data-batch").await.unwrap_or_default();
        c.submit("[data-testid='bulk-show-audit']").await;
        c.until("the run's audit rows", async || (c.count("[data-testid='audit-row']").await == 11).then_some(())).await;
        assert_eq!(c.count("[data-testid='audit-batch']").await, 11);
        assert_eq!(c.find("[data-testid='audit-filter']").await.prop("value").await.as_deref(), Some(batch.as_str()));
        c.close().await;
    })
    .await
}
