//! End-to-end (#32, "the actor as a person's name"): a new desk asks once, on its first
//! screen, for the name the audit trail records; the name given is the actor of the next
//! money move in the audit log; "Not now" ends the question for good (also after a restart).

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
