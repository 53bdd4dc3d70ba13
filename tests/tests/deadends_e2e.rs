//! End-to-end (#32, "no dead ends"), in the real window on the built-in Sandbox: the back
//! link of a user opened from a deal returns to that deal; attention items picked together
//! are snoozed at once; the built-in Sandbox's webhooks are delivered (to its own
//! receiver), so Events shows a payout's delivery as succeeded; the overview's chart has a
//! value axis, named days and each day's figures.

use escrow_desk_e2e::{AppWindow, Control, capped, danish, detail_id, open_transaction, run_action, sandbox_url};
use rust_decimal::Decimal;
use serde_json::{Value, json};
use std::time::Duration;

const SANDBOX_KEY: &str = "sandbox-demo-key";

/// A demo transaction matching `pick`, as the sandbox lists it.
async fn demo_transaction(sandbox: &Control, what: &str, pick: impl Fn(&Value) -> bool) -> Value {
    let page = sandbox.get("/v2/transactions?Take=100").await;
    page["items"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|t| pick(t))
        .cloned()
        .unwrap_or_else(|| panic!("{what} in the demo data"))
}

fn dec(v: &Value) -> Decimal {
    v.as_str()
        .and_then(|s| s.parse().ok())
        .or_else(|| v.as_f64().map(|_| v.to_string().parse().unwrap_or_default()))
        .unwrap_or_default()
}

#[tokio::test]
async fn the_back_link_of_a_payee_opened_from_a_deal_returns_to_that_deal() {
    capped("the_back_link_of_a_payee_opened_from_a_deal_returns_to_that_deal", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        c.click("[data-testid='lang-en']").await;
        let sandbox = Control::new(&sandbox_url(&c).await, SANDBOX_KEY);
        let tx = demo_transaction(&sandbox, "a deal with a payee account and a reference", |t| {
            t["payee"]["serviceAccountId"].is_string() && t["referenceId"].is_string()
        })
        .await;
        let payee = tx["payee"]["serviceAccountId"].as_str().unwrap().to_owned();
        open_transaction(&c, tx["referenceId"].as_str().unwrap()).await;
        let deal = detail_id(&c).await;

        c.click("[data-testid='open-party'][data-role='payee']").await;
        c.until("the payee's page", async || (c.text("[data-testid='user-id']").await == payee).then_some(())).await;
        let label = c.content("[data-testid='user-back']").await;
        c.screenshot("deadends-user-from-deal.png").await;
        c.click("[data-testid='user-back']").await;
        c.until("the same deal again", async || {
            let shown = c.try_find("[data-testid='detail-transaction-id']").await?.try_text().await.ok()?;
            (shown == deal).then_some(())
        })
        .await;
        assert!(c.try_find("[data-testid='user-detail']").await.is_none(), "the user's page is gone");
        assert!(label.contains("Back to the deal"), "the link says where it goes: {label:?}");

        // Danish, and from the sidebar's Users list the link goes to the list and names it.
        danish(&c).await;
        c.click("[data-testid='open-party'][data-role='payee']").await;
        c.until("the Danish label", async || {
            c.content("[data-testid='user-back']").await.contains("Tilbage til handlen").then_some(())
        })
        .await;
        // The sidebar's entry shows the list; a user opened from it goes back to it, named.
        c.click("[data-testid='nav-users']").await;
        c.find("[data-testid='users-page']").await;
        c.click("[data-testid='user-row']").await;
        c.until("the list's name on the link", async || {
            c.content("[data-testid='user-back']").await.contains("Tilbage til brugere").then_some(())
        })
        .await;
        c.click("[data-testid='user-back']").await;
        c.find("[data-testid='users-page']").await;
        c.close().await;
    })
    .await
}

/// `attr` of every item in the queue (not snoozed) now, read in one go (the list re-renders).
async fn queued(c: &AppWindow, attr: &str) -> Vec<String> {
    let js = "return [...document.querySelectorAll(\"[data-testid='attention-item'][data-snoozed='false']\")]
        .map((e) => e.getAttribute(arguments[0]) ?? '')";
    let got = c.execute(js, vec![json!(attr)]).await;
    got.as_array().into_iter().flatten().map(|v| v.as_str().unwrap_or_default().to_owned()).collect()
}

