//! End-to-end for issue 15's promise, in Danish in the real window on the built-in Sandbox:
//! every money dialog with a consequence panel (payout, cancel, reimburse, split payout and
//! its cancel, change amount, debt information, a new deal's review) shows numbers that the
//! sandbox then records. Each walk reads every number the panel shows, confirms, and holds
//! each against the ledger, the payout run's transfers or the stored record; what the payee
//! is promised is what the ledger's payout row says once the deal is released.
//!
//! The showcase Tesla (`EV 48 213`): 289,500 kr. paid in, payee fee 495, a pending 2,495
//! ON_CLOSE split payout to the tenant — so the payee's net before any move is 286,510.

use escrow_desk_e2e::consequence::{
    Released, Shown, ShownSplit, consequence_when, json_amount, ledger_amounts, pay_the_rest, payout_run, release,
    transfers_of,
};
use escrow_desk_e2e::{
    AppWindow, Control, capped, confirm_action, danish, detail_id, open_action, open_transaction, sandbox_url,
};
use rust_decimal::Decimal;
use serde_json::{Value, json};
use std::str::FromStr;
use std::time::Duration;

fn kr(text: &str) -> Decimal {
    Decimal::from_str(text).unwrap()
}

/// The showcase's pending 2,495 split payout to the tenant, which a move leaves as it is.
fn tenant_split() -> ShownSplit {
    split("unchanged", "2495", "TENANT", "ON_CLOSE")
}

fn split(effect: &str, amount: &str, recipient: &str, timing: &str) -> ShownSplit {
    ShownSplit {
        effect: effect.into(),
        amount: kr(amount),
        recipient: recipient.into(),
        timing: timing.into(),
        debt: false,
    }
}

/// The window in Danish with the showcase deal open; the sandbox's control API and the deal's id.
async fn showcase(c: &AppWindow) -> (Control, String) {
    c.wait_ready().await;
    danish(c).await;
    let sandbox = Control::new(&sandbox_url(c).await, escrow_sandbox::DEMO_KEY);
    open_transaction(c, "EV 48 213").await;
    let id = detail_id(c).await;
    (sandbox, id)
}

/// The panel's amount, fees and the payee's net against the stored record and what the
/// ledger recorded when the deal was released.
async fn holds_against_record(sandbox: &Control, id: &str, shown: &Shown, released: &Released) {
    let record = sandbox.get(&format!("/v2/transactions/{id}")).await;
    let stored = |v: &Value| json_amount(v).unwrap_or_else(|| panic!("not an amount: {v} in {record}"));
    assert_eq!(shown.line("amount"), stored(&record["amount"]), "the amount shown is the one stored");
    assert_eq!(shown.line("payee-fee"), stored(&record["fees"]["payee"]), "the payee fee shown is the one stored");
    let payer_fee = shown.lines.get("payer-fee").copied().unwrap_or_default();
    assert_eq!(payer_fee, stored(&record["fees"]["payer"]), "the payer fee shown (none = 0) is the one stored");
    assert_eq!(shown.line("payee-net"), released.payout, "the payee's net is what the ledger paid out");
    assert_eq!(transfers_of(&released.transfers, "Payout"), [released.payout], "the run transferred the payout");
}

#[tokio::test]
async fn in_danish_the_payout_dialog_shows_what_the_ledger_then_records() {
    capped("in_danish_the_payout_dialog_shows_what_the_ledger_then_records", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        let (sandbox, id) = showcase(&c).await;
        open_action(&c, "action-payout", &[]).await;
        let shown = consequence_when(&c, "the payout", |_| true).await;
        assert_eq!(shown.names(), ["amount", "payee-fee", "payee-net"], "{shown:?}");
        assert_eq!(shown.texts["payee-net"], "286.510,00 kr.", "amount − payee fee − split payouts, in Danish money");
        assert_eq!(shown.splits, [split("released", "2495", "TENANT", "ON_CLOSE")]);
        assert_eq!(shown.blocked, None);
        // The account is the payee's, and Confirm says why it is off.
        let account = c.content("[data-testid='action-account'] option:checked").await;
        assert!(account.contains("Bilhuset Vejle"), "payout account: {account}");
        assert_eq!(c.content("[data-testid='action-why-disabled']").await, "Skriv 289.500,00 for at bekræfte.");
        c.screenshot("payout-consequence.png").await;
        assert_eq!(confirm_action(&c).await, "succeeded");

        let payouts = ledger_amounts(&sandbox, "payout", &id).await;
        assert_eq!(payouts, [kr("286510")], "the ledger's payout");
        let released = Released { payout: payouts[0], transfers: payout_run(&sandbox, &id).await };
        holds_against_record(&sandbox, &id, &shown, &released).await;
        assert_eq!(
            transfers_of(&released.transfers, "Split payout TENANT"),
            [shown.splits[0].amount],
            "the released split payout is paid with the payout"
        );
        c.close().await;
    })
    .await
}

