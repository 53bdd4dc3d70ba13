//! End-to-end in the real window on the built-in Sandbox, for issue 32's Auto money bugs:
//! - a new Auto deal with debt: the review promises the payee `amount − payee fee − debt`
//!   with the debt settlement line, by the same rules as every money dialog, and that is
//!   what the sandbox's ledger pays out once the deal is released;
//! - the new deal's page shows its bill of sale and debt as labelled fields, never as JSON,
//!   in English and in Danish;
//! - a PDF uploaded with two signers required reads 0/2 in the deal's documents panel and
//!   on the Documents page, as the service stored it.

use escrow_desk_e2e::consequence::{ShownSplit, consequence_when, json_amount, pay_the_rest, release, transfers_of};
use escrow_desk_e2e::{AppWindow, Control, capped, danish, detail_id, open_transaction, sandbox_url};
use rust_decimal::Decimal;
use serde_json::{Value, json};

const TITLE: &str = "Audi A4 Avant — auto money e2e";
const AMOUNT: i64 = 199_900;
const PAYEE_FEE: i64 = 1_250;
const DEBT: i64 = 45_000;

/// What a page must never show a person: JSON punctuation, `null`, the record's own keys.
fn raw_json_in(text: &str) -> Vec<&'static str> {
    ["{", "}", "\"", "null", "splitPayoutId", "additionalTerms", "fileId", "bankAccountText"]
        .into_iter()
        .filter(|needle| text.contains(needle))
        .collect()
}

/// The texts of the Vehicle card and the bill-of-sale and debt panels, once the card shows
/// the debt (its documentation's file name, there whatever the notation).
async fn auto_cards(c: &AppWindow) -> Vec<(&'static str, String)> {
    c.until("the Vehicle card with the debt", async || {
        c.content("[data-testid='detail-vehicle']").await.contains("gaeld.pdf").then_some(())
    })
    .await;
    let mut out = Vec::new();
    for id in ["detail-vehicle", "bill-of-sale-panel", "debt-panel"] {
        out.push((id, c.content(&format!("[data-testid='{id}']")).await));
    }
    out
}

async fn shot(c: &AppWindow, css: &str, name: &str) {
    c.execute(&format!("document.querySelector(\"{css}\").scrollIntoView({{block: 'start'}});"), vec![]).await;
    c.screenshot(name).await;
}

