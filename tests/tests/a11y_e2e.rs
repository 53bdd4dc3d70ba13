//! End-to-end: the axe-core audit in the real window, on every page and the main dialogs,
//! in light and dark. axe's script is injected through WebDriver's script execution (not
//! subject to the page's CSP, which stays as it is) from `ui/node_modules/axe-core`
//! (`npm ci` in `ui` installs it). Any serious or critical violation fails the test; each
//! is printed with its rule, target and help.

use escrow_desk_e2e::{AppWindow, Control, capped_for, fill_business_user, initiate_trade, sandbox_url};
use serde_json::{Value, json};
use std::time::Duration;

const SANDBOX_KEY: &str = "sandbox-demo-key";

/// axe's browser build, as `npm ci` in `ui` installs it.
fn axe_source() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../ui/node_modules/axe-core/axe.min.js");
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e} (run `npm ci` in ui)"))
}

/// Injects axe once per page load (the app is one page: it stays across navigation).
async fn ensure_axe(c: &AppWindow, source: &str) {
    if c.execute("return typeof window.axe", vec![]).await == json!("object") {
        return;
    }
    let loaded = c.execute(&format!("{source}\n;return typeof window.axe;"), vec![]).await;
    assert_eq!(loaded, json!("object"), "axe did not load in the window");
}

