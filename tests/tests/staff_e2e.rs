//! End-to-end for staff-grade work (issue 15), in the real window on the built-in Sandbox:
//! the detail page never shifts the window, Danish grouped mileage, the list at the minimum
//! size, a refusal in Danish. No English (or raw value) on any screen, in both languages:
//! `raw_values_e2e.rs`. The money dialogs' consequence panels against the sandbox's ledger:
//! `consequence_e2e.rs`.

use escrow_desk_e2e::{AppWindow, Control, capped, danish, detail_id, open_transaction, sandbox_url};
use std::time::Duration;

/// How far the document and `main` are scrolled, and how far they could be.
const SCROLL_STATE: &str = "const m = document.querySelector('main'); const d = document.scrollingElement; \
    return [d.scrollTop, d.scrollHeight - d.clientHeight, m.scrollTop, m.scrollHeight - m.clientHeight, \
    window.innerHeight, document.querySelector('.shell').getBoundingClientRect().bottom];";

#[tokio::test]
async fn scrolling_a_detail_page_to_its_end_never_shifts_the_window() {
    capped("scrolling_a_detail_page_to_its_end_never_shifts_the_window", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        open_transaction(&c, "EV 48 213").await;
        c.find("[data-testid='documents-panel']").await;
        // Wheel over the detail page well past its end: the page scrolls, the window does not.
        for _ in 0..12 {
            c.wheel(600, 400, 600).await;
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
        let detail_top = c.execute("return document.querySelector('.detail').scrollTop;", vec![]).await;
        assert!(detail_top.as_f64().unwrap_or(0.0) > 100.0, "the detail page did not scroll: {detail_top}");
        let state = c.execute(SCROLL_STATE, vec![]).await;
        eprintln!("document top, document room, main top, main room, viewport, shell bottom: {state}");
        let n = |i: usize| state[i].as_f64().unwrap_or(-1.0);
        assert_eq!(n(0), 0.0, "the document scrolled: {state}");
        assert_eq!(n(2), 0.0, "main scrolled: {state}");
        assert!(n(1) <= 0.0, "the document can scroll: {state}");
        assert_eq!(n(5), n(4), "the shell does not fill the window: {state}");
        c.close().await;
    })
    .await
}

#[tokio::test]
async fn a_danish_grouped_mileage_is_accepted_and_stored_as_a_whole_number() {
    capped("a_danish_grouped_mileage_is_accepted_and_stored_as_a_whole_number", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        danish(&c).await;
        let sandbox = Control::new(&sandbox_url(&c).await, escrow_sandbox::DEMO_KEY);
        c.click("[data-testid='nav-transactions']").await;
        c.click("[data-testid='new-transaction']").await;
        c.click("[data-testid='nt-type-auto']").await;
        c.find("[data-testid='nt-vehicle']").await;
        for (field, value) in [
            ("nt-amount", "189.500"),
            ("nt-payeeReferenceId", "dealer-01"),
            ("nt-vehicle-brand", "Škoda"),
            ("nt-vehicle-model", "Octavia"),
            ("nt-vehicle-mileage", "45.000"),
        ] {
            c.type_into(&format!("[data-testid='{field}']"), value).await;
        }
        c.submit("[data-testid='nt-review']").await;
        c.find("[data-testid='new-transaction-review']").await;
        assert_eq!(c.content("[data-testid='nt-review-mileage']").await, "45.000 km");
        let expected = c.content("[data-testid='nt-confirm-expected']").await;
        c.type_into("[data-testid='nt-confirm-input']", &expected).await;
        c.submit("[data-testid='nt-create']").await;
        c.find("[data-testid='transaction-detail']").await;
        let id = detail_id(&c).await;
        let stored = sandbox.get(&format!("/v2/transactions/{id}")).await;
        assert_eq!(stored["autoInformation"]["mileage"], 45000, "{stored}");
        c.close().await;
    })
    .await
}

#[tokio::test]
async fn at_the_minimum_size_the_list_shows_title_plate_amount_and_status() {
    capped("at_the_minimum_size_the_list_shows_title_plate_amount_and_status", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        c.resize(960, 600).await;
        c.until("the window at 960 wide", async || {
            let w = c.execute("return window.innerWidth;", vec![]).await.as_f64().unwrap_or(0.0);
            (w <= 960.0).then_some(())
        })
        .await;
        c.type_into("[data-testid='search-input']", "Tesla").await;
        c.wait_at_least("[data-testid='transaction-row']", 1).await;
        // Every part the row needs is inside the window and not clipped by its cell.
        let js = "const row = document.querySelector(\"[data-testid='transaction-row']\"); const out = {}; \
            for (const id of ['row-title', 'row-plate', 'row-amount', 'row-status']) { \
              const el = row.querySelector(`[data-testid='${id}']`); if (!el) { out[id] = 'missing'; continue; } \
              const r = el.getBoundingClientRect(); const inner = id === 'row-status' ? el.firstElementChild.getBoundingClientRect() : r; \
              out[id] = (r.width > 0 && inner.right <= innerWidth && inner.right <= r.right + 1 && el.scrollWidth <= el.clientWidth + 1 || id === 'row-title' && r.width > 60) \
                ? 'ok' : `clipped ${Math.round(inner.right)} of ${innerWidth}`; } return out;";
        let seen = c.execute(js, vec![]).await;
        for part in ["row-title", "row-plate", "row-amount", "row-status"] {
            assert_eq!(seen[part], "ok", "{part}: {seen}");
        }
        c.screenshot("transactions-960x600.png").await;
        c.close().await;
    })
    .await
}

#[tokio::test]
async fn in_danish_a_refusal_is_said_in_danish_with_the_original_under_details() {
    capped("in_danish_a_refusal_is_said_in_danish_with_the_original_under_details", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        danish(&c).await;
        let sandbox = Control::new(&sandbox_url(&c).await, escrow_sandbox::DEMO_KEY);
        open_transaction(&c, "EV 48 213").await;
        let id = detail_id(&c).await;
        // 200,000 is within the 286,510 the dialog computed, but before Confirm a colleague
        // reimburses 100,000 over the API: the service refuses what is now too much.
        escrow_desk_e2e::open_action(&c, "action-reimburse", &[("action-amount", "200.000,00")]).await;
        escrow_desk_e2e::consequence::consequence_when(&c, "200,000 within the maximum", |s| {
            s.blocked.is_none() && s.lines.contains_key("to-payer")
        })
        .await;
        sandbox
            .post(&format!("/v2/transactions/{id}/reimburse-payer"), serde_json::json!({ "amount": "100000.00" }))
            .await;
        let state = escrow_desk_e2e::confirm_action(&c).await;
        assert_eq!(state, "failed");
        let said = c.content("[data-testid='action-result-detail']").await;
        assert!(said.contains("186.510,00"), "the limit in Danish money: {said}");
        assert!(!said.contains("Amount exceeds") && !said.contains("reimbursable"), "no English: {said}");
        let original = c.content("[data-testid='action-result-original']").await;
        assert!(original.contains("186510"), "the service's own words kept under Details: {original}");
        let reimbursed = escrow_desk_e2e::consequence::ledger_amounts(&sandbox, "reimburse", &id).await;
        assert_eq!(reimbursed.len(), 1, "only the colleague's reimbursement: {reimbursed:?}");
        c.close().await;
    })
    .await
}
