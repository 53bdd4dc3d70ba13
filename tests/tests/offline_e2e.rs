//! End-to-end (#32, no dead ends offline): against a sandbox of the test's own, once the
//! mirror has had its pass, a deal is opened live; then the sandbox stops. Reloading the deal
//! shows the mirror's copy of it (title, amount, status as listed), marked offline with the
//! mirror's time, with payout, cancel and reimburse disabled and the reason beside them; back
//! on the list, the offline marker. English and Danish, with screenshots.

use escrow_desk_e2e::{self as steps, AppWindow, Control, ProfileForm, capped, own_sandbox};
use rust_decimal::Decimal;
use serde_json::Value;
use std::str::FromStr;
use std::time::Duration;

const KEY: &str = "e2e-offline-key-7d2a";
const REASON_EN: &str = "Not available offline: the service cannot be reached; actions need the live record.";
const REASON_DA: &str = "Ikke muligt offline: tjenesten kan ikke nås, og handlinger kræver den aktuelle post.";

/// Every transaction, read page by page from the sandbox's own list.
async fn all(control: &Control) -> Vec<Value> {
    let mut items = Vec::new();
    loop {
        let page = control.get(&format!("/v2/transactions?Skip={}&Take=100", items.len())).await;
        let got = page["items"].as_array().cloned().unwrap_or_default();
        let n = got.len();
        items.extend(got);
        if n < 100 {
            return items;
        }
    }
}

/// Runs a full pass of the active environment's mirror from the overview's bar and waits
/// until it has ended (another time shown, no sync under way).
async fn full_sync(c: &AppWindow) {
    c.click("[data-testid='nav-overview']").await;
    c.find_for("[data-testid='mirror-full']:not([disabled])", Duration::from_secs(90)).await;
    let before = match c.try_find("[data-testid='mirror-as-of']").await {
        Some(el) => el.try_attr("data-as-of").await.ok().flatten(),
        None => None,
    };
    c.click("[data-testid='mirror-full']").await;
    c.until_for("the mirror's full pass to end", Duration::from_secs(90), async || {
        if c.try_find("[data-testid='mirror-syncing']").await.is_some() {
            return None;
        }
        let now = c.try_find("[data-testid='mirror-as-of']").await?.try_attr("data-as-of").await.ok().flatten();
        now.filter(|n| Some(n) != before.as_ref())
    })
    .await;
}

/// Whether `css` is disabled (the DOM property, as the person meets it).
async fn disabled(c: &AppWindow, css: &str) -> bool {
    c.find(css).await.prop("disabled").await.as_deref() == Some("true")
}

