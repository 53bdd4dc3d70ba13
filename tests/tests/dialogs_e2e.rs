//! End-to-end for the dialogs of issue 32, in the real window on the built-in Sandbox:
//! - a money move the consequence says the service would refuse cannot be confirmed: Confirm
//!   is off with the reason beside it, and nothing reaches the sandbox's ledger;
//! - at 960×600 a money dialog's Confirm and Close stay in sight (the dialog's body scrolls);
//! - Help → Copy diagnostics, from the menu's path and from the command palette, puts the
//!   diagnostics (and no key) on the window's X clipboard;
//! - "Review" on an empty new-transaction form brings its first error into sight and focus.
//!
//! The showcase Tesla (`EV 48 213`): 289,500 paid in, payee fee 495, a pending 2,495 split
//! payout to the tenant: at most 286,510 can be reimbursed.

use escrow_desk_e2e::consequence::{consequence_when, ledger_amounts};
use escrow_desk_e2e::{AppWindow, Control, capped, danish, detail_id, open_action, open_transaction, sandbox_url};
use serde_json::Value;
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

const ENTER: char = '\u{e007}';
const CONTROL: char = '\u{e009}';

/// The window with the showcase deal open; the sandbox's control API and the deal's id.
async fn showcase(c: &AppWindow) -> (Control, String) {
    let sandbox = Control::new(&sandbox_url(c).await, escrow_sandbox::DEMO_KEY);
    open_transaction(c, "EV 48 213").await;
    let id = detail_id(c).await;
    (sandbox, id)
}

/// The window at its minimum size, once the page has taken it.
async fn at_960x600(c: &AppWindow) {
    c.resize(960, 600).await;
    c.until("the window at 960×600", async || {
        let size = c.execute("return [window.innerWidth, window.innerHeight];", vec![]).await;
        let (w, h) = (size[0].as_f64().unwrap_or(0.0), size[1].as_f64().unwrap_or(0.0));
        (w <= 960.0 && h <= 600.0).then_some(())
    })
    .await;
}

/// Where the element `css` is, and whether a click at its centre lands on it (not on
/// something drawn over it, and not clipped away by a scrolling parent).
const IN_SIGHT: &str = r#"
const el = document.querySelector(arguments[0]);
if (!el) return { found: false };
const r = el.getBoundingClientRect();
const x = r.left + r.width / 2, y = r.top + r.height / 2;
const hit = document.elementFromPoint(x, y);
return { found: true, top: r.top, bottom: r.bottom, left: r.left, right: r.right,
  width: innerWidth, height: innerHeight, hit: !!hit && (hit === el || el.contains(hit)) };
"#;

async fn in_sight(c: &AppWindow, css: &str) -> Value {
    c.execute(IN_SIGHT, vec![Value::String(css.into())]).await
}

fn fully_inside(v: &Value) -> bool {
    let n = |k: &str| v[k].as_f64().unwrap_or(f64::NAN);
    v["found"] == true
        && n("top") >= 0.0
        && n("left") >= 0.0
        && n("bottom") <= n("height")
        && n("right") <= n("width")
        && v["hit"] == true
}

