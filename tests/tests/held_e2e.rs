//! End-to-end for issue 32's money in escrow, in the real window on the built-in Sandbox: a
//! partial reimbursement of an open deal lowers what the deal holds. The detail page says what
//! it still holds beside what was paid in, and the overview's "Money in escrow" drops by the
//! amount reimbursed (before, it kept counting everything paid in until the deal closed), and
//! opens the list of exactly the deals it counts.
//!
//! The showcase Tesla (`EV 48 213`): 289,500 paid in, a pending 2,495 ON_CLOSE split payout.

use escrow_desk_e2e::consequence::{amount, ledger_amounts};
use escrow_desk_e2e::{
    AppWindow, Control, capped, danish, detail_id, open_transaction, refresh_mirror, run_action, sandbox_url,
};
use rust_decimal::Decimal;
use std::str::FromStr;
use std::time::Duration;

const TOTAL: &str = "[data-testid='escrow-total'][data-currency='DKK']";

/// The overview's money in escrow in DKK, once the mirror has shown it.
async fn escrow_dkk(c: &AppWindow) -> Decimal {
    c.click("[data-testid='nav-overview']").await;
    let shown = c.find_for(TOTAL, Duration::from_secs(90)).await.attr("data-amount").await.unwrap_or_default();
    Decimal::from_str(&shown).unwrap_or_default()
}

#[tokio::test]
async fn a_partial_reimbursement_lowers_what_the_deal_and_the_overview_hold_in_escrow() {
    capped("a_partial_reimbursement_lowers_what_the_deal_and_the_overview_hold_in_escrow", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        let sandbox = Control::new(&sandbox_url(&c).await, escrow_sandbox::DEMO_KEY);
        refresh_mirror(&c).await;
        let before = escrow_dkk(&c).await;
        assert!(before >= Decimal::from(289_500), "the showcase deal's money is in escrow: {before}");

        open_transaction(&c, "EV 48 213").await;
        let id = detail_id(&c).await;
        assert_eq!(c.count("[data-testid='detail-held']").await, 0, "nothing went out yet: paid in is what is held");
        assert_eq!(run_action(&c, "action-reimburse", &[("action-amount", "10,000")]).await, "succeeded");
        assert_eq!(ledger_amounts(&sandbox, "reimburse", &id).await, vec![Decimal::from(10_000)]);

        // The detail: paid in unchanged, held in escrow = paid in − the reimbursement.
        let held = c
            .until("the held card on the detail", async || {
                let text = c.try_find("[data-testid='detail-held']").await?.content().await;
                (!text.is_empty()).then_some(text)
            })
            .await;
        assert_eq!(held, "DKK 279,500.00");
        assert_eq!(c.content("[data-testid='detail-paid-in']").await, "DKK 289,500.00");
        c.screenshot("held-detail-en.png").await;

        // In Danish the card says the same in its words.
        danish(&c).await;
        c.until("the held card in Danish", async || {
            let label = c.try_find("[data-testid='money-card-held'] .stat-label").await?.content().await;
            (label == "Holdt i depot").then_some(())
        })
        .await;
        assert_eq!(amount(&c.content("[data-testid='detail-held']").await), Decimal::from(279_500));
        c.screenshot("held-detail-da.png").await;

        // The overview: the mirror reads the deal again after the action; the total drops by 10,000.
        refresh_mirror(&c).await;
        let want = before - Decimal::from(10_000);
        c.until_for(&format!("money in escrow {want}"), Duration::from_secs(60), async || {
            let shown = c.try_find(TOTAL).await?.try_attr("data-amount").await.ok().flatten()?;
            (Decimal::from_str(&shown).ok()? == want).then_some(())
        })
        .await;
        c.screenshot("held-overview-da.png").await;

        // The total opens exactly the deals it counts: open ones with money paid in.
        let count = c.attr(TOTAL, "data-count").await;
        c.click(TOTAL).await;
        c.until_for(&format!("the list of the {count} deals in escrow"), Duration::from_secs(30), async || {
            let shown = c.try_find("[data-testid='result-count']").await?.content().await;
            let digits: String = shown.chars().filter(char::is_ascii_digit).collect();
            (!shown.is_empty() && digits == count).then_some(())
        })
        .await;
        c.click("[data-testid='filters-toggle']").await;
        assert_eq!(c.attr("[data-testid='filter-paid-in']", "value").await, "some");
    })
    .await;
}