#[tokio::test]
async fn in_danish_the_reimburse_dialog_shows_what_the_ledger_then_records() {
    capped("in_danish_the_reimburse_dialog_shows_what_the_ledger_then_records", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        let (sandbox, id) = showcase(&c).await;
        open_action(&c, "action-reimburse", &[("action-amount", "10.000")]).await;
        let shown =
            consequence_when(&c, "10,000 back to the payer", |s| s.lines.get("to-payer") == Some(&kr("10000"))).await;
        assert_eq!(shown.names(), ["amount", "max-reimbursable", "payee-fee", "payee-net", "to-payer"], "{shown:?}");
        assert_eq!(shown.texts["max-reimbursable"], "286.510,00 kr.");
        assert_eq!(shown.line("payee-net"), kr("276510"));
        // A reimbursement leaves the tenant's split payout as it is; it is listed because it
        // takes from the payee's share, so the payee's figure adds up with the lines under it.
        assert_eq!(shown.splits, [tenant_split()], "{shown:?}");
        assert_eq!(confirm_action(&c).await, "succeeded");

        assert_eq!(ledger_amounts(&sandbox, "reimburse", &id).await, [shown.line("to-payer")]);
        let released = release(&sandbox, &id).await;
        holds_against_record(&sandbox, &id, &shown, &released).await;
        // The most that could be reimbursed was the payee's whole share: what went back plus what was paid out.
        assert_eq!(shown.line("max-reimbursable"), shown.line("to-payer") + released.payout);
        assert_eq!(transfers_of(&released.transfers, "Reimbursement"), [shown.line("to-payer")]);
        c.close().await;
    })
    .await
}

#[tokio::test]
async fn in_danish_the_cancel_dialog_shows_the_refund_and_the_kept_split_payout_the_ledger_then_records() {
    capped("in_danish_the_cancel_dialog_shows_the_refund_and_the_kept_split_payout_the_ledger_then_records", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        let (sandbox, id) = showcase(&c).await;
        // A NEXT_PAYOUT split payout is paid "independently of release or return": a cancel keeps it.
        let body = json!({ "amount": "3000.00", "recipient": "TENANT", "timing": "NEXT_PAYOUT" });
        sandbox.post(&format!("/v2/transactions/{id}/split-payouts"), body).await;
        c.click("[data-testid='detail-refresh']").await;
        c.wait_count("[data-testid='split-payout-row']", 2).await;

        open_action(&c, "action-cancel", &[]).await;
        let shown = consequence_when(&c, "the cancel", |s| s.splits.len() == 2).await;
        assert_eq!(shown.names(), ["amount", "payee-fee", "to-payer"], "{shown:?}");
        assert_eq!(shown.texts["to-payer"], "286.500,00 kr.", "paid in − the kept split payout");
        assert_eq!(
            shown.splits,
            [split("cancelled", "2495", "TENANT", "ON_CLOSE"), split("kept", "3000", "TENANT", "NEXT_PAYOUT")]
        );
        assert_eq!(confirm_action(&c).await, "succeeded");

        let cancels = sandbox.ledger("cancel").await;
        assert_eq!(cancels.iter().filter(|r| r["target"] == id.as_str()).count(), 1, "{cancels:?}");
        let record = sandbox.get(&format!("/v2/transactions/{id}")).await;
        assert_eq!(json_amount(&record["amount"]), Some(shown.line("amount")));
        assert_eq!(json_amount(&record["fees"]["payee"]), Some(shown.line("payee-fee")));
        let transfers = payout_run(&sandbox, &id).await;
        assert_eq!(transfers_of(&transfers, "Refund to payer"), [shown.line("to-payer")], "{transfers:?}");
        let kept: Vec<Decimal> = shown.splits.iter().filter(|s| s.effect == "kept").map(|s| s.amount).collect();
        assert_eq!(transfers_of(&transfers, "Split payout TENANT"), kept, "only the kept split payout is paid");
        assert_eq!(transfers.len(), 2, "nothing else moved: {transfers:?}");
        c.close().await;
    })
    .await
}

