//! End-to-end for issue 32's bug 2, in the real window on the built-in Sandbox, in English and
//! in Danish: a closed deal's money cards and Auto checklist tell what happened to the money,
//! from the record's ledger. A cancelled paid Auto deal says what went back to the payer (the
//! figure the sandbox's payout run then transfers as "Refund to payer"), with no "remaining to
//! pay" and no red step; a paid-out one says what the payee got (the ledger's payout row), the
//! split payouts and the fees kept.
//!
//! The showcase Tesla (`EV 48 213`): 289,500 paid in, payee fee 495, a pending 2,495 ON_CLOSE
//! split payout to the tenant.

use escrow_desk_e2e::consequence::{amount, ledger_amounts, payout_run, transfers_of};
use escrow_desk_e2e::{
    AppWindow, Control, capped, confirm_action, danish, detail_id, open_action, open_transaction, refresh_mirror,
    sandbox_url,
};
use rust_decimal::Decimal;
use std::str::FromStr;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Lang {
    En,
    Da,
}

impl Lang {
    fn tag(self) -> &'static str {
        if self == Lang::En { "en" } else { "da" }
    }

    /// An amount as the window writes it in this language.
    fn money(self, kroner: &str) -> String {
        let d = Decimal::from_str(kroner).unwrap();
        let text = format!("{:.2}", d);
        let (int, frac) = text.split_once('.').unwrap();
        let group = if self == Lang::En { ',' } else { '.' };
        let mut grouped = String::new();
        for (i, c) in int.chars().enumerate() {
            if i > 0 && (int.len() - i) % 3 == 0 {
                grouped.push(group);
            }
            grouped.push(c);
        }
        match self {
            Lang::En => format!("DKK {grouped}.{frac}"),
            Lang::Da => format!("{grouped},{frac} kr."),
        }
    }

    fn scheduled(self) -> &'static str {
        if self == Lang::En { "Scheduled for the next payout run" } else { "Planlagt til næste udbetalingskørsel" }
    }

    fn transferred(self) -> &'static str {
        if self == Lang::En { "Transferred" } else { "Overført" }
    }

    fn needs_attention(self) -> &'static str {
        if self == Lang::En { "needs attention" } else { "kræver handling" }
    }

    fn not_applicable(self) -> &'static str {
        if self == Lang::En { "not applicable" } else { "ikke relevant" }
    }
}

fn kr(text: &str) -> Decimal {
    Decimal::from_str(text).unwrap()
}

/// The window in `lang` with the showcase deal open; the sandbox's control API and the deal's id.
async fn showcase(c: &AppWindow, lang: Lang) -> (Control, String) {
    c.wait_ready().await;
    if lang == Lang::Da {
        danish(c).await;
    }
    let sandbox = Control::new(&sandbox_url(c).await, escrow_sandbox::DEMO_KEY);
    open_transaction(c, "EV 48 213").await;
    let id = detail_id(c).await;
    (sandbox, id)
}

/// Waits until the detail shows the deal as `status` (the page reloads after an action).
async fn wait_status(c: &AppWindow, status: &str) {
    c.until(&format!("the deal {status} on the detail"), async || {
        (c.attr("[data-testid='detail-status']", "data-status").await == status).then_some(())
    })
    .await;
}

/// Reloads the detail and waits until the card `id`'s first line reads `hint`.
async fn refresh_until_hint(c: &AppWindow, id: &str, hint: &str) {
    c.click("[data-testid='detail-refresh']").await;
    c.until(&format!("{id}: {hint}"), async || {
        (c.content(&format!("[data-testid='detail-{id}-hint']")).await == hint).then_some(())
    })
    .await;
}

/// A closed deal shows nothing owed and no step that is open or needs attention.
async fn nothing_owed_nothing_red(c: &AppWindow, lang: Lang) {
    assert_eq!(c.count("[data-testid='detail-remaining']").await, 0, "a closed deal shows no \"remaining to pay\"");
    let strip = c.content("[data-testid='auto-checklist']").await;
    assert!(!strip.contains(lang.needs_attention()), "no step needs attention on a closed deal: {strip}");
    for state in ["problem", "open"] {
        let n = c.count(&format!("[data-testid='auto-checklist'] [data-state='{state}']")).await;
        assert_eq!(n, 0, "no {state} step on a closed deal: {strip}");
    }
}

/// Scrolls the money cards and checklist into view and takes a screenshot.
async fn shoot(c: &AppWindow, name: &str) {
    c.execute("document.querySelector(\"[data-testid='auto-checklist']\").scrollIntoView();", vec![]).await;
    c.screenshot(name).await;
}

