//! Paper against the sandbox's ledger, with Danish chosen: an Auto deal gets its debt to the
//! lender registered and is released, then its settlement statement (PDF made in Rust) is
//! read back with `pdftotext` and every figure is checked against the service's own record
//! read raw over HTTP (not through the client the app uses) and the sandbox's ledger; a
//! Marketplace deal's receipt likewise. (Its own test binary: the language is process-wide.)

mod demo_desk;

use escrow_api::{CallOptions, DebtInformation, ListTransactions, PayoutTransaction, Upload};
use escrow_desk::paper::figures::money;
use escrow_desk::paper::statement::PaperKind;
use escrow_desk::save_as::kind::ExportKind;
use rust_decimal::Decimal;
use serde_json::Value;
use std::str::FromStr;

const PDF: &[u8] = b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n";

async fn raw(url: &str, path: &str) -> Value {
    let res =
        reqwest::Client::new().get(format!("{url}{path}")).bearer_auth(escrow_sandbox::DEMO_KEY).send().await.unwrap();
    assert!(res.status().is_success(), "{path}: {}", res.status());
    res.json().await.unwrap()
}

fn dec(v: &Value) -> Decimal {
    match v {
        Value::String(s) => Decimal::from_str(s).unwrap(),
        other => Decimal::from_str(&other.to_string()).unwrap(),
    }
}

/// The text a PDF reader gets out of `bytes`, one line per printed line.
fn pdf_text(bytes: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("paper.pdf");
    std::fs::write(&path, bytes).unwrap();
    let out = std::process::Command::new("pdftotext")
        .args(["-layout", "-enc", "UTF-8"])
        .arg(&path)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils, installed by scripts/setup-system.sh)");
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

/// The printed line that starts with `label`, and the figure it ends with.
#[track_caller]
fn line_ends_with(text: &str, label: &str, figure: &str) {
    let line =
        text.lines().map(str::trim).find(|l| l.starts_with(label)).unwrap_or_else(|| panic!("no {label:?} in\n{text}"));
    assert!(line.ends_with(figure), "{label:?} should end with {figure:?}: {line:?}");
}