#[tokio::test]
async fn a_new_auto_deal_with_debt_promises_the_payee_what_the_ledger_pays_and_shows_its_records_as_fields() {
    capped("a_new_auto_deal_with_debt_promises_the_payee_what_the_ledger_pays_and_shows_its_records_as_fields", async {
        let data = tempfile::tempdir().unwrap();
        let doc = data.path().join("gaeld.pdf");
        std::fs::write(&doc, b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n").unwrap();
        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        let sandbox = Control::new(&sandbox_url(&c).await, escrow_sandbox::DEMO_KEY);
        let users = sandbox.get("/v2/users?Take=100").await;
        let payer =
            users["items"].as_array().unwrap().iter().find(|u| u["type"] == "Private").expect("a private user").clone();
        let payer_id = payer["serviceAccountId"].as_str().unwrap().to_owned();

        // The new-transaction form: an Auto deal of 199,900 with a payee fee, a generated bill
        // of sale, and debt of 45,000 to the lender's bank account.
        c.click("[data-testid='nav-transactions']").await;
        c.click("[data-testid='new-transaction']").await;
        c.click("[data-testid='nt-type-auto']").await;
        for (field, value) in [
            ("nt-amount", "199900"),
            ("nt-title", TITLE),
            ("nt-payerId", payer_id.as_str()),
            ("nt-payeeReferenceId", "dealer-01"),
            ("nt-payeeFixedFee", "1250"),
            ("nt-vehicle-brand", "Audi"),
            ("nt-vehicle-model", "A4 Avant"),
            ("nt-vehicle-registrationNumber", "DX 31 904"),
        ] {
            c.type_into(&format!("[data-testid='{field}']"), value).await;
        }
        c.click("[data-testid='nt-setup-bos-on']").await;
        c.click("[data-testid='nt-setup-debt-on']").await;
        c.type_into("[data-testid='nt-setup-debt-amount']", "45000").await;
        c.type_into("[data-testid='nt-setup-debt-account']", "DK50 0040 0440 1162 43").await;
        c.find("[data-testid='nt-setup-debt-file']").await.send_keys(&doc.to_string_lossy()).await;
        c.until("the debt documentation read", async || {
            (c.count("[data-testid='nt-setup-debt-file-error']").await == 0).then_some(())
        })
        .await;
        c.submit("[data-testid='nt-review']").await;
        c.find("[data-testid='new-transaction-review']").await;
        c.find("[data-testid='nt-review-setup-debt']").await;

        // (a) The review: the payee receives the amount less the payee fee and the debt,
        // and the debt settlement to the lender is a line of its own.
        let shown = consequence_when(&c, "the new deal's review", |_| true).await;
        let promised = Decimal::from(AMOUNT - PAYEE_FEE - DEBT);
        assert_eq!(
            shown.line("payee-net"),
            promised,
            "the payee receives 199,900 − 1,250 fee − 45,000 debt; the review said {:?}",
            shown.texts.get("payee-net")
        );
        assert_eq!(shown.texts["payee-net"], "DKK 153,650.00");
        assert_eq!(shown.line("payee-fee"), Decimal::from(PAYEE_FEE));
        assert_eq!(
            shown.splits,
            [ShownSplit {
                effect: "planned".into(),
                amount: Decimal::from(DEBT),
                recipient: "PAYEE".into(),
                timing: "ON_CLOSE".into(),
                debt: true
            }],
            "the debt settlement line"
        );
        let line = c.content("[data-testid='consequence-split']").await;
        assert!(line.contains("Debt settlement to the lender") && line.contains("DKK 45,000.00"), "{line}");
        assert_eq!(shown.blocked, None);
        shot(&c, "[data-testid='consequence-panel']", "auto-money-review.png").await;

        let expected = c.content("[data-testid='nt-confirm-expected']").await;
        c.type_into("[data-testid='nt-confirm-input']", &expected).await;
        c.submit("[data-testid='nt-create']").await;
        c.until("the new deal's detail", async || {
            (c.content("[data-testid='detail-title']").await == TITLE).then_some(())
        })
        .await;
        let id = detail_id(&c).await;
        let record = sandbox.get(&format!("/v2/transactions/{id}")).await;
        assert_eq!(json_amount(&record["autoInformation"]["debt"]["amount"]), Some(Decimal::from(DEBT)), "{record}");
        assert_eq!(record["autoInformation"]["billOfSale"]["enabled"], json!(true), "{record}");

        // (b) The new deal's page: the bill of sale and the debt as labelled fields, in both languages.
        let cards = auto_cards(&c).await;
        shot(&c, "[data-testid='detail-vehicle']", "auto-money-vehicle-en.png").await;
        for (name, text) in &cards {
            assert_eq!(raw_json_in(text), Vec::<&str>::new(), "raw JSON in {name} (English): {text}");
        }
        let card = &cards[0].1;
        for words in ["Bill of sale", "Debt", "Required signers", "Payer, Payee", "DKK 199,900.00", "DKK 45,000.00"] {
            assert!(card.contains(words), "the Vehicle card says {words:?}: {card}");
        }
        danish(&c).await;
        c.until("the Vehicle card in Danish", async || {
            c.content("[data-testid='detail-vehicle']").await.contains("Køretøj").then_some(())
        })
        .await;
        let cards = auto_cards(&c).await;
        shot(&c, "[data-testid='detail-vehicle']", "auto-money-vehicle-da.png").await;
        for (name, text) in &cards {
            assert_eq!(raw_json_in(text), Vec::<&str>::new(), "raw JSON in {name} (Danish): {text}");
        }
        let card = &cards[0].1;
        for words in
            ["Slutseddel", "Gæld", "Skal underskrives af", "Betaler, Modtager", "199.900,00 kr.", "45.000,00 kr."]
        {
            assert!(card.contains(words), "the Vehicle card says {words:?}: {card}");
        }
        shot(&c, "[data-testid='bill-of-sale-panel']", "auto-money-panels-da.png").await;

        // (a) once released: the payer pays, the deal is released, and the ledger's payout
        // is what the review promised; the debt went to the lender by its split payout.
        assert_eq!(pay_the_rest(&sandbox, &id).await, shown.line("payer-pays"), "the payer paid what the review said");
        let released = release(&sandbox, &id).await;
        assert_eq!(released.payout, promised, "the ledger paid the payee what the review promised");
        assert_eq!(transfers_of(&released.transfers, "Payout"), [promised]);
        assert_eq!(
            transfers_of(&released.transfers, "Split payout PAYEE"),
            [Decimal::from(DEBT)],
            "the debt settlement"
        );
        let stored = sandbox.get(&format!("/v2/transactions/{id}")).await;
        assert_eq!(json_amount(&stored["amount"]), Some(shown.line("amount")));
        assert_eq!(json_amount(&stored["fees"]["payee"]), Some(shown.line("payee-fee")));
        c.close().await;
    })
    .await
}

/// The Signed cell of the documents panel's row titled `title`, once the row is there.
async fn panel_signed(c: &AppWindow, title: &str) -> String {
    let js = "const row = [...document.querySelectorAll(\"[data-testid='document-row']\")]\
              .find((r) => r.cells[0].textContent.trim() === arguments[0]); \
              return row ? row.cells[2].textContent.trim() : null;";
    c.until(&format!("the documents panel's row {title}"), async || {
        c.execute(js, vec![json!(title)]).await.as_str().map(str::to_owned)
    })
    .await
}

/// The signer count on the Documents page's row titled `title`, once the row is there.
async fn page_count(c: &AppWindow, title: &str) -> String {
    let js = "const row = [...document.querySelectorAll(\"[data-testid='documents-page-row']\")]\
              .find((r) => r.querySelector('strong')?.textContent.trim() === arguments[0]); \
              return row ? row.querySelector('.count').textContent.trim() : null;";
    c.until(&format!("the Documents page's row {title}"), async || {
        c.execute(js, vec![json!(title)]).await.as_str().map(str::to_owned)
    })
    .await
}

#[tokio::test]
async fn a_pdf_uploaded_with_two_signers_required_reads_0_of_2_in_the_panel_and_on_the_documents_page() {
    capped("a_pdf_uploaded_with_two_signers_required_reads_0_of_2_in_the_panel_and_on_the_documents_page", async {
        const DOC: &str = "Syn — to underskrivere";
        let data = tempfile::tempdir().unwrap();
        let pdf = data.path().join("syn.pdf");
        std::fs::write(&pdf, b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n").unwrap();
        let c = AppWindow::open(data.path()).await;
        c.wait_ready().await;
        let sandbox = Control::new(&sandbox_url(&c).await, escrow_sandbox::DEMO_KEY);
        open_transaction(&c, "EV 48 213").await;
        let id = detail_id(&c).await;

        c.find("[data-testid='document-upload-input']").await.send_keys(&pdf.to_string_lossy()).await;
        c.find("[data-testid='document-upload']:not([disabled])").await;
        c.type_into("[data-testid='document-title']", DOC).await;
        c.type_into("[data-testid='document-signers']", "2").await;
        c.click("[data-testid='document-upload']").await;

        // The service stored two signers required.
        let docs = c
            .until("the document stored", async || {
                let list = sandbox.get("/v2/documents").await;
                list["documents"].as_array()?.iter().find(|d| d["title"] == DOC).cloned()
            })
            .await;
        assert_eq!(docs["signersRequired"], json!(2), "{docs}");
        assert_eq!(docs["transactionId"], Value::String(id.clone()), "{docs}");

        let signed = panel_signed(&c, DOC).await;
        assert_eq!(signed, "No (0/2)", "the deal's documents panel shows the count as stored");
        c.execute("document.querySelector(\"[data-testid='documents-panel']\").scrollIntoView();", vec![]).await;
        c.screenshot("auto-money-documents-panel.png").await;

        c.click("[data-testid='nav-documents']").await;
        c.find("[data-testid='documents-page']").await;
        assert_eq!(page_count(&c, DOC).await, "0/2", "the Documents page shows the count as stored");
        c.screenshot("auto-money-documents-page.png").await;
        c.close().await;
    })
    .await
}