#[tokio::test]
async fn in_danish_the_split_payout_dialog_shows_what_the_ledger_then_records() {
    capped("in_danish_the_split_payout_dialog_shows_what_the_ledger_then_records", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        let (sandbox, id) = showcase(&c).await;
        let fields = [
            ("action-amount", "5.000"),
            ("action-recipient", "option:TENANT"),
            ("action-timing", "option:NEXT_PAYOUT"),
        ];
        open_action(&c, "action-split-payout", &fields).await;
        let planned = split("planned", "5000", "TENANT", "NEXT_PAYOUT");
        let want = [tenant_split(), planned.clone()];
        let shown = consequence_when(&c, "a 5,000 split payout", |s| s.splits == want).await;
        assert_eq!(shown.names(), ["amount", "payee-fee", "payee-net"], "{shown:?}");
        assert_eq!(shown.texts["payee-net"], "281.510,00 kr.", "out of the payee's share");
        assert_eq!(confirm_action(&c).await, "succeeded");

        let created = sandbox.ledger("create_split_payout").await;
        assert_eq!(created.len(), 1, "{created:?}");
        assert_eq!(json_amount(&created[0]["amount"]), Some(planned.amount));
        let splits = sandbox.get(&format!("/v2/transactions/{id}/split-payouts")).await;
        let new =
            splits["items"].as_array().unwrap().iter().find(|s| s["splitPayoutId"] == created[0]["target"]).cloned();
        let new = new.unwrap_or_else(|| panic!("the new split payout in {splits}"));
        assert_eq!((new["recipient"].as_str(), new["timing"].as_str()), (Some("TENANT"), Some("NEXT_PAYOUT")));
        let released = release(&sandbox, &id).await;
        holds_against_record(&sandbox, &id, &shown, &released).await;
        assert_eq!(transfers_of(&released.transfers, "Split payout TENANT"), [kr("2495"), planned.amount]);
        c.close().await;
    })
    .await
}

#[tokio::test]
async fn in_danish_an_overfunded_deal_shows_its_whole_excess_and_splits_it_out_as_the_ledger_then_records() {
    capped("in_danish_an_overfunded_deal_shows_its_whole_excess_and_splits_it_out_as_the_ledger_then_records", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        let (sandbox, id) = showcase(&c).await;
        // The buyer transfers 3,000 more than owed, after the tenant's split payout was planned
        // (out of the payee's share): all 3,000 is excess, and payout is refused until it is split out.
        let record = sandbox.get(&format!("/v2/transactions/{id}")).await;
        let payer = record["payer"]["serviceAccountId"].clone();
        let body = json!({ "transactionId": id, "serviceAccountId": payer, "amount": "3000.00" });
        sandbox.post("/_sandbox/transfers", body).await;
        c.click("[data-testid='detail-refresh']").await;
        c.until("the transfer on the detail", async || {
            (c.content("[data-testid='detail-paid-in']").await == "292.500,00 kr.").then_some(())
        })
        .await;

        open_action(&c, "action-payout", &[]).await;
        let refused = consequence_when(&c, "the payout refused", |s| s.blocked.is_some()).await;
        assert_eq!(refused.blocked.as_deref(), Some("excess"), "{refused:?}");
        let said = refused.blocked_text.clone().unwrap_or_default();
        assert!(said.contains("3.000,00 kr."), "the whole excess: {said}");
        c.click("[data-testid='action-cancel-dialog']").await;

        let fields = [("action-amount", "3.000"), ("action-recipient", "option:PAYER")];
        open_action(&c, "action-split-payout", &fields).await;
        let planned = split("planned", "3000", "PAYER", "ON_CLOSE");
        let want = [tenant_split(), planned.clone()];
        let shown = consequence_when(&c, "the excess split out", |s| s.splits == want).await;
        assert_eq!(shown.blocked, None, "the excess can be split out: {shown:?}");
        assert_eq!(shown.names(), ["amount", "payee-fee", "payee-net"], "{shown:?}");
        assert_eq!(shown.texts["payee-net"], "286.510,00 kr.", "paid from the excess, not the payee's share");
        assert_eq!(confirm_action(&c).await, "succeeded");

        let created = sandbox.ledger("create_split_payout").await;
        assert_eq!(created.len(), 1, "{created:?}");
        assert_eq!(json_amount(&created[0]["amount"]), Some(planned.amount));
        let released = release(&sandbox, &id).await;
        holds_against_record(&sandbox, &id, &shown, &released).await;
        assert_eq!(transfers_of(&released.transfers, "Split payout PAYER"), [planned.amount]);
        c.close().await;
    })
    .await
}

