//! End-to-end (#13): the window opens on the overview, filled from the local mirror of a
//! sandbox of the test's own. The escrow total equals a sum computed independently from
//! the sandbox's own list; an overfunded deal (made with the sandbox's bank transfer)
//! appears in the attention queue and is resolved from there; its status change shows
//! under "Changes since you last looked"; with the sandbox gone the mirror stays
//! browsable, marked offline.

use escrow_desk_e2e::{self as steps, AppWindow, Control, ProfileForm, capped, own_sandbox};
use rust_decimal::Decimal;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::str::FromStr;
use std::time::Duration;

const KEY: &str = "e2e-morning-key-3c1f";

fn dec(v: &Value) -> Decimal {
    match v {
        Value::String(s) => Decimal::from_str(s).unwrap_or_default(),
        Value::Number(n) => Decimal::from_str(&n.to_string()).unwrap_or_default(),
        _ => Decimal::ZERO,
    }
}

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

/// Money paid in on open deals, per currency (the overview's definition), by hand.
fn escrow(items: &[Value]) -> BTreeMap<String, Decimal> {
    let mut sums = BTreeMap::new();
    for t in items.iter().filter(|t| t["status"] != "SUCCEEDED" && t["status"] != "CANCELLED") {
        let paid = dec(&t["payments"]["inbound"]["amount"]);
        if paid > Decimal::ZERO {
            *sums.entry(t["currency"].as_str().unwrap_or_default().to_owned()).or_insert(Decimal::ZERO) += paid;
        }
    }
    sums
}

/// Runs a full sync from the bar on the current page and waits until it has ended. Full sync
/// is off while a sync runs (a pass's detail checks go on after its time is shown) and a click
/// then does nothing, so the button is waited for first.
async fn full_sync(c: &AppWindow) {
    let full = "[data-testid='mirror-full']:not([disabled])";
    c.find_for(full, Duration::from_secs(90)).await;
    let before = c.attr("[data-testid='mirror-as-of']", "data-as-of").await;
    c.click(full).await;
    c.until_for("the full sync to end", Duration::from_secs(60), async || {
        let now = c.try_find("[data-testid='mirror-as-of']").await?.try_attr("data-as-of").await.ok().flatten();
        now.filter(|n| *n != before)
    })
    .await;
}

