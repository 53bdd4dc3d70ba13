//! End-to-end: the keyboard alone, in the real window. Tab reaches the controls of the main
//! pages and each one shows a focus ring; an action opened with Enter keeps Tab inside its
//! dialog and Escape gives focus back to the button that opened it; the command palette
//! opens with Ctrl+K and runs a command with Enter.

use escrow_desk_e2e::{AppWindow, Control, capped, open_transaction, sandbox_url};
use serde_json::Value;
use std::time::Duration;

const SANDBOX_KEY: &str = "sandbox-demo-key";
const TAB: char = '\u{e004}';
const ENTER: char = '\u{e007}';
const ESCAPE: char = '\u{e00c}';
const CONTROL: char = '\u{e009}';

/// The focused element: what it is, whether it shows a ring, whether it is inside an open dialog.
const FOCUSED: &str = "const a = document.activeElement; \
    if (!a || a === document.body) return null; \
    const s = getComputedStyle(a); \
    const ring = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 1; \
    const name = (a.getAttribute('aria-label') || a.textContent || a.value || '').trim().replace(/\\s+/g, ' ').slice(0, 40); \
    return { what: a.tagName.toLowerCase() + (a.id ? '#' + a.id : '') + (a.dataset.testid ? `[${a.dataset.testid}]` : '') + ` \"${name}\"`, \
             ring, testid: a.dataset.testid || '', inDialog: !!a.closest('dialog[open]') };";

async fn focused(c: &AppWindow) -> Value {
    c.execute(FOCUSED, vec![]).await
}

/// Presses Tab `stops` times from the top of the page; the focused controls without a ring.
async fn tab_through(c: &AppWindow, page: &str, stops: usize) -> Vec<String> {
    c.execute("document.activeElement?.blur(); window.getSelection()?.removeAllRanges();", vec![]).await;
    let mut missing = Vec::new();
    let mut seen = 0;
    for _ in 0..stops {
        c.press(TAB).await;
        let f = focused(c).await;
        if f.is_null() {
            continue;
        }
        seen += 1;
        eprintln!("{page}: Tab {seen} → {}", f["what"].as_str().unwrap_or("?"));
        if f["ring"] != true {
            missing.push(format!("{page}: {}", f["what"].as_str().unwrap_or("?")));
        }
    }
    assert!(seen > stops / 2, "{page}: Tab reached only {seen} of {stops} stops");
    missing
}

/// A CREATED transaction's reference id from the demo data (it offers a cancel action).
async fn created_reference(sandbox: &Control) -> String {
    let page = sandbox.get("/v2/transactions?Take=100").await;
    page["items"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|t| t["status"] == "CREATED" && t["referenceId"].is_string())
        .and_then(|t| t["referenceId"].as_str().map(str::to_owned))
        .expect("a CREATED transaction with a reference id in the demo data")
}

#[tokio::test]
async fn the_keyboard_reaches_every_control_with_a_ring_and_dialogs_trap_and_return_focus() {
    capped("the_keyboard_reaches_every_control_with_a_ring_and_dialogs_trap_and_return_focus", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        let sandbox = Control::new(&sandbox_url(&c).await, SANDBOX_KEY);
        let reference = created_reference(&sandbox).await;

        // Every control Tab reaches shows a ring (the sidebar's and each page's own).
        let mut missing = tab_through(&c, "environments", 30).await;
        c.click("[data-testid='nav-overview']").await;
        c.find("[data-testid='escrow-total']").await;
        missing.extend(tab_through(&c, "overview", 30).await);
        c.click("[data-testid='nav-users']").await;
        c.find("[data-testid='user-row']").await;
        missing.extend(tab_through(&c, "users", 30).await);
        c.click("[data-testid='nav-transactions']").await;
        c.find("[data-testid='transaction-row']").await;
        missing.extend(tab_through(&c, "transactions", 30).await);
        open_transaction(&c, &reference).await;
        c.find("[data-testid='action-cancel']").await;
        missing.extend(tab_through(&c, "transaction detail", 40).await);
        assert!(missing.is_empty(), "focused without a visible ring:\n  {}", missing.join("\n  "));

        // An action opened from the keyboard: focus moves into the dialog, Tab stays there,
        // Escape closes it and focus is back on the button.
        c.execute("document.querySelector(\"[data-testid='action-cancel']\").focus()", vec![]).await;
        c.press(ENTER).await;
        c.find("[data-testid='action-dialog']").await;
        c.until("focus inside the dialog", async || (focused(&c).await["inDialog"] == true).then_some(())).await;
        for i in 0..20 {
            c.press(TAB).await;
            let f = focused(&c).await;
            assert_eq!(f["inDialog"], true, "Tab {i} left the dialog: {f}");
            assert_eq!(f["ring"], true, "no ring in the dialog: {f}");
        }
        c.press(ESCAPE).await;
        c.until("the dialog to close", async || {
            c.try_find("[data-testid='action-dialog']").await.is_none().then_some(())
        })
        .await;
        let back = focused(&c).await;
        assert_eq!(back["testid"], "action-cancel", "focus not returned to the opener: {back}");

        // The command palette from the keyboard: Ctrl+K, a few letters, Enter.
        c.chord(&[CONTROL, 'k']).await;
        c.find("[data-testid='command-palette']").await;
        assert_eq!(focused(&c).await["testid"], "palette-input");
        c.find("[data-testid='palette-input']").await.send_keys("environments").await;
        c.press(ENTER).await;
        c.find("[data-testid='environment-item']").await;
        assert!(c.try_find("[data-testid='command-palette']").await.is_none(), "the palette stayed open");
        c.close().await;
    })
    .await
}

#[tokio::test]
async fn confirming_a_money_dialog_with_enter_leaves_focus_on_the_page() {
    capped("confirming_a_money_dialog_with_enter_leaves_focus_on_the_page", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        open_transaction(&c, "EV 48 213").await;
        c.find("[data-testid='action-payout']").await;
        c.execute("document.querySelector(\"[data-testid='action-payout']\").focus()", vec![]).await;
        c.press(ENTER).await;
        c.find("[data-testid='action-dialog']").await;
        if let Some(expected) = c.try_find("[data-testid='confirm-amount-expected']").await {
            let amount = expected.text().await;
            c.type_into("[data-testid='confirm-amount-input']", &amount).await;
        }
        c.find_for("[data-testid='action-confirm']:not([disabled])", Duration::from_secs(30)).await;
        c.execute("document.querySelector(\"[data-testid='action-confirm']\").focus()", vec![]).await;
        c.press(ENTER).await;
        c.until_for("the dialog to close", Duration::from_secs(30), async || {
            c.try_find("[data-testid='action-dialog']").await.is_none().then_some(())
        })
        .await;
        c.find_for("[data-testid='action-result']", Duration::from_secs(30)).await;
        // Also once the deal has been read again (its buttons change: Pay out is gone).
        tokio::time::sleep(Duration::from_secs(3)).await;
        let f = focused(&c).await;
        assert!(!f.is_null(), "focus lost to the page's body after the dialog closed");
        let what = f["what"].as_str().unwrap_or_default();
        assert!(what.starts_with("h1") || f["testid"] == "action-payout", "focus on the opener or the heading: {f}");
        c.close().await;
    })
    .await
}