#[tokio::test]
async fn a_reimbursement_above_the_maximum_cannot_be_confirmed_and_says_why() {
    capped("a_reimbursement_above_the_maximum_cannot_be_confirmed_and_says_why", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        let (sandbox, id) = showcase(&c).await;

        open_action(&c, "action-reimburse", &[("action-amount", "300,000")]).await;
        let shown = consequence_when(&c, "the reimbursement refused", |s| s.blocked.is_some()).await;
        assert_eq!(shown.blocked.as_deref(), Some("overReimbursable"), "{shown:?}");
        // Typed as asked: Confirm still stays off, and says why beside it.
        let expected = c.content("[data-testid='confirm-amount-expected']").await;
        c.type_into("[data-testid='confirm-amount-input']", &expected).await;
        c.until("the confirmation to match", async || {
            (c.attr("[data-testid='confirm-amount-input']", "data-matches").await == "true").then_some(())
        })
        .await;
        let why = c.content("[data-testid='action-why-disabled']").await;
        assert_eq!(why, "At most DKK 286,510.00 can be reimbursed.");
        let confirm = c.find("[data-testid='action-confirm']").await;
        assert!(!confirm.is_enabled().await, "Confirm is enabled above the maximum");
        assert_eq!(c.content("[data-testid='action-cancel-dialog']").await, "Close", "the dismiss button's name");
        c.screenshot("dialogs-reimburse-over-maximum.png").await;

        // Neither a click nor Enter in the confirmation sends it.
        confirm.dom_click().await;
        c.find("[data-testid='confirm-amount-input']").await.send_keys(&ENTER.to_string()).await;
        tokio::time::sleep(Duration::from_secs(2)).await;
        assert!(c.try_find("[data-testid='action-result']").await.is_none(), "the reimbursement was sent");
        assert!(
            ledger_amounts(&sandbox, "reimburse", &id).await.is_empty(),
            "the sandbox's ledger gained a reimbursement"
        );

        // Within the maximum the reason goes, and Confirm comes back once the consequence of
        // the new amount is in.
        c.type_into("[data-testid='action-amount']", "200,000").await;
        consequence_when(&c, "200,000 back to the payer", |s| s.blocked.is_none() && s.lines.contains_key("to-payer"))
            .await;
        let expected = c.content("[data-testid='confirm-amount-expected']").await;
        c.type_into("[data-testid='confirm-amount-input']", &expected).await;
        c.find("[data-testid='action-confirm']:not([disabled])").await;
        assert!(c.try_find("[data-testid='action-why-disabled']").await.is_none(), "a reason is left beside Confirm");
        c.close().await;
    })
    .await
}

#[tokio::test]
async fn at_960x600_the_payout_dialogs_confirm_and_close_stay_in_sight() {
    capped("at_960x600_the_payout_dialogs_confirm_and_close_stay_in_sight", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        at_960x600(&c).await;
        showcase(&c).await;
        open_action(&c, "action-payout", &[]).await;
        consequence_when(&c, "the payout", |_| true).await;
        // Confirm, Close and why Confirm is off ("Type 289,500.00 to confirm.") are all in sight.
        for part in ["action-confirm", "action-cancel-dialog", "action-why-disabled"] {
            let seen = in_sight(&c, &format!("[data-testid='{part}']")).await;
            assert!(fully_inside(&seen), "{part} is not in sight at 960×600: {seen}");
        }
        // The dialog's body scrolls under its buttons; they stay where they are.
        c.execute("document.querySelector(\"[data-testid='action-dialog']\").scrollTop = 0;", vec![]).await;
        let seen = in_sight(&c, "[data-testid='action-confirm']").await;
        assert!(fully_inside(&seen), "Confirm scrolled away with the body: {seen}");
        c.screenshot("dialogs-payout-960x600.png").await;
        // And usable: the amount typed, Confirm pays out.
        let expected = c.content("[data-testid='confirm-amount-expected']").await;
        c.type_into("[data-testid='confirm-amount-input']", &expected).await;
        c.click("[data-testid='action-confirm']:not([disabled])").await;
        let state = c.find_for("[data-testid='action-result']", Duration::from_secs(30)).await.attr("data-state").await;
        assert_eq!(state.as_deref(), Some("succeeded"));
        c.close().await;
    })
    .await
}