/// Runs axe on `scope` (a CSS selector; the whole document when `None`) and returns its
/// serious and critical violations, and heading order (moderate, but a screen reader's
/// outline of the page), one line each: rule, impact, help, targets. The other lesser ones
/// are printed as a note (they do not fail).
async fn audit(c: &AppWindow, source: &str, scope: Option<&str>) -> Vec<String> {
    ensure_axe(c, source).await;
    let js = "const done = arguments[arguments.length - 1]; \
              const scope = arguments[0] ? document.querySelector(arguments[0]) : document; \
              const grave = (v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'heading-order'; \
              window.axe.run(scope, { resultTypes: ['violations'] }).then((r) => done({ \
                lesser: r.violations.filter((v) => !grave(v)).map((v) => `${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`), \
                grave: r.violations.filter(grave) \
                .map((v) => ({ id: v.id, impact: v.impact, help: v.help, \
                   nodes: v.nodes.map((n) => n.target.join(' ') + ' :: ' + (n.failureSummary || '').replace(/\\s+/g, ' ')) })) })) \
                .catch((e) => done({ error: String(e) }));";
    let found = c.execute_async(js, vec![scope.map_or(Value::Null, |s| json!(s))]).await;
    if let Some(err) = found.get("error") {
        c.fail(&format!("axe failed: {err}"));
    }
    let lesser: Vec<&str> = found["lesser"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
    if !lesser.is_empty() {
        eprintln!("  note, lesser axe findings: {}", lesser.join(", "));
    }
    let mut out = Vec::new();
    for v in found["grave"].as_array().into_iter().flatten() {
        let nodes: Vec<String> =
            v["nodes"].as_array().into_iter().flatten().filter_map(|n| n.as_str().map(str::to_owned)).collect();
        out.push(format!(
            "{} ({}): {}\n      {}",
            v["id"].as_str().unwrap_or("?"),
            v["impact"].as_str().unwrap_or("?"),
            v["help"].as_str().unwrap_or("?"),
            nodes.join("\n      ")
        ));
    }
    out
}

/// Lets the page settle (fades, a loading list) before it is audited.
async fn settle(c: &AppWindow) {
    tokio::time::sleep(Duration::from_millis(600)).await;
    let js = "const done = arguments[arguments.length - 1]; \
              requestAnimationFrame(() => requestAnimationFrame(() => done(true))); setTimeout(() => done(true), 500);";
    c.execute_async(js, vec![]).await;
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

/// Every page and main dialog in one theme; the violations found, each named by where.
async fn audit_all(c: &AppWindow, axe: &str, theme: &str, reference: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut check = async |what: &str, scope: Option<&str>| {
        settle(c).await;
        let violations = audit(c, axe, scope).await;
        eprintln!("audited [{theme}] {what}: {} serious or critical", violations.len());
        for v in violations {
            eprintln!("axe: [{theme}] {what}: {v}");
            found.push(format!("[{theme}] {what}: {v}"));
        }
    };
    c.click(&format!("[data-testid='theme-{theme}']")).await;

    c.click("[data-testid='nav-overview']").await;
    c.find("[data-testid='overview']").await;
    check("overview", None).await;

    c.click("[data-testid='nav-attention']").await;
    c.find("[data-testid='attention']").await;
    check("needs attention", None).await;
    c.screenshot(&format!("a11y-attention-{theme}.png")).await; // to look at the palette

    c.click("[data-testid='nav-transactions']").await;
    c.find("[data-testid='search-input']").await.clear().await;
    c.find("[data-testid='transaction-row']").await;
    check("transactions list", None).await;

    c.click("[data-testid='new-transaction']").await;
    c.find("[data-testid='new-transaction-form']").await;
    check("new transaction form", None).await;
    c.click("[data-testid='nt-type-auto']").await;
    c.find("[data-testid='nt-vehicle']").await;
    c.find("[data-testid='nt-review']").await.dom_click().await; // empty: every required field says so
    c.find("[data-testid='new-transaction-form'] [aria-invalid='true']").await;
    check("new transaction form (Auto) with field errors", None).await;
    c.click("[data-testid='nt-close']").await;

    escrow_desk_e2e::open_transaction(c, reference).await;
    c.find("[data-testid='actions-bar']").await;
    check("transaction detail", None).await;

    c.click("[data-testid='action-cancel']").await;
    c.find("[data-testid='action-dialog']").await;
    check("action dialog (cancel)", Some("[data-testid='action-dialog']")).await;
    c.press('\u{e00c}').await; // Escape
    c.until("the action dialog to close", async || {
        c.try_find("[data-testid='action-dialog']").await.is_none().then_some(())
    })
    .await;

    c.click("[data-testid='nav-users']").await;
    c.find("[data-testid='user-row']").await;
    check("users", None).await;
    c.click("[data-testid='user-row']").await;
    c.find("[data-testid='user-detail']").await;
    check("a user's page", None).await;
    c.click("[data-testid='user-back']").await; // back to the Users list

    c.click("[data-testid='nav-business-users']").await;
    c.find("[data-testid='bu-new']").await;
    check("business users", None).await;

    c.click("[data-testid='nav-trades']").await;
    c.find("[data-testid='trades-user-input']").await;
    check("trades", None).await;

    c.click("[data-testid='nav-documents']").await;
    c.find("[data-testid='documents-page']").await;
    check("documents", None).await;
    if let Some(open) = c.try_find("[data-testid='document-open']").await {
        open.click().await;
        c.find("[data-testid='document-detail']").await;
        check("a document", None).await;
    }

    c.click("[data-testid='nav-events']").await;
    c.find("[data-testid='webhook-example']").await;
    check("events", None).await;

    c.click("[data-testid='nav-audit']").await;
    c.find("[data-testid='audit-integrity']").await;
    check("audit log", None).await;

    c.click("[data-testid='nav-environments']").await;
    c.find("[data-testid='environment-item']").await;
    check("environments", None).await;

    c.execute("window.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true }))", vec![])
        .await;
    c.find("[data-testid='command-palette']").await;
    check("command palette", Some("[data-testid='command-palette']")).await;
    c.press('\u{e00c}').await;
    c.until("the palette to close", async || {
        c.try_find("[data-testid='command-palette']").await.is_none().then_some(())
    })
    .await;
    found
}

#[tokio::test]
async fn every_page_and_main_dialog_passes_axe_in_light_and_dark() {
    let test = "every_page_and_main_dialog_passes_axe_in_light_and_dark";
    capped_for(test, Duration::from_secs(600), async {
        let axe = axe_source();
        let data = tempfile::tempdir().unwrap();
        let mut c = AppWindow::open(data.path()).await;
        c.set_step_timeout(Duration::from_secs(90)); // axe over a long page on a loaded machine
        c.wait_ready().await;
        c.click("[data-testid='lang-en']").await;
        let sandbox = Control::new(&sandbox_url(&c).await, SANDBOX_KEY);
        let reference = created_reference(&sandbox).await;

        // The audit can fail: an unlabelled field added to the page is reported.
        ensure_axe(&c, &axe).await;
        c.execute(
            "const i = document.createElement('input'); i.id = 'a11y-probe'; document.querySelector('main').append(i);",
            vec![],
        )
        .await;
        let probe = audit(&c, &axe, None).await;
        assert!(
            probe.iter().any(|v| v.starts_with("label ") && v.contains("#a11y-probe")),
            "axe missed the probe: {probe:?}"
        );
        c.execute("document.getElementById('a11y-probe').remove()", vec![]).await;

        let mut found = audit_all(&c, &axe, "light", &reference).await;
        found.extend(audit_all(&c, &axe, "dark", &reference).await);
        assert!(found.is_empty(), "{} serious or critical axe violations (listed above)", found.len());
        c.close().await;
    })
    .await
}

/// Audits `scope` in light and in dark (the theme set as `theme.svelte.ts` sets it: a dialog
/// makes the sidebar's theme buttons inert), collecting the violations named by `what`.
async fn audit_both(c: &AppWindow, axe: &str, what: &str, scope: Option<&str>, found: &mut Vec<String>) {
    for theme in ["light", "dark"] {
        c.execute("document.documentElement.setAttribute('data-theme', arguments[0])", vec![json!(theme)]).await;
        settle(c).await;
        let violations = audit(c, axe, scope).await;
        eprintln!("audited [{theme}] {what}: {} serious or critical", violations.len());
        for v in violations {
            eprintln!("axe: [{theme}] {what}: {v}");
            found.push(format!("[{theme}] {what}: {v}"));
        }
    }
}

#[tokio::test]
async fn work_in_progress_passes_axe_in_light_and_dark() {
    let test = "work_in_progress_passes_axe_in_light_and_dark";
    capped_for(test, Duration::from_secs(600), async {
        let axe = axe_source();
        let data = tempfile::tempdir().unwrap();
        let mut c = AppWindow::open(data.path()).await;
        c.set_step_timeout(Duration::from_secs(90));
        c.wait_ready().await;
        c.click("[data-testid='lang-en']").await;
        let mut found = Vec::new();

        // A bulk payout of two paid deals: its confirmation, then its progress (states as text).
        c.click("[data-testid='filters-toggle']").await;
        c.click("[data-testid='filter-status-PAID']").await;
        c.click("[data-testid='filters-toggle']").await;
        c.until("paid deals listed", async || {
            let rows = c.find_all("[data-testid='transaction-row']").await;
            let mut paid = rows.len() >= 2;
            for r in rows.iter().take(2) {
                paid &= r.content_or_empty().await.to_uppercase().contains("PAID");
            }
            paid.then_some(())
        })
        .await;
        let checks = c.find_all("[data-testid='bulk-row-check']").await;
        checks[0].click().await;
        checks[1].click().await;
        c.click("[data-testid='bulk-payout']").await;
        let total = c.find_for("[data-testid='bulk-total']", Duration::from_secs(60)).await;
        let total = total.attr("data-amount").await.unwrap_or_default();
        audit_both(&c, &axe, "bulk confirmation", Some("[data-testid='bulk-dialog']"), &mut found).await;
        c.type_into("[data-testid='bulk-type-total']", &total).await;
        c.submit("[data-testid='bulk-start']").await;
        c.find_for("[data-testid='bulk-progress'][data-state='finished']", Duration::from_secs(90)).await;
        audit_both(&c, &axe, "bulk progress", Some("[data-testid='bulk-dialog']"), &mut found).await;
        c.press('\u{e00c}').await;
        c.until("the bulk dialog to close", async || {
            c.try_find("[data-testid='bulk-dialog']").await.is_none().then_some(())
        })
        .await;

        // The audit log with the run's rows.
        c.click("[data-testid='nav-audit']").await;
        c.find("[data-testid='audit-row']").await;
        audit_both(&c, &axe, "audit log with rows", None, &mut found).await;

        // The snooze dialog from the attention queue.
        c.click("[data-testid='nav-attention']").await;
        c.click("[data-testid='attention-snooze']").await;
        c.find("[data-testid='snooze-dialog']").await;
        audit_both(&c, &axe, "snooze dialog", Some("[data-testid='snooze-dialog']"), &mut found).await;

        assert!(found.is_empty(), "{} serious or critical axe violations (listed above)", found.len());
        c.close().await;
    })
    .await
}

#[tokio::test]
async fn trades_and_business_users_with_data_pass_axe_in_light_and_dark() {
    let test = "trades_and_business_users_with_data_pass_axe_in_light_and_dark";
    capped_for(test, Duration::from_secs(600), async {
        let axe = axe_source();
        let data = tempfile::tempdir().unwrap();
        let mut c = AppWindow::open(data.path()).await;
        c.set_step_timeout(Duration::from_secs(90));
        c.wait_ready().await;
        c.click("[data-testid='lang-en']").await;
        let sandbox = Control::new(&sandbox_url(&c).await, SANDBOX_KEY);
        let mut found = Vec::new();

        // The business user form with the service's field error in place, then the list.
        fill_business_user(&c, "ACME-1").await;
        c.submit("[data-testid='bu-save']").await;
        c.find("[data-testid='bu-businessId-error']").await;
        audit_both(&c, &axe, "business user form with a field error", None, &mut found).await;
        c.type_into("[data-testid='bu-businessId']", "29876543").await;
        c.submit("[data-testid='bu-save']").await;
        let seller = c.attr("[data-testid='business-user-row']", "data-user-id").await;
        audit_both(&c, &axe, "business users with a row", None, &mut found).await;

        // A trade: its detail with the party actions, an action's dialog, the buyer's list.
        sandbox
            .post("/_sandbox/trade/users", json!({ "marketplaceUserId": "a11y-buyer", "name": "Mette Buyer" }))
            .await;
        initiate_trade(&c, "a11y-buyer", &seller, "Racercykel", "1500").await;
        audit_both(&c, &axe, "trade detail", None, &mut found).await;
        c.click("[data-testid='trade-action-AcceptAndPay'][data-party='payer']").await;
        c.find("[data-testid='trade-action-dialog']").await;
        audit_both(&c, &axe, "trade action dialog", Some("[data-testid='trade-action-dialog']"), &mut found).await;
        c.press('\u{e00c}').await;
        c.until("the trade dialog to close", async || {
            c.try_find("[data-testid='trade-action-dialog']").await.is_none().then_some(())
        })
        .await;
        c.click("[data-testid='trade-back']").await;
        c.find("[data-testid='trade-row']").await;
        audit_both(&c, &axe, "trades with a row", None, &mut found).await;

        assert!(found.is_empty(), "{} serious or critical axe violations (listed above)", found.len());
        c.close().await;
    })
    .await
}
