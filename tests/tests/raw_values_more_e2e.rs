//! End-to-end for issue 32's "no raw values anywhere", the screens `raw_values_e2e.rs` does
//! not walk, in the real window on the built-in Sandbox, in Danish and in English: the list's
//! bulk dialogs (payout run to its results, cancel, payment links) on a selection of deals in
//! several states, a deal's split-payout cancel, a trade's page and every action dialog it
//! offers, a user's connection and bank-account dialogs and bank onboarding, the connect
//! form's link, an environment that cannot be reached (its dialog and its delete
//! confirmation), and the updates: a check that fails, and the update dialog with the error
//! a build run from the repository answers to "Install". No screen may show a raw value
//! (the rules: `tests/src/raw_text.rs`); every finding is printed with its screen.

use escrow_desk_e2e::raw_walk::{Scans, danish_window, escape_from, language, report};
use escrow_desk_e2e::{
    AppWindow, Control, capped_for, fill_business_user, initiate_trade, open_transaction, refresh_trade_until,
    trade_action,
};
use serde_json::{Value, json};
use std::time::Duration;

const BUYER: &str = "raw-buyer";
const UNREACHABLE: &str = "Lukket miljø";
const RUN_WAIT: Duration = Duration::from_secs(90);

/// An update server of the test's own: every request is answered with `manifest`.
async fn update_server(manifest: Value) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a free port");
    let addr = listener.local_addr().expect("the server's address");
    let body = manifest.to_string();
    tokio::spawn(async move {
        while let Ok((mut sock, _)) = listener.accept().await {
            let body = body.clone();
            tokio::spawn(async move {
                let mut buf = [0u8; 8192];
                let _ = sock.read(&mut buf).await;
                let head = format!(
                    "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
                    body.len()
                );
                let _ = sock.write_all(head.as_bytes()).await;
                let _ = sock.write_all(body.as_bytes()).await;
                let _ = sock.shutdown().await;
            });
        }
    });
    format!("http://{addr}/latest.json")
}

/// A newer version, as `make release` writes its `latest.json`.
fn manifest() -> Value {
    let platform = json!({ "signature": "dW50cnVzdGVkIGNvbW1lbnQ=", "url": "http://127.0.0.1:9/escrow-desk.deb" });
    json!({
        "version": "9.9.0",
        "notes": "Hurtigere søgning.",
        "pub_date": "2026-11-20T09:00:00Z",
        "platforms": { "linux-x86_64": platform, "linux-x86_64-deb": platform },
    })
}

/// Saves `url` as the update URL on the Environments page.
async fn set_update_url(c: &AppWindow, url: &str) {
    c.click("[data-testid='nav-environments']").await;
    c.type_into("[data-testid='update-url']", url).await;
    c.submit("[data-testid='updates-section'] button[type='submit']").await;
    c.until("the update URL saved", async || {
        c.try_find("[data-testid='update-check']:not([disabled])").await.map(|_| ())
    })
    .await;
}

/// A trade between a business seller and a buyer, accepted and paid by the buyer: the
/// payee's shipment and the marketplace's actions are offered.
async fn make_trade(c: &AppWindow, sandbox: &Control) {
    fill_business_user(c, "29876543").await;
    c.submit("[data-testid='bu-save']").await;
    let seller = c.attr("[data-testid='business-user-row']", "data-user-id").await;
    sandbox.post("/_sandbox/trade/users", json!({ "marketplaceUserId": BUYER, "name": "Mette Køber" })).await;
    initiate_trade(c, BUYER, &seller, "Racercykel", "1500").await;
    let (state, payment) = trade_action(c, "[data-testid='trade-action-AcceptAndPay'][data-party='payer']", &[]).await;
    assert_eq!(state, "succeeded");
    sandbox.post(&format!("/_sandbox/trade/payments/{}/paid", payment.expect("a payment to pay")), json!({})).await;
    refresh_trade_until(c, "[data-testid='trade-action-BuyDeliveryShipment'][data-party='payee']").await;
}

/// An environment whose address refuses connections (its key is in the keychain).
async fn add_unreachable(c: &AppWindow) {
    c.click("[data-testid='nav-environments']").await;
    let before = c.count("[data-testid='environment-item']").await;
    c.type_into("[data-testid='profile-name']", UNREACHABLE).await;
    c.type_into("[data-testid='profile-base-url']", "http://127.0.0.1:9").await;
    c.type_into("[data-testid='profile-api-key']", "raw-walk-key-0000").await;
    c.click("[data-testid='profile-save']").await;
    c.wait_count("[data-testid='environment-item']", before + 1).await;
}

