//! End-to-end for issue 32's "no raw values anywhere", in the real window on the built-in
//! Sandbox: after a payout, a partial reimbursement, a refused reimbursement, a cancel and a
//! new deal, every page and dialog is walked in Danish and in English, and no screen may show
//! an enum value in capitals, a code name, an ISO timestamp, JSON, the browser's own file
//! input, a date field in another language — or, in Danish, an English word (the rules and
//! lists: `tests/src/raw_text.rs`). Every offending text is printed with its screen.

use escrow_desk_e2e::raw_text::{Finding, scan};
use escrow_desk_e2e::raw_walk::{Scans, danish_window, escape_from, language, report};
use escrow_desk_e2e::{AppWindow, Control, capped_for, open_transaction, run_action};
use serde_json::json;
use std::time::Duration;

/// A deal of the demo data in `status` with a reference id, other than `but`.
async fn reference_in(sandbox: &Control, status: &str, but: &[&str]) -> String {
    let page = sandbox.get("/v2/transactions?Take=200").await;
    let found = page["items"].as_array().into_iter().flatten().find(|t| {
        let r = t["referenceId"].as_str().unwrap_or_default();
        t["status"] == status && !r.is_empty() && !but.contains(&r)
    });
    found.and_then(|t| t["referenceId"].as_str().map(str::to_owned)).unwrap_or_else(|| panic!("a {status} demo deal"))
}

/// Opens the deal `search` finds, refreshing the list until the local copy has it (a new
/// deal reaches the list with the next sync).
async fn open_fresh(c: &AppWindow, search: &str) {
    c.click("[data-testid='nav-transactions']").await;
    c.type_into("[data-testid='search-input']", search).await;
    c.until(&format!("a row for {search}"), async || {
        if c.count("[data-testid='transaction-row']").await == 1 {
            return Some(());
        }
        if let Some(refresh) = c.try_find("[data-testid='refresh-button']:not([disabled])").await {
            refresh.click().await;
        }
        tokio::time::sleep(Duration::from_millis(700)).await;
        None
    })
    .await;
    // The list re-renders when a refresh answers: open the row once it has.
    c.find("[data-testid='refresh-button']:not([disabled])").await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    open_transaction(c, search).await;
}

/// The deals the walk opens: the showcase (paid out), one reimbursed, one cancelled, one new.
struct Deals {
    paid_out: String,
    reimbursed: String,
    cancelled: String,
    created: String,
}

/// What the audit log and the timelines need rows for: a payout, a partial reimbursement, a
/// reimbursement the service refuses, a cancel and a new Auto deal.
async fn make_history(c: &AppWindow, sandbox: &Control) -> Deals {
    // The local copy's first pass done first: the payout is then a change it notices.
    c.click("[data-testid='nav-overview']").await;
    c.until_for("the local copy's first pass", Duration::from_secs(90), async || {
        let synced = c.count("[data-testid='mirror-as-of']").await > 0;
        (synced && c.count("[data-testid='mirror-syncing']").await == 0).then_some(())
    })
    .await;
    open_transaction(c, "EV 48 213").await;
    assert_eq!(run_action(c, "action-payout", &[]).await, "succeeded");
    let reimbursed = reference_in(sandbox, "PAID", &[]).await;
    let cancelled = reference_in(sandbox, "CREATED", &[]).await;
    open_transaction(c, &reimbursed).await;
    assert_eq!(run_action(c, "action-reimburse", &[("action-amount", "1000")]).await, "succeeded");
    let refuse = json!({ "rules": [{ "method": "POST", "pathPrefix": "/v2/transactions", "kind": "status",
        "status": 400, "count": 1 }] });
    sandbox.put("/_sandbox/faults", refuse).await;
    assert_eq!(run_action(c, "action-reimburse", &[("action-amount", "500")]).await, "failed");
    sandbox.put("/_sandbox/faults", json!({ "rules": [] })).await;
    open_transaction(c, &cancelled).await;
    assert_eq!(run_action(c, "action-cancel", &[("action-reason", "Kunden fortrød")]).await, "succeeded");

    c.click("[data-testid='nav-transactions']").await;
    c.click("[data-testid='new-transaction']").await;
    c.click("[data-testid='nt-type-auto']").await;
    c.find("[data-testid='nt-vehicle']").await;
    for (field, value) in [
        ("nt-amount", "189500"),
        ("nt-title", "Škoda Octavia — raw values"),
        ("nt-payeeReferenceId", "dealer-01"),
        ("nt-vehicle-brand", "Škoda"),
        ("nt-vehicle-model", "Octavia"),
        ("nt-vehicle-mileage", "45000"),
    ] {
        c.type_into(&format!("[data-testid='{field}']"), value).await;
    }
    c.submit("[data-testid='nt-review']").await;
    c.find("[data-testid='new-transaction-review']").await;
    let expected = c.content("[data-testid='nt-confirm-expected']").await;
    c.type_into("[data-testid='nt-confirm-input']", &expected).await;
    c.submit("[data-testid='nt-create']").await;
    c.find("[data-testid='transaction-detail']").await;
    Deals { paid_out: "EV 48 213".into(), reimbursed, cancelled, created: "raw values".into() }
}