async fn total(c: &AppWindow) -> i64 {
    c.attr("[data-testid='attention-count']", "data-total").await.parse().unwrap_or(-1)
}

#[tokio::test]
async fn several_no_debt_information_items_are_snoozed_at_once() {
    capped("several_no_debt_information_items_are_snoozed_at_once", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        c.wait_first_page().await;
        c.click("[data-testid='lang-en']").await;
        c.click("[data-testid='nav-attention']").await;
        // The queue comes from the mirror: its first full pass runs at start.
        c.find_for("[data-testid='attention-rule-debt_missing']", Duration::from_secs(90)).await;
        c.click("[data-testid='attention-rule-debt_missing']").await;
        c.until("only the reason's items", async || {
            let rules = queued(&c, "data-rule").await;
            (rules.len() >= 4 && rules.iter().all(|r| r == "debt_missing")).then_some(())
        })
        .await;
        let before = total(&c).await;
        let ids = queued(&c, "data-transaction-id").await;
        let picked: Vec<String> = ids.iter().take(3).cloned().collect();
        for id in &picked {
            c.click(&format!(
                "[data-testid='attention-item'][data-snoozed='false'][data-transaction-id='{id}'] [data-testid='attention-pick']"
            ))
            .await;
        }
        assert_eq!(c.attr("[data-testid='attention-picked']", "data-count").await, "3");
        c.screenshot("deadends-attention-picked.png").await;
        c.click("[data-testid='attention-snooze-picked']").await;
        c.find("[data-testid='snooze-dialog']").await;
        assert!(c.content("[data-testid='snooze-dialog'] h2").await.contains("Snooze 3 items"));
        c.type_into("[data-testid='snooze-note']", "the lenders answer next week").await;
        c.screenshot("deadends-snooze-dialog.png").await;
        c.click("[data-testid='snooze-confirm']").await;

        c.until("the queue three shorter", async || (total(&c).await == before - 3).then_some(())).await;
        let left = queued(&c, "data-transaction-id").await;
        assert!(picked.iter().all(|id| !left.contains(id)), "{picked:?} left the queue: {left:?}");
        c.click("[data-testid='attention-snoozed']").await;
        for id in &picked {
            c.find(&format!("[data-testid='attention-item'][data-snoozed='true'][data-transaction-id='{id}']")).await;
        }
        c.execute("document.querySelector(\"[data-testid='attention-snoozed']\").scrollIntoView({block: 'start'})", vec![])
            .await;
        c.screenshot("deadends-attention-snoozed.png").await;

        // Still snoozed after the page is left and opened again (kept locally).
        c.click("[data-testid='nav-overview']").await;
        c.click("[data-testid='nav-attention']").await;
        c.click("[data-testid='attention-rule-debt_missing']").await;
        c.until("the same count", async || (total(&c).await == before - 3).then_some(())).await;
        c.close().await;
    })
    .await
}