async fn cancelled_paid_deal_says_what_went_back_to_the_payer(lang: Lang) {
    let data = tempfile::tempdir().unwrap();
    let c = AppWindow::open(data.path()).await;
    let (sandbox, id) = showcase(&c, lang).await;
    open_action(&c, "action-cancel", &[]).await;
    assert_eq!(confirm_action(&c).await, "succeeded");
    wait_status(&c, "CANCELLED").await;
    shoot(&c, &format!("settled-cancelled-{}.png", lang.tag())).await;

    nothing_owed_nothing_red(&c, lang).await;
    assert_eq!(c.content("[data-testid='detail-paid-in']").await, lang.money("289500"), "what the payer paid in");
    let back = c
        .until("the refund on the money cards", async || {
            let text = c.try_find("[data-testid='detail-to-payer']").await?.content().await;
            (!text.is_empty()).then_some(text)
        })
        .await;
    assert_eq!(c.content("[data-testid='detail-to-payer-hint']").await, lang.scheduled(), "refund not yet transferred");
    assert_eq!(c.attr("[data-testid='auto-step-payment']", "data-state").await, "done");
    let payment = c.content("[data-testid='auto-step-payment-detail']").await;
    assert!(payment.contains(&back), "the payment step says what went back: {payment}");
    assert_eq!(c.attr("[data-testid='auto-step-payout']", "data-state").await, "closed");
    let payout = c.content("[data-testid='auto-step-payout']").await;
    assert!(payout.contains(lang.not_applicable()), "the payout step no longer applies: {payout}");

    // The payout run transfers the refund: the figure the window showed.
    let transfers = payout_run(&sandbox, &id).await;
    assert_eq!(transfers_of(&transfers, "Refund to payer"), [amount(&back)], "{transfers:?}");
    assert_eq!(amount(&back), kr("289500"), "the whole payment went back (the ON_CLOSE split payout was cancelled)");
    refresh_until_hint(&c, "to-payer", lang.transferred()).await;
    assert_eq!(c.content("[data-testid='detail-to-payer']").await, back);
    nothing_owed_nothing_red(&c, lang).await;
    shoot(&c, &format!("settled-cancelled-refunded-{}.png", lang.tag())).await;

    // The list's compact checklist tells the same: nothing open, nothing red (it searches the
    // local mirror: refresh it first).
    refresh_mirror(&c).await;
    open_transaction(&c, "EV 48 213").await;
    c.click("[data-testid='back-button']").await;
    c.until("the row cancelled", async || {
        let status =
            c.try_find("[data-testid='row-status'] [data-status]").await?.try_attr("data-status").await.ok().flatten();
        (status.as_deref() == Some("CANCELLED")).then_some(())
    })
    .await;
    let marks = c.execute(
        "return [...document.querySelectorAll(\"[data-testid='row-checklist'] [data-state]\")].map((m) => m.dataset.state);",
        vec![],
    )
    .await;
    assert_eq!(marks, serde_json::json!(["done", "closed", "closed", "closed", "closed"]), "the row's checklist");
    c.screenshot(&format!("settled-cancelled-list-{}.png", lang.tag())).await;
    c.close().await;
}

async fn paid_out_deal_says_what_the_payee_got(lang: Lang) {
    let data = tempfile::tempdir().unwrap();
    let c = AppWindow::open(data.path()).await;
    let (sandbox, id) = showcase(&c, lang).await;
    open_action(&c, "action-payout", &[]).await;
    assert_eq!(confirm_action(&c).await, "succeeded");
    wait_status(&c, "SUCCEEDED").await;
    let payouts = ledger_amounts(&sandbox, "payout", &id).await;
    assert_eq!(payouts.len(), 1, "one payout recorded: {payouts:?}");
    shoot(&c, &format!("settled-paid-out-{}.png", lang.tag())).await;

    nothing_owed_nothing_red(&c, lang).await;
    let to_payee = c.content("[data-testid='detail-to-payee']").await;
    assert_eq!(amount(&to_payee), payouts[0], "paid out to the payee is the ledger's payout");
    assert_eq!(to_payee, lang.money("286510"));
    assert_eq!(c.content("[data-testid='detail-to-payee-hint']").await, lang.scheduled());
    assert_eq!(c.content("[data-testid='detail-splits']").await, lang.money("2495"), "the released split payout");
    assert_eq!(c.content("[data-testid='detail-fees-kept']").await, lang.money("495"), "the payee fee kept");
    assert_eq!(c.attr("[data-testid='auto-step-payout']", "data-state").await, "done");
    let payout = c.content("[data-testid='auto-step-payout-detail']").await;
    assert!(payout.contains(&to_payee), "the payout step says what the payee got: {payout}");

    let transfers = payout_run(&sandbox, &id).await;
    assert_eq!(transfers_of(&transfers, "Payout"), payouts, "{transfers:?}");
    assert_eq!(transfers_of(&transfers, "Split payout TENANT"), [kr("2495")], "{transfers:?}");
    refresh_until_hint(&c, "to-payee", lang.transferred()).await;
    assert_eq!(c.content("[data-testid='detail-splits-hint']").await, lang.transferred());
    nothing_owed_nothing_red(&c, lang).await;
    shoot(&c, &format!("settled-paid-out-transferred-{}.png", lang.tag())).await;
    c.close().await;
}

#[tokio::test]
async fn in_english_a_cancelled_paid_deal_says_what_went_back_to_the_payer() {
    capped("in_english_a_cancelled_paid_deal_says_what_went_back_to_the_payer", async {
        cancelled_paid_deal_says_what_went_back_to_the_payer(Lang::En).await;
    })
    .await
}

#[tokio::test]
async fn in_danish_a_cancelled_paid_deal_says_what_went_back_to_the_payer() {
    capped("in_danish_a_cancelled_paid_deal_says_what_went_back_to_the_payer", async {
        cancelled_paid_deal_says_what_went_back_to_the_payer(Lang::Da).await;
    })
    .await
}

#[tokio::test]
async fn in_english_a_paid_out_deal_says_what_the_payee_got() {
    capped("in_english_a_paid_out_deal_says_what_the_payee_got", async {
        paid_out_deal_says_what_the_payee_got(Lang::En).await;
    })
    .await
}

#[tokio::test]
async fn in_danish_a_paid_out_deal_says_what_the_payee_got() {
    capped("in_danish_a_paid_out_deal_says_what_the_payee_got", async {
        paid_out_deal_says_what_the_payee_got(Lang::Da).await;
    })
    .await
}