/// The deals of the list's first page to select: two paid ones (not the showcase, whose
/// split payout the walk cancels), one created and one paid out; their row ids.
async fn pick_rows(c: &AppWindow, sandbox: &Control) -> Vec<String> {
    let page = sandbox.get("/v2/transactions?Take=500").await;
    let status = |id: &str| {
        let items = page["items"].as_array().into_iter().flatten();
        items.into_iter().find(|t| t["transactionId"] == id).map(|t| t["status"].as_str().unwrap_or("").to_owned())
    };
    let rows = c.execute(
        "return [...document.querySelectorAll(\"[data-testid='transaction-row']\")]\
         .filter((r) => !r.textContent.includes('EV 48 213')).map((r) => r.dataset.id);",
        vec![],
    );
    let (mut paid, mut created, mut succeeded) = (Vec::new(), Vec::new(), Vec::new());
    for id in rows.await.as_array().into_iter().flatten().filter_map(|v| v.as_str()) {
        match status(id).as_deref() {
            Some("PAID") => paid.push(id.to_owned()),
            Some("CREATED") => created.push(id.to_owned()),
            Some("SUCCEEDED") => succeeded.push(id.to_owned()),
            _ => {}
        }
    }
    assert!(paid.len() >= 2 && !created.is_empty() && !succeeded.is_empty(), "deals of each state on the page");
    vec![paid[0].clone(), paid[1].clone(), created[0].clone(), succeeded[0].clone()]
}

/// The bulk dialogs on a fresh selection: cancel and payment links scanned and closed, the
/// payout prepared, scanned, run to its results and scanned again.
async fn bulk(w: &mut Scans<'_>, sandbox: &Control) {
    let c = w.c;
    c.click("[data-testid='nav-transactions']").await;
    if let Some(clear) = c.try_find(".search button.clear").await {
        clear.click().await;
    }
    c.wait_at_least("[data-testid='transaction-row']", 10).await;
    if let Some(clear) = c.try_find("[data-testid='bulk-clear']").await {
        clear.click().await;
    }
    for id in pick_rows(c, sandbox).await {
        c.click(&format!("[data-testid='transaction-row'][data-id='{id}'] [data-testid='bulk-row-check']")).await;
    }
    c.until("four rows selected", async || {
        let n = c.find("[data-testid='bulk-count']").await.attr("data-count").await;
        (n.as_deref() == Some("4")).then_some(())
    })
    .await;
    w.look("transactions with four selected", None).await;
    w.dialog("bulk cancel", "[data-testid='bulk-cancel']", "[data-testid='bulk-dialog']").await;
    c.click("[data-testid='bulk-links']").await;
    c.find_for("[data-testid='bulk-summary']", RUN_WAIT).await;
    w.look("bulk payment links", Some("[data-testid='bulk-dialog']")).await;
    escape_from(c, "[data-testid='bulk-dialog']").await;

    c.click("[data-testid='bulk-payout']").await;
    c.find_for("[data-testid='bulk-summary']", RUN_WAIT).await;
    w.look("bulk payout", Some("[data-testid='bulk-dialog']")).await;
    w.shot("bulk payout").await;
    for total in c.find_all("[data-testid='bulk-total']").await {
        let (currency, amount) = (total.attr("data-currency").await, total.attr("data-amount").await);
        let field = format!("[data-testid='bulk-type-total'][data-currency='{}']", currency.unwrap_or_default());
        c.type_into(&field, &amount.unwrap_or_default()).await;
    }
    c.submit("[data-testid='bulk-start']").await;
    c.find_for("[data-testid='bulk-progress'][data-state='finished']", RUN_WAIT).await;
    w.look("bulk payout results", None).await;
    w.shot("bulk payout results").await;
    if let Some(close) = c.try_find("[data-testid='bulk-close']").await {
        close.click().await;
    }
}

/// A trade's page and every action dialog it offers.
async fn trade(w: &mut Scans<'_>) {
    let c = w.c;
    c.click("[data-testid='nav-trades']").await;
    c.type_into("[data-testid='trades-user-input']", BUYER).await;
    c.submit("[data-testid='trades-user-load']").await;
    c.click("[data-testid='trade-row']").await;
    c.find("[data-testid='trade-detail']").await;
    w.look("trade", None).await;
    w.shot("trade").await;
    let js = "return [...document.querySelectorAll(\"[data-testid='trade-detail'] button[data-testid^='trade-action-'], \
              [data-testid='trade-detail'] button[data-testid='trade-other-action']\")]\
              .filter((b) => !b.disabled).map((b) => [b.dataset.testid, b.dataset.party || '']);";
    let buttons: Vec<(String, String)> = c
        .execute(js, vec![])
        .await
        .as_array()
        .into_iter()
        .flatten()
        .map(|b| (b[0].as_str().unwrap_or_default().to_owned(), b[1].as_str().unwrap_or_default().to_owned()))
        .filter(|(id, _)| id != "trade-action-result-close")
        .collect();
    for (id, party) in buttons {
        let css = if party.is_empty() {
            format!("[data-testid='{id}']")
        } else {
            format!("[data-testid='{id}'][data-party='{party}']")
        };
        w.dialog(&format!("trade: {id} {party}"), &css, "[data-testid='trade-action-dialog']").await;
    }
}