/// What a paid-out deal's status is called on screen: its badges (overview, list, deal), the
/// status filter's chip and a change's kind.
const PAID_OUT_NAMES: &str = "const out = []; \
    for (const el of document.querySelectorAll(\".status[data-status='SUCCEEDED']\")) if (el.getClientRects().length) out.push(el.textContent.trim()); \
    for (const el of document.querySelectorAll(\"[data-testid='change'][data-kind='succeeded'] .kind\")) out.push(el.textContent.trim()); \
    const chip = document.querySelector(\"[data-testid='filter-status-SUCCEEDED']\"); \
    if (chip && chip.closest('label')) out.push(chip.closest('label').textContent.trim()); \
    return out;";

/// One language's walk: its scans, and the names a paid-out deal's status had.
struct Walk<'a> {
    s: Scans<'a>,
}

impl Walk<'_> {
    async fn page(&mut self, nav: &str, ready: &str) {
        self.s.c.click(&format!("[data-testid='nav-{nav}']")).await;
        self.s.c.find(ready).await;
        self.s.look(nav, None).await;
    }

    /// A screenshot with `css` scrolled into view (to look at what the scan read).
    async fn shot_at(&self, css: &str, name: &str) {
        let js = "const el = document.querySelector(arguments[0]); \
                  if (el) el.scrollIntoView({ block: 'start', inline: 'end' }); return !!el;";
        if self.s.c.execute(js, vec![json!(css)]).await == json!(true) {
            self.s.c.screenshot(&format!("raw-{}-{}.png", self.s.lang, name.replace(' ', "-"))).await;
        }
    }

    /// A deal's page (timeline, documents, payouts) and every action dialog it offers.
    async fn deal(&mut self, name: &str, search: &str) {
        open_fresh(self.s.c, search).await;
        self.s.c.find("[data-testid='timeline-entry']").await;
        self.s.look(&format!("deal {name}"), None).await;
        self.s.c.screenshot(&format!("raw-{}-deal-{}.png", self.s.lang, name.replace(' ', "-"))).await;
        self.shot_at("[data-testid='outbound-payments']", &format!("deal-{name}-payouts")).await;
        self.shot_at("[data-testid='timeline']", &format!("deal-{name}-timeline")).await;
        let bar = self.s.c.execute(
            "return [...document.querySelectorAll(\"[data-testid='actions-bar'] button\")].map((b) => b.dataset.testid);",
            vec![],
        );
        let buttons: Vec<String> =
            bar.await.as_array().into_iter().flatten().filter_map(|v| v.as_str().map(str::to_owned)).collect();
        for b in buttons {
            self.s
                .dialog(
                    &format!("deal {name}: {b} dialog"),
                    &format!("[data-testid='{b}']"),
                    "[data-testid='action-dialog']",
                )
                .await;
        }
        self.s
            .dialog(&format!("deal {name}: split payout cancel"), "[data-testid='split-payout-cancel']", "dialog[open]")
            .await;
        self.s
            .dialog(&format!("deal {name}: document delete"), "[data-testid='document-delete']", "dialog[open]")
            .await;
    }
}

