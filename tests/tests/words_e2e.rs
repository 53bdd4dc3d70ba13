//! End-to-end (#32, "the money on screen is always right": the words), in the real window on
//! the built-in Sandbox: the Documents page and the Events page's deliveries name the deal (its
//! title and reference, the id a tooltip away), never a bare id; the audit log's filter finds
//! rows by the words it shows (in Danish) and an intent row shows how its action ended; in
//! Danish the trades are not called by the deals' word and a status inside a sentence is in
//! lower case; the list's search box keeps a usable width at 960×600 in Danish.

use escrow_desk_e2e::{AppWindow, Control, capped, danish, open_transaction, refresh_mirror, run_action, sandbox_url};
use serde_json::Value;
use std::time::Duration;

const SANDBOX_KEY: &str = "sandbox-demo-key";

/// Every text of `css` that looks like a bare UUID (the main text of a link naming a deal).
const BARE_IDS: &str = "return [...document.querySelectorAll(arguments[0])]\
    .map((el) => el.textContent.trim())\
    .filter((text) => text === '' || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text));";

/// The mirror's first full pass is in (the deals' names come from it).
async fn mirror_ready(c: &AppWindow) {
    c.wait_ready().await;
    c.click("[data-testid='nav-overview']").await;
    c.find_for("[data-testid='mirror-as-of']", Duration::from_secs(90)).await;
}

#[tokio::test]
async fn documents_and_deliveries_name_the_deal_not_its_id() {
    capped("documents_and_deliveries_name_the_deal_not_its_id", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        mirror_ready(&c).await;
        c.click("[data-testid='lang-en']").await;
        let sandbox = Control::new(&sandbox_url(&c).await, SANDBOX_KEY);

        c.click("[data-testid='nav-documents']").await;
        c.find("[data-testid='document-transaction']").await;
        let links = "[data-testid='document-transaction']";
        c.until("the documents' deals named", async || {
            c.execute(BARE_IDS, vec![Value::from(links)]).await.as_array()?.is_empty().then_some(())
        })
        .await;
        let shown = c.content(links).await;
        let id = c.attr(links, "data-transaction-id").await;
        let deal = sandbox.get(&format!("/v2/transactions/{id}")).await;
        let title = deal["title"].as_str().unwrap_or_default();
        assert!(!title.is_empty() && shown.contains(title), "the document's deal {title:?} by name: {shown:?}");
        c.screenshot("words-documents.png").await;

        // A test event about a deal: its delivery names the deal.
        let tx = sandbox
            .first_item("/v2/transactions?Take=100", "a titled deal", |t| {
                t["title"].as_str().is_some_and(|s| !s.is_empty())
            })
            .await;
        let id = tx["transactionId"].as_str().unwrap_or_default().to_owned();
        let title = tx["title"].as_str().unwrap_or_default().to_owned();
        c.click("[data-testid='nav-events']").await;
        c.type_into("[data-testid='deliveries-filter']", &id).await;
        c.click("[data-testid='send-test-event']").await;
        let cell =
            format!("[data-testid='delivery-row'][data-transaction='{id}'] [data-testid='delivery-transaction']");
        // The row is drawn first and named once the mirror's labels for it are in: wait for the
        // name, not for the first text (a moment earlier the cell reads "Open transaction").
        let text = c
            .until_for("the test event's delivery named", Duration::from_secs(30), async || {
                let text = c.try_find(&cell).await?.content_or_empty().await;
                text.contains(&title).then_some(text)
            })
            .await;
        assert!(text.contains(&title), "the delivery names the deal {title:?}: {text:?}");
        assert!(!text.contains(&id), "no bare id as the delivery's deal: {text:?}");
        c.screenshot("words-deliveries.png").await;
        c.close().await;
    })
    .await
}

#[tokio::test]
async fn the_audit_log_finds_rows_by_the_words_it_shows() {
    capped("the_audit_log_finds_rows_by_the_words_it_shows", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        open_transaction(&c, "EV 48 213").await;
        assert_eq!(run_action(&c, "action-payout", &[]).await, "succeeded");
        danish(&c).await;
        c.click("[data-testid='nav-audit']").await;
        c.find("[data-testid='audit-row']").await;
        for (typed, shown) in [("Udbetaling", "Udbetal"), ("udført", "Udført")] {
            // A filter nothing matches first, so the rows seen next are this filter's.
            c.find("[data-testid='audit-filter']").await.clear().await;
            c.type_into("[data-testid='audit-filter']", "zz-nothing-zz").await;
            c.find("[data-testid='audit-empty']").await;
            c.find("[data-testid='audit-filter']").await.clear().await;
            c.type_into("[data-testid='audit-filter']", typed).await;
            let text = c
                .until(&format!("the rows shown as {typed:?}"), async || {
                    (c.count("[data-testid='audit-row']").await > 0).then_some(())?;
                    Some(c.content("[data-testid='audit-table']").await)
                })
                .await;
            assert!(text.contains(shown), "{typed:?} finds rows showing {shown:?}: {text:?}");
        }
        // The payout's intent row shows how it ended, not "Afventer" for ever.
        c.find("[data-testid='audit-filter']").await.clear().await;
        c.type_into("[data-testid='audit-filter']", "Udbetal").await;
        c.until("the payout's two rows", async || (c.count("[data-testid='audit-row']").await >= 2).then_some(()))
            .await;
        let pending = c.count("[data-testid='audit-row'] .outcome-pending").await;
        c.screenshot("words-audit-da.png").await;
        assert_eq!(pending, 0, "an intent row whose action ended still says pending");
        c.close().await;
    })
    .await
}