/// A user's page, its connection and bank-account dialogs, bank onboarding, and the connect
/// form's link.
async fn user(w: &mut Scans<'_>) {
    let c = w.c;
    c.click("[data-testid='nav-users']").await;
    c.click("[data-testid='user-row']").await;
    c.find("[data-testid='bank-account-row']").await;
    w.look("a user with a bank account", None).await;
    w.dialog("connection delete", "[data-testid='connection-delete']", "[data-testid='confirm-dialog']").await;
    w.dialog("bank account delete", "[data-testid='bank-account-delete']", "[data-testid='confirm-dialog']").await;
    let bank = c.execute(
        "const s = document.querySelector(\"[data-testid='onboarding-bank']\"); \
        const o = s && [...s.options].find((o) => o.value); return o ? o.value : null;",
        vec![],
    );
    if let Some(bank) = bank.await.as_str() {
        c.click(&format!("[data-testid='onboarding-bank'] option[value='{bank}']")).await;
        c.type_into("[data-testid='onboarding-return-url']", "https://shop.example/bank").await;
        c.submit("[data-testid='onboarding-start']").await;
        c.find("[data-testid='onboarding-url']").await;
        c.click("[data-testid='onboarding-results']").await;
        w.look("bank onboarding", Some("[data-testid='bank-accounts']")).await;
        w.shot("bank onboarding").await;
    }
    c.click("[data-testid='user-back']").await;
    c.click("[data-testid='users-connect']").await;
    c.type_into("[data-testid='connect-reference']", &format!("raw-{}", w.lang)).await;
    c.type_into("[data-testid='connect-return-url']", "https://shop.example/connected").await;
    c.submit("[data-testid='connect-submit']").await;
    c.find("[data-testid='connect-url']").await;
    w.look("connect link", None).await;
}

/// The updates (a check that fails; the update dialog, and "Install" refused) and the
/// environment that cannot be reached: its dialog and its delete confirmation.
async fn environments(w: &mut Scans<'_>, update_url: &str) {
    let c = w.c;
    set_update_url(c, "http://127.0.0.1:9/latest.json").await;
    c.click("[data-testid='update-check']").await;
    c.find_for("[data-testid='update-check-error']", RUN_WAIT).await;
    w.look("update check failed", Some("[data-testid='updates-section']")).await;
    set_update_url(c, update_url).await;
    c.click("[data-testid='update-check']").await;
    c.find_for("[data-testid='update-dialog']", RUN_WAIT).await;
    w.look("update dialog", Some("[data-testid='update-dialog']")).await;
    c.click("[data-testid='update-install']").await;
    c.find_for("[data-testid='update-error']", RUN_WAIT).await;
    w.look("update refused", Some("[data-testid='update-dialog']")).await;
    w.shot("update dialog").await;
    c.click("[data-testid='update-later']").await;
    w.look("environments with updates on", None).await;

    let ours = c.execute(
        "const i = [...document.querySelectorAll(\"[data-testid='environment-item']\")]\
         .find((e) => e.textContent.includes(arguments[0])); return i ? i.dataset.id : null;",
        vec![json!(UNREACHABLE)],
    );
    let id = ours.await.as_str().map(str::to_owned).expect("the unreachable environment");
    let item = format!("[data-testid='environment-item'][data-id='{id}']");
    c.click(&format!("{item} [data-testid='env-use']")).await;
    c.find_for("[data-testid='unreachable-dialog']", RUN_WAIT).await;
    w.look("service unreachable", Some("[data-testid='unreachable-dialog']")).await;
    w.shot("service unreachable").await;
    c.click("[data-testid='unreachable-stay']").await;
    w.dialog("environment delete", &format!("{item} [data-testid='env-delete']"), "[data-testid='confirm-dialog']")
        .await;
}

async fn walk<'a>(c: &'a AppWindow, lang: &'static str, sandbox: &Control, update_url: &str) -> Scans<'a> {
    language(c, lang).await;
    let mut w = Scans::new(c, lang);
    open_transaction(c, "EV 48 213").await;
    c.find("[data-testid='split-payout-cancel']").await;
    w.dialog("split payout cancel", "[data-testid='split-payout-cancel']", "[data-testid='action-dialog']").await;
    bulk(&mut w, sandbox).await;
    trade(&mut w).await;
    user(&mut w).await;
    environments(&mut w, update_url).await;
    w
}

#[tokio::test]
async fn bulk_trade_user_environment_and_update_dialogs_show_no_raw_value() {
    let test = "bulk_trade_user_environment_and_update_dialogs_show_no_raw_value";
    capped_for(test, Duration::from_secs(900), async {
        let data = tempfile::tempdir().unwrap();
        let (c, sandbox) = danish_window(data.path()).await;
        let update_url = update_server(manifest()).await;
        make_trade(&c, &sandbox).await;
        add_unreachable(&c).await;
        let mut found = walk(&c, "da", &sandbox, &update_url).await.found;
        found.extend(walk(&c, "en", &sandbox, &update_url).await.found);
        let lines = report(&found);
        assert!(lines.is_empty(), "{} raw values on screen (listed above with their screens)", lines.len());
        c.close().await;
    })
    .await
}