/// The X clipboard of the window's display, as another program would paste it (None: empty).
fn x_clipboard(c: &AppWindow) -> Option<String> {
    let out = Command::new("xclip")
        .args(["-o", "-selection", "clipboard"])
        .env("DISPLAY", c.display())
        .stdin(Stdio::null())
        .output()
        .expect("xclip on PATH (scripts/setup-system.sh installs it)");
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Puts `text` on the window's X clipboard (xclip keeps serving it until another owner takes over).
fn set_x_clipboard(c: &AppWindow, text: &str) {
    let mut child = Command::new("xclip")
        .args(["-i", "-selection", "clipboard"])
        .env("DISPLAY", c.display())
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("xclip on PATH (scripts/setup-system.sh installs it)");
    child.stdin.take().expect("xclip's stdin").write_all(text.as_bytes()).unwrap();
    let _ = child.wait();
}

/// Waits for a toast saying `text`.
async fn toast(c: &AppWindow, text: &str) {
    c.until(&format!("a toast: {text}"), async || {
        for t in c.find_all("[data-testid='toast']").await {
            let said = t.content_or_empty().await;
            if said.contains(text) {
                return Some(());
            }
            if said.contains("Could not copy") || said.contains("kunne ikke kopieres") {
                c.fail(&format!("the copy failed: {said}"));
            }
        }
        None
    })
    .await
}

/// Waits until the window's clipboard holds the diagnostics, and checks them.
async fn diagnostics_on_clipboard(c: &AppWindow) {
    let text = c
        .until_for("the diagnostics on the X clipboard", Duration::from_secs(10), async || {
            x_clipboard(c).filter(|t| t.starts_with("Escrow Desk "))
        })
        .await;
    assert!(text.contains("Log folder:"), "{text}");
    assert!(text.contains("Environment: Sandbox"), "names the environment: {text}");
    assert!(!text.contains(escrow_sandbox::DEMO_KEY), "the built-in Sandbox's key is on the clipboard");
    assert!(!text.to_lowercase().contains("bearer "), "an Authorization header is on the clipboard");
}

#[tokio::test]
async fn copy_diagnostics_from_the_menu_and_the_palette_fills_the_clipboard() {
    capped("copy_diagnostics_from_the_menu_and_the_palette_fills_the_clipboard", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;

        // Help → Copy diagnostics: the native menu hands its item's id to the window as this event.
        set_x_clipboard(&c, "before the menu");
        c.execute("window.dispatchEvent(new CustomEvent('desk-menu', { detail: 'copy-diagnostics' }))", vec![]).await;
        toast(&c, "Diagnostics copied").await;
        diagnostics_on_clipboard(&c).await;

        // The command palette, from the keyboard, in Danish.
        danish(&c).await;
        set_x_clipboard(&c, "before the palette");
        assert_eq!(x_clipboard(&c).as_deref(), Some("before the palette"));
        c.chord(&[CONTROL, 'k']).await;
        c.find("[data-testid='command-palette']").await;
        c.find("[data-testid='palette-input']").await.send_keys("diagnos").await;
        c.until("the palette's entry", async || {
            let items = c.find_all("[data-testid='palette-item']").await;
            let first = match items.first() {
                Some(i) => i.content_or_empty().await,
                None => String::new(),
            };
            (first.trim() == "Kopiér diagnosticering").then_some(())
        })
        .await;
        c.press(ENTER).await;
        toast(&c, "Diagnosticering kopieret").await;
        diagnostics_on_clipboard(&c).await;
        c.screenshot("dialogs-diagnostics-copied.png").await;
        c.close().await;
    })
    .await
}

#[tokio::test]
async fn reviewing_an_empty_new_transaction_brings_its_error_into_sight_and_focus() {
    capped("reviewing_an_empty_new_transaction_brings_its_error_into_sight_and_focus", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        at_960x600(&c).await;
        c.click("[data-testid='nav-transactions']").await;
        c.click("[data-testid='new-transaction']").await;
        c.find("[data-testid='new-transaction-form']").await;
        // Review sits at the foot of the form: clicking it scrolls the form's top out of sight.
        c.click("[data-testid='nt-review']").await;
        let error = c.find("[data-testid='nt-amount-error']").await;
        assert_eq!(error.text().await, "Enter an amount.");
        c.until("the amount field focused and in sight", async || {
            let focused = c.execute("return document.activeElement?.dataset?.testid ?? null;", vec![]).await;
            let field = in_sight(&c, "[data-testid='nt-amount']").await;
            let message = in_sight(&c, "[data-testid='nt-amount-error']").await;
            (focused == "nt-amount" && fully_inside(&field) && fully_inside(&message)).then_some(())
        })
        .await;
        c.screenshot("dialogs-new-transaction-first-error.png").await;
        c.close().await;
    })
    .await
}