#[tokio::test]
async fn in_danish_the_cancel_split_payout_dialog_shows_what_the_ledger_then_records() {
    capped("in_danish_the_cancel_split_payout_dialog_shows_what_the_ledger_then_records", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        let (sandbox, id) = showcase(&c).await;
        open_action(&c, "split-payout-cancel", &[]).await;
        let shown = consequence_when(&c, "the split payout cancelled", |s| !s.splits.is_empty()).await;
        assert_eq!(shown.names(), ["amount", "payee-fee", "payee-net"], "{shown:?}");
        assert_eq!(shown.texts["payee-net"], "289.005,00 kr.", "the split payout's money returns to the payee");
        assert_eq!(shown.splits, [split("cancelled", "2495", "TENANT", "ON_CLOSE")]);
        assert_eq!(confirm_action(&c).await, "succeeded");

        let cancelled = sandbox.ledger("cancel_split_payout").await;
        assert_eq!(cancelled.len(), 1, "{cancelled:?}");
        assert_eq!(json_amount(&cancelled[0]["amount"]), Some(shown.splits[0].amount));
        let released = release(&sandbox, &id).await;
        holds_against_record(&sandbox, &id, &shown, &released).await;
        assert!(transfers_of(&released.transfers, "Split payout TENANT").is_empty(), "{:?}", released.transfers);
        c.close().await;
    })
    .await
}

#[tokio::test]
async fn in_danish_the_change_amount_dialog_shows_what_the_ledger_then_records() {
    capped("in_danish_the_change_amount_dialog_shows_what_the_ledger_then_records", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        let (sandbox, id) = showcase(&c).await;
        let fields = [("action-amount", "295.000"), ("action-payee-fee", "600"), ("action-payer-fee", "250")];
        open_action(&c, "action-change-amount", &fields).await;
        let shown = consequence_when(&c, "the new amount and fees", |s| {
            s.lines.get("amount") == Some(&kr("295000")) && s.lines.get("payer-fee") == Some(&kr("250"))
        })
        .await;
        assert_eq!(shown.names(), ["amount", "payee-fee", "payee-net", "payer-fee", "payer-owes"], "{shown:?}");
        assert_eq!(shown.texts["payee-net"], "291.905,00 kr.", "new amount − new payee fee − split payouts");
        assert_eq!(shown.texts["payer-owes"], "5.750,00 kr.", "new amount + new payer fee − paid in");
        assert_eq!(confirm_action(&c).await, "succeeded");

        // What the payer still owed is what the next payment was for; then the payee's net is paid out.
        assert_eq!(pay_the_rest(&sandbox, &id).await, shown.line("payer-owes"));
        let released = release(&sandbox, &id).await;
        holds_against_record(&sandbox, &id, &shown, &released).await;
        c.close().await;
    })
    .await
}