#[tokio::test]
async fn a_statement_and_a_receipt_hold_the_ledgers_figures() {
    escrow_desk::shared::lang::set(Some("da"));
    let desk = demo_desk::demo_desk("dk.escrowdesk.test.paper").await;
    let (app, client, sb, dir) = (&desk.app, &desk.client, &desk.sandbox, &desk.dir);
    let query = ListTransactions { search: Some("DEAL-2026-0042".into()), ..Default::default() };
    let id = client.transactions().list(&query).await.unwrap().items[0].transaction_id.clone();

    // The debt to the lender, then the release and the payout run.
    let mut debt = DebtInformation::new(Upload::new("loan.pdf", PDF.to_vec()), Decimal::from(45_000));
    debt.bank_account = Some("00400440116243".into());
    client.auto().add_debt_information(&id, &debt).await.unwrap();
    let record = raw(&sb.url, &format!("/v2/transactions/{id}")).await;
    let payee = record["payee"]["serviceAccountId"].as_str().unwrap().to_owned();
    let body = PayoutTransaction { service_account_id: payee.clone() };
    client.transactions().payout(&id, &body, &CallOptions::default()).await.unwrap();
    let res = reqwest::Client::new()
        .post(format!("{}/_sandbox/payout-run", sb.url))
        .bearer_auth(escrow_sandbox::DEMO_KEY)
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success());

    let record = raw(&sb.url, &format!("/v2/transactions/{id}")).await;
    let splits = raw(&sb.url, &format!("/v2/transactions/{id}/split-payouts")).await;
    let ledger = raw(&sb.url, "/_sandbox/ledger").await;
    assert!(
        ledger["items"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["target"] == id.as_str() && r["kind"].as_str().unwrap().contains("payout")),
        "{ledger}"
    );
    let cur = record["currency"].as_str().unwrap();
    let kr = |d: Decimal| money(d, cur, true);
    let debt_split = record["autoInformation"]["debt"]["splitPayoutId"].as_str().unwrap();
    let debt_amount = splits["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["splitPayoutId"] == debt_split)
        .map(|s| dec(&s["amount"]))
        .unwrap();
    let to_seller: Decimal = record["payments"]["outbound"]["payments"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| {
            o["payee"]["serviceAccountId"] == payee.as_str()
                && o["status"] != "CANCELLED"
                && o["destination"].as_str() != Some("00400440116243")
        })
        .map(|o| dec(&o["amount"]))
        .sum();
    assert_eq!(record["status"], "SUCCEEDED");

    let statement = app.paper.paper_pdf(&id, PaperKind::Statement, Some("Bilhuset Ærø A/S")).await.unwrap();
    if let Some(sample) = std::env::var_os("PAPER_SAMPLE_DIR") {
        // For looking at: `PAPER_SAMPLE_DIR=/tmp cargo test -p escrow-desk --test paper`.
        std::fs::write(std::path::Path::new(&sample).join("statement.pdf"), &statement).unwrap();
    }
    let text = pdf_text(&statement);
    assert!(text.contains("Afregningsopgørelse") && text.contains("Bilhuset Ærø A/S"), "{text}");
    line_ends_with(&text, "Købesum", &kr(dec(&record["amount"])));
    line_ends_with(&text, "Indfrielse af gæld til långiver", &kr(debt_amount));
    line_ends_with(&text, "Gebyr, sælger", &kr(dec(&record["fees"]["payee"])));
    line_ends_with(&text, "Sælger modtager", &kr(to_seller));
    line_ends_with(&text, "Escrow-reference", &id);
    line_ends_with(&text, "Registreringsnummer", record["autoInformation"]["registrationNumber"].as_str().unwrap());
    line_ends_with(&text, "Stelnummer (VIN)", record["autoInformation"]["vin"].as_str().unwrap());
    line_ends_with(&text, "Status", "Udbetalt");
    let live: Vec<&Value> = splits["items"].as_array().unwrap().iter().filter(|s| s["status"] != "CANCELLED").collect();
    for s in live.iter().filter(|s| s["splitPayoutId"] != debt_split) {
        line_ends_with(&text, "Deludbetaling til", &kr(dec(&s["amount"])));
    }
    let all_splits: Decimal = live.iter().map(|s| dec(&s["amount"])).sum();
    assert_eq!(
        to_seller,
        dec(&record["amount"]) - dec(&record["fees"]["payee"]) - all_splits,
        "the ledger's arithmetic"
    );

    // The released deal's receipt lists the split payouts too, and adds up: out + kept = in.
    let receipt = pdf_text(&app.paper.paper_pdf(&id, PaperKind::Receipt, Some("Bilhuset Ærø A/S")).await.unwrap());
    for s in &live {
        assert!(receipt.contains(&kr(dec(&s["amount"]))), "split {} on the receipt:\n{receipt}", s["amount"]);
    }
    let paid_in: Decimal = record["payments"]["inbound"]["payments"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["status"] == "AUTHORIZED")
        .map(|p| dec(&p["amount"]))
        .sum();
    let out = to_seller + all_splits;
    line_ends_with(&receipt, "Udbetalt eller planlagt", &kr(out));
    line_ends_with(&receipt, "Beholdt som gebyrer", &kr(paid_in - out));

    // A cancelled deal: no seller's fee, what was paid in went back to the buyer.
    let page = client.transactions().list(&ListTransactions { take: Some(200), ..Default::default() }).await.unwrap();
    let cancelled = page
        .items
        .iter()
        .find(|t| {
            t.auto_information.is_some()
                && t.status.as_str() == "CANCELLED"
                && t.payments.as_ref().and_then(|p| p.inbound.as_ref()).is_some()
        })
        .expect("a cancelled Auto deal");
    let record_c = raw(&sb.url, &format!("/v2/transactions/{}", cancelled.transaction_id)).await;
    let refunded: Decimal = record_c["payments"]["outbound"]["payments"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| {
            o["payee"]["serviceAccountId"] == record_c["payer"]["serviceAccountId"] && o["status"] != "CANCELLED"
        })
        .map(|o| dec(&o["amount"]))
        .sum();
    let text_c = pdf_text(&app.paper.paper_pdf(&cancelled.transaction_id, PaperKind::Statement, None).await.unwrap());
    assert!(!text_c.contains("Gebyr, sælger"), "no seller's fee on a cancelled deal:\n{text_c}");
    if !refunded.is_zero() {
        line_ends_with(&text_c, "Tilbagebetalt til køber", &kr(refunded));
    }
    line_ends_with(&text_c, "Sælger modtager", &kr(Decimal::ZERO));

    // A receipt of a Marketplace deal: each payment in, and their total.
    let page = client.transactions().list(&ListTransactions { take: Some(100), ..Default::default() }).await.unwrap();
    let paid = page
        .items
        .iter()
        .find(|t| t.auto_information.is_none() && t.status.as_str() == "PAID")
        .expect("a paid Marketplace deal");
    let record = raw(&sb.url, &format!("/v2/transactions/{}", paid.transaction_id)).await;
    let receipt = pdf_text(&app.paper.paper_pdf(&paid.transaction_id, PaperKind::Receipt, None).await.unwrap());
    assert!(receipt.contains("Kvittering"));
    let inbound = record["payments"]["inbound"]["payments"].as_array().unwrap();
    for p in inbound {
        assert!(receipt.contains(&kr(dec(&p["amount"]))), "{} not on the receipt:\n{receipt}", p["amount"]);
    }
    let authorized: Decimal = inbound.iter().filter(|p| p["status"] == "AUTHORIZED").map(|p| dec(&p["amount"])).sum();
    line_ends_with(&receipt, "Indbetalt", &kr(authorized));

    // A Marketplace deal has no settlement statement; a receipt saves where the dialog said, once.
    let refused = app.paper.paper_pdf(&paid.transaction_id, PaperKind::Statement, None).await.unwrap_err();
    assert!(refused.message.contains("Auto"), "{refused:?}");
    let chosen = dir.path().join("kvittering.pdf");
    let token = app.save_as.tokens().issue(ExportKind::Receipt, chosen.clone()).unwrap();
    let saved = app.paper.save_paper(&paid.transaction_id, PaperKind::Receipt, None, &token).await.unwrap();
    assert_eq!(saved.path, chosen.display().to_string());
    assert!(std::fs::read(&chosen).unwrap().starts_with(b"%PDF-"));
    assert!(
        app.paper.save_paper(&paid.transaction_id, PaperKind::Receipt, None, &token).await.is_err(),
        "a used token"
    );
    let wrong = app.save_as.tokens().issue(ExportKind::Statement, dir.path().join("x.pdf")).unwrap();
    assert!(
        app.paper.save_paper(&paid.transaction_id, PaperKind::Receipt, None, &wrong).await.is_err(),
        "a statement's choice"
    );
    assert!(app.paper.paper_pdf(&id, PaperKind::Receipt, Some("line\nbreak")).await.is_err(), "an issuer on two lines");
}