#[tokio::test]
async fn the_audit_log_names_the_deal_a_create_made() {
    capped("the_audit_log_names_the_deal_a_create_made", async {
        const TITLE: &str = "Cykel — e2e ord";
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        c.click("[data-testid='lang-en']").await;
        let sandbox = Control::new(&sandbox_url(&c).await, SANDBOX_KEY);
        let payer = sandbox.first_item("/v2/users?Take=100", "a private user", |u| u["type"] == "Private").await;
        let payer = payer["serviceAccountId"].as_str().unwrap_or_default().to_owned();
        c.click("[data-testid='nav-transactions']").await;
        c.click("[data-testid='new-transaction']").await;
        c.click("[data-testid='nt-type-marketplace']").await;
        for (field, value) in [
            ("nt-amount", "4500"),
            ("nt-title", TITLE),
            ("nt-payerId", payer.as_str()),
            ("nt-payeeReferenceId", "dealer-01"),
        ] {
            c.type_into(&format!("[data-testid='{field}']"), value).await;
        }
        c.submit("[data-testid='nt-review']").await;
        let expected = c.content("[data-testid='nt-confirm-expected']").await;
        c.type_into("[data-testid='nt-confirm-input']", &expected).await;
        c.submit("[data-testid='nt-create']").await;
        c.until("the new deal's page", async || {
            (c.content("[data-testid='detail-title']").await == TITLE).then_some(())
        })
        .await;
        let id = c.content("[data-testid='detail-transaction-id']").await;
        refresh_mirror(&c).await;

        c.click("[data-testid='nav-audit']").await;
        let created = "[data-testid='audit-detail'][data-note='created']";
        let text = c
            .until("the create's row naming the deal", async || {
                let text = c.try_find(created).await?.content_or_empty().await;
                text.contains(TITLE).then_some(text)
            })
            .await;
        assert!(!text.contains(&id), "the new deal's id inline: {text:?}");
        c.click(&format!("{created} [data-testid='audit-created-deal']")).await;
        c.until("the deal opened from its audit row", async || {
            (c.content("[data-testid='detail-title']").await == TITLE).then_some(())
        })
        .await;
        c.close().await;
    })
    .await
}

#[tokio::test]
async fn in_danish_trades_and_deals_have_their_own_words_and_statuses_are_lower_case_in_sentences() {
    capped("in_danish_trades_and_deals_have_their_own_words_and_statuses_are_lower_case_in_sentences", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        let sandbox = Control::new(&sandbox_url(&c).await, SANDBOX_KEY);
        danish(&c).await;
        let trades = c.content("[data-testid='nav-trades']").await;
        assert_ne!(trades, "Handler", "trades are not called by the deals' word");
        c.click("[data-testid='nav-trades']").await;
        let title = c.content("h1").await;
        assert_eq!(title, trades, "the trades page is titled as its menu item");

        let cancelled = sandbox
            .first_item("/v2/transactions?Take=100", "a cancelled deal", |t| {
                t["status"] == "CANCELLED" && t["referenceId"].is_string()
            })
            .await;
        let cancelled = cancelled["referenceId"].as_str().unwrap_or_default().to_owned();
        open_transaction(&c, &cancelled).await;
        let none = c.content("[data-testid='actions-none']").await;
        assert!(none.contains("er annulleret"), "the status in lower case inside the sentence: {none:?}");
        c.close().await;
    })
    .await
}

#[tokio::test]
async fn the_search_box_keeps_its_width_at_960_in_danish() {
    capped("the_search_box_keeps_its_width_at_960_in_danish", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        danish(&c).await;
        c.resize(960, 600).await;
        c.click("[data-testid='nav-transactions']").await;
        c.find("[data-testid='transaction-row']").await;
        let js = "const el = document.querySelector(\"[data-testid='search-input']\"); \
                  const s = getComputedStyle(el); \
                  const ctx = document.createElement('canvas').getContext('2d'); ctx.font = s.font; \
                  const room = el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight); \
                  return { width: el.getBoundingClientRect().width, room, text: ctx.measureText(el.placeholder).width, \
                           inside: el.getBoundingClientRect().right <= innerWidth };";
        let seen = c
            .until("the search box laid out at 960×600", async || {
                let seen = c.execute(js, vec![]).await;
                (seen["width"].as_f64()? > 0.0 && c.execute("return innerWidth;", vec![]).await == 960).then_some(seen)
            })
            .await;
        c.screenshot("words-search-960x600-da.png").await;
        assert!(seen["width"].as_f64().unwrap_or(0.0) >= 200.0, "a usable search box: {seen}");
        assert!(
            seen["text"].as_f64().unwrap_or(999.0) <= seen["room"].as_f64().unwrap_or(0.0),
            "the placeholder cut: {seen}"
        );
        assert_eq!(seen["inside"], true, "the search box inside the window: {seen}");
        c.close().await;
    })
    .await
}
