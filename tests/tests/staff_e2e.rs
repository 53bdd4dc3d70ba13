//! End-to-end for staff-grade work (issue 15), in the real window on the built-in Sandbox:
//! the detail page never shifts the window, Danish grouped mileage, the payout's
//! consequence panel against the sandbox's ledger, and the list at the minimum size.

use escrow_desk_e2e::{AppWindow, capped, open_transaction};
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
