//! End-to-end in the real window on the built-in Sandbox: an Auto deal created with a bill
//! of sale, debt information and a photo in one flow (the create, then each set-up step as
//! its own journaled call); paid and signed through the sandbox's control API, its checklist
//! is complete up to "ready to pay out", on the detail and in the list's compact column.

use escrow_desk_e2e::{AppWindow, Control, capped, open_transaction, refresh_mirror, sandbox_url};
use rust_decimal::Decimal;
use serde_json::{Value, json};
use std::str::FromStr;

const TITLE: &str = "VW Golf Variant — autodeal e2e";
const DEALER_REFERENCE: &str = "dealer-01";
const PHOTO: &str = "https://photos.example.invalid/golf-front.jpg";

fn dec(v: &Value) -> Decimal {
    match v {
        Value::String(s) => Decimal::from_str(s).unwrap_or_default(),
        Value::Number(n) => Decimal::from_str(&n.to_string()).unwrap_or_default(),
        _ => Decimal::ZERO,
    }
}

/// The checklist's step states on the open detail, in order.
async fn steps(c: &AppWindow) -> Vec<String> {
    let mut out = Vec::new();
    for id in ["parties", "payment", "debt", "billOfSale", "payout"] {
        out.push(format!("{id}:{}", c.attr(&format!("[data-testid='auto-step-{id}']"), "data-state").await));
    }
    out
}

#[tokio::test]
async fn an_auto_deal_set_up_in_one_flow_reaches_ready_to_pay_out() {
    capped("an_auto_deal_set_up_in_one_flow_reaches_ready_to_pay_out", async {
        let data = tempfile::tempdir().unwrap();
        let doc = data.path().join("gaeld.pdf");
        std::fs::write(&doc, b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n").unwrap();
        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        let sandbox = Control::new(&sandbox_url(&c).await, escrow_sandbox::DEMO_KEY);
        let users = sandbox.get("/v2/users?Take=100").await;
        let payer = users["items"].as_array().unwrap().iter().find(|u| u["type"] == "Private").expect("a private user").clone();
        let payer_id = payer["serviceAccountId"].as_str().unwrap().to_owned();

        // The form: an Auto deal with a photo, a generated bill of sale and debt to a bank account.
        c.click("[data-testid='nav-transactions']").await;
        c.click("[data-testid='new-transaction']").await;
        c.click("[data-testid='nt-type-auto']").await;
        for (field, value) in [
            ("nt-amount", "164900"),
            ("nt-title", TITLE),
            ("nt-payerId", payer_id.as_str()),
            ("nt-payeeReferenceId", DEALER_REFERENCE),
            ("nt-vehicle-brand", "Volkswagen"),
            ("nt-vehicle-model", "Golf Variant"),
            ("nt-vehicle-registrationNumber", "CY 44 120"),
            ("nt-image-urls", PHOTO),
        ] {
            c.type_into(&format!("[data-testid='{field}']"), value).await;
        }
        c.click("[data-testid='nt-setup-bos-on']").await;
        c.click("[data-testid='nt-setup-debt-on']").await;
        c.type_into("[data-testid='nt-setup-debt-amount']", "21500").await;
        c.type_into("[data-testid='nt-setup-debt-account']", "DK50 0040 0440 1162 43").await;
        c.find("[data-testid='nt-setup-debt-file']").await.send_keys(&doc.to_string_lossy()).await;
        c.until("the debt documentation read", async || {
            (c.count("[data-testid='nt-setup-debt-file-error']").await == 0).then_some(())
        })
        .await;
        c.submit("[data-testid='nt-review']").await;
        c.find("[data-testid='nt-review-setup-debt']").await;
        c.find("[data-testid='nt-review-setup-billOfSale']").await;
        let expected = c.content("[data-testid='nt-confirm-expected']").await;
        c.type_into("[data-testid='nt-confirm-input']", &expected).await;
        c.submit("[data-testid='nt-create']").await;

        // Every set-up step done: the new deal opens.
        c.until("the new deal's detail", async || {
            (c.content("[data-testid='detail-title']").await == TITLE).then_some(())
        })
        .await;
        let id = c.content("[data-testid='detail-transaction-id']").await;
        assert_eq!(sandbox.ledger("create_transaction").await.len(), 1, "created once");
        let record = sandbox.get(&format!("/v2/transactions/{id}")).await;
        assert_eq!(record["imageUrls"], json!([PHOTO]), "the photo was sent: {record}");
        assert_eq!(record["autoInformation"]["billOfSale"]["enabled"], json!(true));
        assert_eq!(dec(&record["autoInformation"]["debt"]["amount"]), Decimal::from(21500));

        // Not paid, not signed: the checklist says which steps are open.
        c.find("[data-testid='auto-checklist']").await;
        c.until("the debt's settlement confirmed by the split payouts", async || {
            (steps(&c).await[2] == "debt:done").then_some(())
        })
        .await;
        assert_eq!(steps(&c).await, ["parties:done", "payment:open", "debt:done", "billOfSale:open", "payout:open"]);

        // The payer transfers what is owed; both signers sign the bill of sale.
        let owed = dec(&record["amount"]) + dec(&record["fees"]["payer"]);
        sandbox
            .post("/_sandbox/transfers", json!({"transactionId": id, "serviceAccountId": payer_id, "amount": owed.to_string()}))
            .await;
        sandbox.post(&format!("/_sandbox/transactions/{id}/bill-of-sale/sign"), json!({})).await;

        c.click("[data-testid='detail-refresh']").await;
        c.until("the checklist complete up to ready to pay out", async || {
            (c.attr("[data-testid='auto-checklist']", "data-done").await == "5").then_some(())
        })
        .await;
        assert_eq!(steps(&c).await, ["parties:done", "payment:done", "debt:done", "billOfSale:done", "payout:done"]);
        // A step leads to its panel.
        c.click("[data-testid='auto-step-billOfSale-go']").await;
        let inside: Value = c
            .execute(
                "return document.querySelector(\"[data-testid='bill-of-sale-panel']\").contains(document.activeElement);",
                vec![],
            )
            .await;
        assert_eq!(inside, json!(true), "focus moved into the bill-of-sale panel");
        c.execute("document.querySelector(\"[data-testid='auto-checklist']\").scrollIntoView();", vec![]).await;
        c.screenshot("auto-checklist.png").await;

        // The list's compact column tells the same (the list searches the local mirror: refresh it).
        refresh_mirror(&c).await;
        open_transaction(&c, "CY 44 120").await;
        c.click("[data-testid='back-button']").await;
        c.until("the row's checklist", async || {
            (c.attr("[data-testid='row-checklist']", "data-done").await == "5").then_some(())
        })
        .await;
        // At the smallest window the column stays on screen beside amount and status.
        c.resize(960, 600).await;
        let right: Value = c
            .execute(
                "const r = document.querySelector(\"[data-testid='row-checklist']\").getBoundingClientRect(); \
                 return r.width > 0 && r.right <= window.innerWidth;",
                vec![],
            )
            .await;
        assert_eq!(right, json!(true), "the checklist column is visible at 960×600");
        c.screenshot("auto-checklist-list.png").await;
        c.close().await;
    })
    .await
}