#[tokio::test]
async fn offline_a_deal_is_the_mirrors_copy_with_its_actions_refused_and_the_list_is_marked() {
    capped("offline_a_deal_is_the_mirrors_copy_with_its_actions_refused_and_the_list_is_marked", async {
        let data = tempfile::tempdir().unwrap();
        let sandbox_dir = tempfile::tempdir().unwrap();
        let sb = own_sandbox(sandbox_dir.path(), KEY).await;
        let control = Control::new(&sb.url, KEY);

        let c = AppWindow::open(data.path()).await;
        c.wait_first_page().await;
        steps::add_profile(&c, ProfileForm { name: "Forhandler A/S", url: &sb.url, key: KEY, dialect: None }).await;
        full_sync(&c).await;

        // A paid deal with a title and a reference no other deal has.
        let listed = all(&control).await;
        let text = |t: &Value, field: &str| t[field].as_str().unwrap_or_default().to_owned();
        let deal = listed
            .iter()
            .find(|t| {
                let reference = text(t, "referenceId").to_lowercase();
                t["status"] == "PAID"
                    && !text(t, "title").is_empty()
                    && !reference.is_empty()
                    && listed.iter().filter(|o| text(o, "referenceId").to_lowercase().contains(&reference)).count() == 1
            })
            .expect("a paid demo deal with a title and a reference of its own")
            .clone();
        let (id, title) = (text(&deal, "transactionId"), text(&deal, "title"));

        // The mirror has it: its reference finds it there.
        let reference = text(&deal, "referenceId");
        c.click("[data-testid='nav-transactions']").await;
        c.type_into("[data-testid='search-input']", &reference).await;
        c.until("the reference to find the deal in the mirror", async || {
            let local = c.try_find("[data-testid='list-local']").await.is_some();
            let rows = c.find_all("[data-testid='transaction-row']").await;
            let first = match rows.first() {
                Some(r) => r.try_attr("data-id").await.ok().flatten(),
                None => None,
            };
            (local && rows.len() == 1 && first.as_deref() == Some(id.as_str())).then_some(())
        })
        .await;

        // Live: the deal's own record, its money actions offered.
        c.click("[data-testid='transaction-row']").await;
        assert_eq!(steps::detail_id(&c).await, id);
        c.find("[data-testid='actions-bar'] [data-testid='action-payout']").await;
        assert!(!disabled(&c, "[data-testid='action-payout']").await, "live: payout is offered");

        // The service goes away; the deal is read again.
        sb.shutdown().await;
        c.click("[data-testid='detail-refresh']").await;
        let page = c.find_for("[data-testid='detail-offline']", Duration::from_secs(60)).await;
        assert_eq!(page.attr("data-transaction-id").await.as_deref(), Some(id.as_str()));
        let as_of = page.attr("data-as-of").await.unwrap_or_default();
        assert!(as_of.starts_with("20"), "marked with the mirror's time: {as_of:?}");
        assert_eq!(c.count("[data-testid='detail-error']").await, 0, "not an error page");
        assert_eq!(c.text("[data-testid='detail-title']").await, title);
        assert_eq!(c.attr("[data-testid='detail-status']", "data-status").await, "PAID");
        assert_eq!(c.text("[data-testid='detail-offline-banner-badge']").await.to_lowercase(), "offline");
        let said = c.text("[data-testid='detail-offline-banner-title']").await;
        assert!(said.starts_with("The service cannot be reached."), "{said}");
        let shown = c.text("[data-testid='detail-amount']").await;
        let listed_amount = match &deal["amount"] {
            Value::String(s) => Decimal::from_str(s).ok(),
            other => Decimal::from_str(&other.to_string()).ok(),
        };
        let figure: String = shown.chars().filter(|ch| ch.is_ascii_digit() || *ch == '.').collect();
        assert_eq!(Decimal::from_str(&figure).ok(), listed_amount, "the listed amount: {shown}");
        assert!(c.text("[data-testid='offline-figures']").await.contains("as listed"));

        // Every money action is there, disabled, with the reason; no live action bar.
        assert_eq!(c.count("[data-testid='actions-bar']").await, 0);
        for action in ["action-payout", "action-cancel", "action-reimburse"] {
            let css = format!("[data-testid='offline-actions'] [data-testid='{action}']");
            assert!(disabled(&c, &css).await, "{action} is disabled offline");
        }
        assert_eq!(c.text("[data-testid='offline-actions-reason']").await, REASON_EN);
        c.screenshot("offline-deal-en.png").await;

        steps::danish(&c).await;
        c.until("the reason in Danish", async || {
            (c.text("[data-testid='offline-actions-reason']").await == REASON_DA).then_some(())
        })
        .await;
        let said = c.text("[data-testid='detail-offline-banner-title']").await;
        assert!(said.starts_with("Tjenesten kan ikke nås."), "{said}");
        assert!(disabled(&c, "[data-testid='offline-actions'] [data-testid='action-payout']").await);
        c.screenshot("offline-deal-da.png").await;

        // Back on the list: the offline marker, with the same time.
        c.click("[data-testid='back-button']").await;
        let marker = c.find_for("[data-testid='list-offline']", Duration::from_secs(60)).await;
        assert_eq!(marker.attr("data-as-of").await.as_deref(), Some(as_of.as_str()));
        assert_eq!(c.attr("[data-testid='transaction-row']", "data-id").await, id, "the search it was opened from");
        // Escape in the search field clears it: the whole last known list, still marked.
        c.find("[data-testid='search-input']").await.send_keys("\u{E00C}").await;
        c.until("the whole list from the mirror", async || {
            (c.count("[data-testid='transaction-row']").await > 1).then_some(())
        })
        .await;
        c.find("[data-testid='list-offline']").await;
        let said = c.text("[data-testid='list-offline-title']").await;
        assert!(said.starts_with("Tjenesten kan ikke nås. Listen er den lokale kopi"), "{said}");
        assert_eq!(c.text("[data-testid='list-offline-badge']").await.to_lowercase(), "offline");
        c.screenshot("offline-list-da.png").await;
        c.click("[data-testid='lang-en']").await;
        c.until("the marker in English", async || {
            let said = c.text("[data-testid='list-offline-title']").await;
            said.starts_with("The service cannot be reached. This list is the local copy").then_some(())
        })
        .await;
        c.screenshot("offline-list-en.png").await;
        c.close().await;
    })
    .await
}