#[tokio::test]
async fn in_danish_the_debt_review_shows_what_the_ledger_then_records() {
    capped("in_danish_the_debt_review_shows_what_the_ledger_then_records", async {
        let data = tempfile::tempdir().unwrap();
        let doc = data.path().join("gaeld.pdf");
        std::fs::write(&doc, b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n").unwrap();
        let c = AppWindow::open(data.path()).await;
        let (sandbox, id) = showcase(&c).await;
        c.type_into("[data-testid='debt-amount']", "21.500").await;
        c.type_into("[data-testid='debt-bank-account']", "DK50 0040 0440 1162 43").await;
        c.find("[data-testid='debt-file']").await.send_keys(&doc.to_string_lossy()).await;
        c.click("[data-testid='debt-review-button']:not([disabled])").await;
        c.find("[data-testid='debt-review']").await;
        let shown = consequence_when(&c, "the debt's split payout", |s| !s.splits.is_empty()).await;
        assert_eq!(shown.names(), ["amount", "payee-fee", "payee-net"], "{shown:?}");
        assert_eq!(shown.texts["payee-net"], "265.010,00 kr.", "the debt is settled out of the payee's share");
        assert_eq!(
            shown.splits,
            [tenant_split(), ShownSplit { debt: true, ..split("planned", "21500", "PAYEE", "ON_CLOSE") }]
        );
        let settled = shown.splits[1].amount;
        let expected = c.content("[data-testid='debt-confirm-expected']").await;
        c.type_into("[data-testid='debt-confirm-input']", &expected).await;
        c.click("[data-testid='debt-submit']:not([disabled])").await;

        let debt = c
            .until_for("the debt stored", Duration::from_secs(30), async || {
                let record = sandbox.get(&format!("/v2/transactions/{id}")).await;
                let debt = record["autoInformation"]["debt"].clone();
                debt.is_object().then_some(debt)
            })
            .await;
        assert_eq!(json_amount(&debt["amount"]), Some(settled));
        let splits = sandbox.get(&format!("/v2/transactions/{id}/split-payouts")).await;
        let settlement =
            splits["items"].as_array().unwrap().iter().find(|s| s["splitPayoutId"] == debt["splitPayoutId"]);
        let settlement = settlement.unwrap_or_else(|| panic!("the debt's split payout in {splits}"));
        assert_eq!(json_amount(&settlement["amount"]), Some(settled));
        let released = release(&sandbox, &id).await;
        holds_against_record(&sandbox, &id, &shown, &released).await;
        assert_eq!(transfers_of(&released.transfers, "Split payout PAYEE"), [settled]);
        c.close().await;
    })
    .await
}

#[tokio::test]
async fn in_danish_the_new_deal_review_shows_what_the_ledger_then_records() {
    capped("in_danish_the_new_deal_review_shows_what_the_ledger_then_records", async {
        let data = tempfile::tempdir().unwrap();
        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        danish(&c).await;
        let sandbox = Control::new(&sandbox_url(&c).await, escrow_sandbox::DEMO_KEY);
        let users = sandbox.get("/v2/users?Take=100").await;
        let payer = users["items"].as_array().unwrap().iter().find(|u| u["name"] == "Mette Kjær Nielsen").cloned();
        let payer = payer.expect("the showcase's buyer among the demo users");
        c.click("[data-testid='nav-transactions']").await;
        c.click("[data-testid='new-transaction']").await;
        c.click("[data-testid='nt-type-marketplace']").await;
        for (field, value) in [
            ("nt-amount", "12.500"),
            ("nt-title", "Ladcykel — konsekvens e2e"),
            ("nt-payeeReferenceId", "dealer-01"),
            ("nt-payerFixedFee", "150"),
            ("nt-payeeFixedFee", "1.250"),
        ] {
            c.type_into(&format!("[data-testid='{field}']"), value).await;
        }
        // Rust's own check refuses a Marketplace deal without the buyer's account, in Danish.
        c.submit("[data-testid='nt-review']").await;
        let said = c.content("[data-testid='nt-payerId-error']").await;
        assert_eq!(said, "Påkrævet for en markedspladshandel.");
        c.type_into("[data-testid='nt-payerId']", payer["serviceAccountId"].as_str().unwrap()).await;
        c.submit("[data-testid='nt-review']").await;
        c.find("[data-testid='new-transaction-review']").await;
        let shown = consequence_when(&c, "the new deal", |_| true).await;
        assert_eq!(shown.names(), ["amount", "payee-fee", "payee-net", "payer-fee", "payer-pays"], "{shown:?}");
        assert_eq!(shown.texts["payee-net"], "11.250,00 kr.", "amount − payee fee");
        assert_eq!(shown.texts["payer-pays"], "12.650,00 kr.", "amount + payer fee");
        let expected = c.content("[data-testid='nt-confirm-expected']").await;
        c.type_into("[data-testid='nt-confirm-input']", &expected).await;
        c.submit("[data-testid='nt-create']").await;
        let id = detail_id(&c).await;

        assert_eq!(ledger_amounts(&sandbox, "create_transaction", &id).await, [shown.line("amount")]);
        assert_eq!(pay_the_rest(&sandbox, &id).await, shown.line("payer-pays"), "the payer paid what the review said");
        let released = release(&sandbox, &id).await;
        holds_against_record(&sandbox, &id, &shown, &released).await;
        c.close().await;
    })
    .await
}
