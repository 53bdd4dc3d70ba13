//! End-to-end (#32, "an audit log that fits"): a new desk asks once, on its first screen,
//! for the name the audit trail records; the name given is the actor of the next money move
//! in the audit log; "Not now" ends the question for good (also after a restart). The log
//! fits the window at 1280×800 and 960×600: outcome and detail in sight without sideways
//! scrolling, amounts with their currency.

use escrow_desk_e2e::{AppWindow, capped, open_transaction, run_action};
use std::time::Duration;

#[tokio::test]
async fn a_new_desk_asks_for_the_name_the_audit_trail_then_records() {
    capped("a_new_desk_asks_for_the_name_the_audit_trail_then_records", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        c.click("[data-testid='nav-overview']").await;
        c.find("[data-testid='staff-prompt']").await;
        c.screenshot("staff-name-prompt.png").await;
        c.type_into("[data-testid='staff-prompt-name']", "Mette Hansen").await;
        c.click("[data-testid='staff-prompt-save']").await;
        c.until("the question answered", async || (c.count("[data-testid='staff-prompt']").await == 0).then_some(()))
            .await;

        open_transaction(&c, "EV 48 213").await;
        assert_eq!(run_action(&c, "action-payout", &[]).await, "succeeded");
        c.click("[data-testid='nav-audit']").await;
        let actor = c
            .until("the payout's audit rows", async || {
                let rows = c.find_all("[data-testid='audit-actor']").await;
                let first = rows.first()?.content_or_empty().await;
                (!first.is_empty()).then_some(first)
            })
            .await;
        assert!(actor.contains("Mette Hansen"), "the newest audit row names the person: {actor:?}");
        let amount = c.content("[data-testid='audit-row'] [data-testid='audit-amount']").await;
        assert!(amount.contains("DKK") || amount.contains("kr"), "an amount with its currency: {amount:?}");

        // No sideways scrolling; the newest row's outcome and detail are inside the window.
        let fits = "const wrap = document.querySelector(\"[data-testid='audit-table']\").closest('.table-wrap') \
                      ?? document.querySelector(\"[data-testid='audit-table']\"); \
                    const row = document.querySelector(\"[data-testid='audit-row']\"); \
                    const detail = row.querySelector(\"[data-testid='audit-detail']\").getBoundingClientRect(); \
                    const outcome = row.querySelector('.outcome').getBoundingClientRect(); \
                    return { sideways: wrap.scrollWidth - wrap.clientWidth, outcome: outcome.right <= innerWidth, \
                             detail: detail.width > 100 && detail.right <= innerWidth };";
        for (w, h) in [(1280, 800), (960, 600)] {
            c.resize(w, h).await;
            let seen = c
                .until(&format!("the audit log at {w}x{h}"), async || {
                    let seen = c.execute(fits, vec![]).await;
                    (seen["sideways"].as_i64().unwrap_or(99) <= 1 && seen["outcome"] == true && seen["detail"] == true)
                        .then_some(seen)
                })
                .await;
            assert_eq!(seen["outcome"], true, "{w}x{h}: {seen}");
            c.screenshot(&format!("audit-log-{w}x{h}.png")).await;
        }
        c.close().await;
    })
    .await
}

#[tokio::test]
async fn not_now_ends_the_question_also_after_a_restart() {
    capped("not_now_ends_the_question_also_after_a_restart", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        c.click("[data-testid='nav-overview']").await;
        c.click("[data-testid='staff-prompt-later']").await;
        c.until("the question put off", async || (c.count("[data-testid='staff-prompt']").await == 0).then_some(()))
            .await;
        c.close().await;

        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        c.click("[data-testid='nav-overview']").await;
        c.find("[data-testid='overview'][data-loaded='true']").await;
        tokio::time::sleep(Duration::from_millis(500)).await;
        assert_eq!(c.count("[data-testid='staff-prompt']").await, 0, "asked once only");
        c.close().await;
    })
    .await
}