#[tokio::test]
async fn the_morning_screen_overview_attention_changes_and_offline() {
    capped("the_morning_screen_overview_attention_changes_and_offline", async {
        let data = tempfile::tempdir().unwrap();
        let sandbox_dir = tempfile::tempdir().unwrap();
        let sb = own_sandbox(sandbox_dir.path(), KEY).await;
        let control = Control::new(&sb.url, KEY);

        let c = AppWindow::open(data.path()).await;
        c.wait_first_page().await;
        c.find("[data-testid='overview']").await;

        steps::add_profile(&c, ProfileForm { name: "Forhandler A/S", url: &sb.url, key: KEY, dialect: None }).await;
        c.click("[data-testid='nav-overview']").await;
        c.find_for("[data-testid='mirror-as-of']", Duration::from_secs(60)).await;

        // The escrow total is the sandbox's own list summed by hand.
        let listed = all(&control).await;
        let by_hand = escrow(&listed);
        assert!(!by_hand.is_empty());
        for (currency, sum) in &by_hand {
            let shown = c.attr(&format!("[data-testid='escrow-total'][data-currency='{currency}']"), "data-amount").await;
            assert_eq!(Decimal::from_str(&shown).unwrap_or_default(), *sum, "{currency}: shown {shown}");
        }
        c.screenshot("overview.png").await;

        // Overfund an unpaid deal through a bank transfer (the payer's bank, not the app).
        let deal = listed
            .iter()
            .find(|t| {
                t["status"] == "CREATED"
                    && t["payer"]["serviceAccountId"].is_string()
                    && dec(&t["payments"]["inbound"]["amount"]) == Decimal::ZERO
            })
            .expect("an unpaid deal with a payer")
            .clone();
        let id = deal["transactionId"].as_str().unwrap().to_owned();
        let owed = dec(&deal["amount"]) + dec(&deal["fees"]["payer"]);
        control
            .post(
                "/_sandbox/transfers",
                json!({"transactionId": id, "serviceAccountId": deal["payer"]["serviceAccountId"], "amount": (owed + Decimal::from(500)).to_string()}),
            )
            .await;

        // The next sync notices the payment, and the attention queue the excess.
        full_sync(&c).await;
        let change = format!("[data-testid='change'][data-transaction-id='{id}'][data-kind='paid']");
        c.find(&change).await;
        c.click("[data-testid='nav-attention']").await;
        let item = format!("[data-testid='attention-item'][data-rule='overfunded'][data-transaction-id='{id}']");
        c.find(&item).await;
        c.screenshot("attention.png").await;

        // With one rule picked, snoozing and waking answer that rule's queue, not every rule's.
        let others = "[data-testid='attention-item']:not([data-rule='overfunded'])";
        c.find(others).await; // the demo data needs attention for other reasons too
        c.click("[data-testid='attention-rule-overfunded']").await;
        c.until("only overfunded items", async || (c.count(others).await == 0).then_some(())).await;
        c.click(&format!("{item}[data-snoozed='false'] [data-testid='attention-snooze']")).await;
        c.type_into("[data-testid='snooze-note']", "the payer asked us to wait").await;
        c.click("[data-testid='snooze-confirm']").await;
        c.find(&format!("{item}[data-snoozed='true']")).await;
        assert!(c.try_find(&format!("{item}[data-snoozed='false']")).await.is_none(), "snoozed, not in the queue");
        assert_eq!(c.count(others).await, 0, "the snooze answered the picked rule's queue");
        c.click("[data-testid='attention-snoozed']").await;
        c.click(&format!("{item}[data-snoozed='true'] [data-testid='attention-unsnooze']")).await;
        c.find(&format!("{item}[data-snoozed='false']")).await;
        assert_eq!(c.count(others).await, 0, "waking answered the picked rule's queue");
        c.click("[data-testid='attention-rule-all']").await;
        c.find(others).await;

        // Resolved from there: the split payout dialog opens on the live record, prefilled.
        c.click(&format!("{item} [data-testid='attention-resolve']")).await;
        c.find("[data-testid='action-dialog']").await;
        let amount = c.find("[data-testid='action-amount']").await.try_prop("value").await.ok().flatten();
        assert_eq!(amount.as_deref(), Some("500.00"), "the excess, in the user's (English) format");
        if let Some(expected) = c.try_find("[data-testid='confirm-amount-expected']").await {
            let typed = expected.text().await;
            c.type_into("[data-testid='confirm-amount-input']", &typed).await;
        }
        c.click("[data-testid='action-confirm']:not([disabled])").await;
        let state = c.find_for("[data-testid='action-result']", Duration::from_secs(30)).await.attr("data-state").await;
        assert_eq!(state.as_deref(), Some("succeeded"));
        let splits = control.get(&format!("/v2/transactions/{id}/split-payouts")).await;
        let to_payer: Vec<&Value> =
            splits["items"].as_array().into_iter().flatten().filter(|s| s["recipient"] == "PAYER").collect();
        assert_eq!(to_payer.len(), 1, "{splits}");
        assert_eq!(dec(&to_payer[0]["amount"]), Decimal::from(500));

        c.click("[data-testid='nav-attention']").await;
        full_sync(&c).await;
        c.until("the overfunded item to leave the queue", async || c.try_find(&item).await.is_none().then_some(())).await;

        // Changes marked as seen are gone from the list.
        c.click("[data-testid='nav-overview']").await;
        c.click("[data-testid='changes-seen']").await;
        c.find("[data-testid='changes-none']").await;

        // The list searches and sorts in the mirror: a plate typed without its space finds
        // the deal, and sorting by amount orders the rows.
        c.click("[data-testid='nav-transactions']").await;
        let tesla = listed
            .iter()
            .find(|t| t["autoInformation"]["registrationNumber"] == "EV 48 213")
            .and_then(|t| t["transactionId"].as_str())
            .expect("the demo Tesla")
            .to_owned();
        c.type_into("[data-testid='search-input']", "ev48213").await;
        c.until("the plate typed without its space to find the deal", async || {
            let rows = c.find_all("[data-testid='transaction-row']").await;
            let local = c.try_find("[data-testid='list-local']").await.is_some();
            let first = match rows.first() {
                Some(r) => r.try_attr("data-id").await.ok().flatten(),
                None => None,
            };
            (local && rows.len() == 1 && first.as_deref() == Some(tesla.as_str())).then_some(())
        })
        .await;
        // Escape in the search field clears it.
        c.find("[data-testid='search-input']").await.send_keys("\u{E00C}").await;
        c.until("the search to be cleared", async || {
            (c.count("[data-testid='transaction-row']").await > 1).then_some(())
        })
        .await;
        c.click("[data-testid='sort-amount']").await;
        let amounts = c
            .until("rows sorted by amount", async || {
                let mut amounts = Vec::new();
                for cell in c.find_all("[data-testid='transaction-row'] [data-amount]").await.iter().take(8) {
                    amounts.push(Decimal::from_str(&cell.try_attr("data-amount").await.ok()??).ok()?);
                }
                (amounts.len() == 8 && amounts.windows(2).all(|w| w[0] <= w[1])).then_some(amounts)
            })
            .await;
        // Amounts sort within their currency, the currencies A to Z (DKK before EUR).
        let first_currency = listed.iter().filter_map(|t| t["currency"].as_str()).min().unwrap_or_default();
        let smallest = listed
            .iter()
            .filter(|t| t["currency"].as_str() == Some(first_currency))
            .map(|t| dec(&t["amount"]))
            .min()
            .unwrap_or_default();
        assert_eq!(amounts[0], smallest, "the smallest amount of the first currency comes first");
        assert_eq!(c.attr("[data-testid='sort-amount']", "data-sort").await, "ascending");

        // Offline: the sandbox is gone; the last known state stays browsable, marked.
        drop(sb);
        c.click("[data-testid='nav-overview']").await;
        c.click("[data-testid='mirror-refresh']").await;
        c.find_for("[data-testid='mirror-bar'][data-offline='true']", Duration::from_secs(60)).await;
        c.click("[data-testid='nav-transactions']").await;
        c.click("[data-testid='refresh-button']").await;
        c.find_for("[data-testid='list-offline']", Duration::from_secs(60)).await;
        assert!(c.count("[data-testid='transaction-row']").await >= 10);
        // Actions need the live record: a deal opens as the mirror's copy, marked offline, with
        // no action offered (offline_e2e.rs walks that page).
        c.click("[data-testid='transaction-row']").await;
        c.find_for("[data-testid='detail-offline']", Duration::from_secs(60)).await;
        assert_eq!(c.count("[data-testid='actions-bar']").await, 0, "no action is offered offline");
        c.close().await;
    })
    .await
}