/// Every page and dialog in `lang`; every finding, and where a paid-out deal's status was
/// called what.
async fn walk(c: &AppWindow, lang: &'static str, deals: &Deals) -> (Vec<Finding>, Vec<(String, String)>) {
    language(c, lang).await;
    let mut w = Walk { s: Scans::new(c, lang) };
    w.s.names = Some(PAID_OUT_NAMES);
    // The overview once its change list has the payout (a refresh of the local copy notices it).
    c.click("[data-testid='nav-overview']").await;
    c.until_for("the payout among the changes", Duration::from_secs(60), async || {
        if c.count("[data-testid='change'][data-kind='succeeded']").await > 0 {
            return Some(());
        }
        if let Some(refresh) = c.try_find("[data-testid='mirror-refresh']:not([disabled])").await {
            refresh.click().await;
        }
        tokio::time::sleep(Duration::from_millis(1000)).await;
        None
    })
    .await;
    w.page("overview", "[data-testid='overview']").await;
    c.screenshot(&format!("raw-{lang}-overview.png")).await;
    w.page("attention", "[data-testid='attention'][data-loaded='true']").await;
    w.s.dialog("snooze dialog", "[data-testid='attention-snooze']", "[data-testid='snooze-dialog']").await;

    c.click("[data-testid='nav-transactions']").await;
    c.find("[data-testid='search-input']").await.clear().await;
    c.find("[data-testid='transaction-row']").await;
    w.s.look("transactions", None).await;
    c.click("[data-testid='filters-toggle']").await;
    w.s.look("transactions with filters", None).await;
    c.click("[data-testid='filters-toggle']").await;
    c.click("[data-testid='new-transaction']").await;
    c.find("[data-testid='new-transaction-form']").await;
    w.s.look("new transaction", None).await;
    c.click("[data-testid='nt-type-auto']").await;
    c.find("[data-testid='nt-vehicle']").await;
    c.find("[data-testid='nt-review']").await.dom_click().await;
    w.s.look("new Auto deal with field errors", None).await;
    c.screenshot(&format!("raw-{lang}-new-auto.png")).await;
    c.click("[data-testid='nt-close']").await;

    w.deal("paid out", &deals.paid_out).await;
    w.deal("reimbursed", &deals.reimbursed).await;
    w.deal("cancelled", &deals.cancelled).await;
    w.deal("new", &deals.created).await;

    w.page("users", "[data-testid='user-row']").await;
    c.click("[data-testid='user-row']").await;
    c.find("[data-testid='user-detail']").await;
    w.s.look("a user", None).await;
    c.click("[data-testid='user-back']").await;
    w.page("business-users", "[data-testid='bu-new']").await;
    c.click("[data-testid='bu-new']").await;
    c.find("[data-testid='business-user-form']").await;
    w.s.look("new business user", None).await;
    c.click("[data-testid='bu-cancel']").await;
    w.page("trades", "[data-testid='trades-user-input']").await;
    w.page("documents", "[data-testid='documents-page-row']").await;
    c.screenshot(&format!("raw-{lang}-documents.png")).await;
    if let Some(open) = c.try_find("[data-testid='document-open']").await {
        open.click().await;
        c.find("[data-testid='document-detail']").await;
        w.s.look("a document", None).await;
    }
    w.page("events", "[data-testid='webhook-example']").await;
    c.screenshot(&format!("raw-{lang}-events.png")).await;
    w.page("audit", "[data-testid='audit-row']").await;
    c.screenshot(&format!("raw-{lang}-audit.png")).await;
    w.shot_at("[data-testid='audit-detail']", "audit-details").await;
    w.page("environments", "[data-testid='environment-item']").await;
    c.execute("window.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true }))", vec![])
        .await;
    c.find("[data-testid='command-palette']").await;
    w.s.look("command palette", Some("[data-testid='command-palette']")).await;
    escape_from(c, "[data-testid='command-palette']").await;
    (w.s.found, w.s.named)
}

/// One name for a paid-out deal's status in a language (issue 32, bug 8); each name printed
/// with the screens that used it.
fn one_name(lang: &str, seen: &[(String, String)]) -> Option<String> {
    let mut names: std::collections::BTreeMap<&str, Vec<&str>> = std::collections::BTreeMap::new();
    for (screen, name) in seen {
        names.entry(name.as_str()).or_default().push(screen.as_str());
    }
    eprintln!("[{lang}] a paid-out deal's status is called: {names:?}");
    (names.len() != 1).then(|| format!("[{lang}] a paid-out deal's status has {} names: {names:?}", names.len()))
}

/// The scan can fail: a probe with each kind of raw value is reported.
async fn probe(c: &AppWindow) {
    let text = "PAYEE 2026-12-11T06:06:07.943Z {\"a\": 1} Payout overReimbursable";
    c.execute(
        "const p = document.createElement('p'); p.id = 'raw-probe'; p.textContent = arguments[0]; \
         document.querySelector('main').append(p);",
        vec![json!(text)],
    )
    .await;
    let found = scan(c, "da", "probe", Some("#raw-probe")).await;
    c.execute("document.getElementById('raw-probe').remove()", vec![]).await;
    let rules: Vec<&str> = found.iter().map(|f| f.line.split(" «").next().unwrap_or_default()).collect();
    for rule in ["enum in capitals", "ISO timestamp", "JSON", "English word", "code name"] {
        assert!(rules.contains(&rule), "the scan missed {rule}: {found:?}");
    }
}

#[tokio::test]
async fn every_page_and_dialog_in_danish_and_english_shows_no_raw_value() {
    let test = "every_page_and_dialog_in_danish_and_english_shows_no_raw_value";
    capped_for(test, Duration::from_secs(900), async {
        let data = tempfile::tempdir().unwrap();
        let (c, sandbox) = danish_window(data.path()).await;
        probe(&c).await;
        let deals = make_history(&c, &sandbox).await;
        let (mut found, da_names) = walk(&c, "da", &deals).await;
        let (en_found, en_names) = walk(&c, "en", &deals).await;
        found.extend(en_found);
        let mut lines = report(&found);
        for l in one_name("da", &da_names).into_iter().chain(one_name("en", &en_names)) {
            eprintln!("RAW {l}");
            lines.push(l);
        }
        assert!(lines.is_empty(), "{} raw values on screen (listed above with their screens)", lines.len());
        c.close().await;
    })
    .await
}