#[tokio::test]
async fn a_payout_on_the_built_in_sandbox_shows_its_webhook_delivered_in_events() {
    capped("a_payout_on_the_built_in_sandbox_shows_its_webhook_delivered_in_events", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        c.click("[data-testid='lang-en']").await;
        let sandbox = Control::new(&sandbox_url(&c).await, SANDBOX_KEY);
        let tx = demo_transaction(&sandbox, "a CREATED deal with a payer", |t| {
            t["status"] == "CREATED" && t["payer"]["serviceAccountId"].is_string() && t["referenceId"].is_string()
        })
        .await;
        let id = tx["transactionId"].as_str().unwrap().to_owned();
        // The payer pays what is left and the bank authorizes it (a person's steps).
        let left = dec(&tx["amount"]) + dec(&tx["fees"]["payer"]) - dec(&tx["payments"]["inbound"]["amount"]);
        let payment = sandbox
            .post(
                "/v2/payments",
                json!({ "transactionId": id, "serviceAccountId": tx["payer"]["serviceAccountId"], "amount": left.to_string() }),
            )
            .await;
        let payment_id = payment["paymentId"].as_str().expect("paymentId").to_owned();
        sandbox.post(&format!("/_sandbox/payments/{payment_id}/authorize"), json!({})).await;

        open_transaction(&c, tx["referenceId"].as_str().unwrap()).await;
        c.until("the deal paid", async || {
            (c.attr("[data-testid='detail-status']", "data-status").await == "PAID").then_some(())
        })
        .await;
        assert_eq!(run_action(&c, "action-payout", &[]).await, "succeeded");

        c.click("[data-testid='nav-events']").await;
        c.type_into("[data-testid='deliveries-filter']", &id).await;
        let row = format!("[data-testid='delivery-row'][data-event='transaction.succeeded'][data-transaction='{id}']");
        let state = c
            .until_for("the payout's delivery tried", Duration::from_secs(30), async || {
                c.click("[data-testid='events-page'] .head button").await; // Refresh
                let state = c.try_find(&row).await?.try_attr("data-state").await.ok()??;
                (state != "pending").then_some(state)
            })
            .await;
        c.screenshot("deadends-events-delivered.png").await;
        assert_eq!(state, "delivered", "the built-in Sandbox's delivery of the payout");
        // Every delivery about this deal (the payment too) went through.
        for el in c.find_all(&format!("[data-testid='delivery-row'][data-transaction='{id}']")).await {
            assert_eq!(el.attr("data-state").await.as_deref(), Some("delivered"));
        }
        c.close().await;
    })
    .await
}

#[tokio::test]
async fn the_overview_chart_has_a_value_axis_named_days_and_each_days_figures() {
    capped("the_overview_chart_has_a_value_axis_named_days_and_each_days_figures", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        c.wait_first_page().await;
        c.click("[data-testid='lang-en']").await;
        c.find("[data-testid='overview']").await;
        // The figures come from the mirror: its first full pass runs at start.
        c.find_for("[data-testid='mirror-as-of']", Duration::from_secs(90)).await;
        c.find_for("[data-testid='chart-y-label']", Duration::from_secs(60)).await;
        let labels = async |css: &str| {
            let mut out = Vec::new();
            for el in c.find_all(css).await {
                out.push(el.content_or_empty().await.trim().to_owned());
            }
            out
        };
        let values = labels("[data-testid='chart-y-label']").await;
        assert!(values.len() >= 2 && values[0] == "0", "a value axis from 0: {values:?}");
        assert!(values.iter().all(|v| v.parse::<u32>().is_ok()), "counts: {values:?}");
        let days = labels("[data-testid='chart-x-label']").await;
        assert!(days.len() >= 4, "days named on the time axis: {days:?}");
        assert!(days.iter().all(|d| d.split(' ').count() == 2), "'24 Nov': {days:?}");

        // A day's figures on keyboard focus (the chart's one tab stop is today).
        c.execute("document.querySelector(\"[data-testid='chart-day'][tabindex='0']\").focus()", vec![]).await;
        c.until("today's figures", async || {
            let text = c.content("[data-testid='chart-readout']").await;
            (text.contains("created") && text.contains("paid out")).then_some(())
        })
        .await;
        c.screenshot("deadends-chart-light.png").await;

        danish(&c).await;
        c.until("the days in Danish", async || {
            let days = labels("[data-testid='chart-x-label']").await;
            (!days.is_empty() && days.iter().all(|d| d.ends_with('.'))).then_some(())
        })
        .await;
        c.click("[data-testid='theme-dark']").await;
        c.execute("document.querySelector(\"[data-testid='chart-day'][tabindex='0']\").focus()", vec![]).await;
        c.until("the figures in Danish", async || {
            c.content("[data-testid='chart-readout']").await.contains("oprettet").then_some(())
        })
        .await;
        c.screenshot("deadends-chart-dark-da.png").await;
        c.close().await;
    })
    .await
}
