//! Auto bill of sale: a generated PDF of the deal, an uploaded document, signers, amount
//! and disabling, and bad input refused before sending.

mod common;

use common::ACME_KEY;
use common::auto::{JPEG, PDF, PNG, assert_refused, auto_deal, auto_info, dec, fetch};
use escrow_api::validate::MAX_FILE_BYTES;
use escrow_api::{BillOfSale, BillOfSaleRecord, RequiredSigner, Upload};
use escrow_sandbox::DEMO_KEY;
use rust_decimal::Decimal;

/// Structural checks a PDF reader relies on, written independently of the sandbox's
/// writer: header, trailer, `startxref` → `xref`, and every xref entry → `N 0 obj`.
fn assert_valid_pdf(pdf: &[u8]) {
    assert!(pdf.starts_with(b"%PDF-"), "header");
    let end = pdf.iter().rposition(|b| !b.is_ascii_whitespace()).unwrap();
    assert!(pdf[..=end].ends_with(b"%%EOF"), "ends with %%EOF");
    let sx = pdf.windows(9).rposition(|w| w == b"startxref").expect("startxref");
    let after = std::str::from_utf8(&pdf[sx + 9..]).unwrap();
    let xref_at: usize = after.split_whitespace().next().unwrap().parse().unwrap();
    assert!(pdf[xref_at..].starts_with(b"xref"), "startxref points at the xref table");
    let table = String::from_utf8_lossy(&pdf[xref_at..]);
    let mut lines = table.lines().skip(1);
    let mut header = lines.next().unwrap().split_whitespace();
    assert_eq!(header.next(), Some("0"));
    let count: usize = header.next().unwrap().parse().unwrap();
    assert!(count > 3);
    for (n, entry) in lines.take(count).enumerate() {
        let fields: Vec<&str> = entry.split_whitespace().collect();
        assert_eq!(fields.len(), 3, "xref entry {entry:?}");
        if n == 0 {
            assert_eq!(fields[2], "f");
            continue;
        }
        assert_eq!(fields[2], "n");
        let offset: usize = fields[0].parse().unwrap();
        let expected = format!("{n} 0 obj");
        assert!(pdf[offset..].starts_with(expected.as_bytes()), "xref entry {n} points at {expected}");
    }
    assert!(table.contains("/Root"), "trailer names the catalog");
}

fn contains(hay: &[u8], needle: &str) -> bool {
    hay.windows(needle.len()).any(|w| w == needle.as_bytes())
}

// ---- Bill of sale ----------------------------------------------------------------------

#[tokio::test]
async fn generated_bill_of_sale_is_a_valid_pdf_of_the_deal() {
    let sb = common::start().await;
    let client = sb.client(DEMO_KEY);
    let id = auto_deal(&sb, DEMO_KEY, "gen").await;
    let mut bill = BillOfSale::generated();
    bill.additional_terms = Some("Bilen sælges som beset (sold as seen). Vinterhjul medfølger.".into());
    client.auto().set_bill_of_sale(&id, &bill).await.unwrap();

    let record = BillOfSaleRecord::of(&auto_info(&client, &id).await).expect("bill of sale recorded");
    assert_eq!(record.enabled, Some(true));
    assert_eq!(record.generated, Some(true));
    assert_eq!(record.amount, Some(dec("249900")), "defaults to the transaction amount");
    assert_eq!(record.required_signers, Some(vec![RequiredSigner::Payee, RequiredSigner::Payer]), "default: both");
    assert_eq!(record.signed, Some(false));
    assert_eq!(record.additional_terms, bill.additional_terms);

    let res = fetch(&format!("{}/_sandbox/transactions/{id}/bill-of-sale", sb.running.url), Some(DEMO_KEY)).await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "application/pdf");
    let pdf = res.bytes().await.unwrap();
    assert_eq!(record.size, Some(pdf.len() as u64));
    assert_valid_pdf(&pdf);
    for text in [
        "Skoda Octavia Combi",
        "CX 12 345",
        "TMBJJ7NE0L0123456",
        "Bilhuset Aarhus ApS",
        "Jens Hansen",
        "249.900,00 DKK",
        &id,
        "Seller:",
        "Buyer:",
    ] {
        assert!(contains(&pdf, text), "the PDF shows {text:?}");
    }
    // Danish letters are WinAnsi-encoded (æ = 0xE6), not UTF-8.
    assert!(pdf.windows(6).any(|w| w == b"s\xe6lges"), "æ in WinAnsi");
    // Another tenant cannot read it.
    let other = fetch(&format!("{}/_sandbox/transactions/{id}/bill-of-sale", sb.running.url), Some(ACME_KEY)).await;
    assert_eq!(other.status(), 404);
}

#[tokio::test]
async fn uploaded_bill_of_sale_signers_amount_and_disable() {
    let sb = common::start().await;
    let client = sb.client(DEMO_KEY);
    let id = auto_deal(&sb, DEMO_KEY, "upload").await;

    // Own PDF, nobody signs: counts as signed.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("slutseddel.pdf");
    std::fs::write(&path, PDF).unwrap();
    let mut bill = BillOfSale::from_document(Upload::from_path(&path).unwrap());
    bill.required_signers = Some(vec![]);
    bill.amount = Some(dec("245000"));
    client.auto().set_bill_of_sale(&id, &bill).await.unwrap();
    let record = BillOfSaleRecord::of(&auto_info(&client, &id).await).unwrap();
    assert_eq!((record.generated, record.signed), (Some(false), Some(true)));
    assert_eq!(record.required_signers, Some(vec![]));
    assert_eq!(record.file_name.as_deref(), Some("slutseddel.pdf"));
    assert_eq!(record.amount, Some(dec("245000")));
    let served = fetch(&format!("{}/_sandbox/transactions/{id}/bill-of-sale", sb.running.url), Some(DEMO_KEY)).await;
    assert_eq!(&served.bytes().await.unwrap()[..], PDF, "the uploaded document is used as is");

    // [None] means the same as [].
    let mut bill = BillOfSale::generated();
    bill.required_signers = Some(vec![RequiredSigner::None]);
    client.auto().set_bill_of_sale(&id, &bill).await.unwrap();
    let record = BillOfSaleRecord::of(&auto_info(&client, &id).await).unwrap();
    assert_eq!((record.generated, record.signed), (Some(true), Some(true)));

    // Only the payer signs.
    bill.required_signers = Some(vec![RequiredSigner::Payer]);
    client.auto().set_bill_of_sale(&id, &bill).await.unwrap();
    let record = BillOfSaleRecord::of(&auto_info(&client, &id).await).unwrap();
    assert_eq!(record.required_signers, Some(vec![RequiredSigner::Payer]));
    assert_eq!(record.signed, Some(false));

    // Off again.
    client.auto().set_bill_of_sale(&id, &BillOfSale::disabled()).await.unwrap();
    let record = BillOfSaleRecord::of(&auto_info(&client, &id).await).unwrap();
    assert_eq!(record.enabled, Some(false));
    assert_eq!(record.file_id, None);
    let gone = fetch(&format!("{}/_sandbox/transactions/{id}/bill-of-sale", sb.running.url), Some(DEMO_KEY)).await;
    assert_eq!(gone.status(), 404);
}

#[tokio::test]
async fn bad_bill_of_sale_input_is_refused_before_sending() {
    let sb = common::start().await;
    let client = sb.client(DEMO_KEY);
    let id = auto_deal(&sb, DEMO_KEY, "badbill").await;
    let with_doc = |name: &str, bytes: &[u8]| BillOfSale::from_document(Upload::new(name, bytes.to_vec()));

    let msg = assert_refused(client.auto().set_bill_of_sale(&id, &with_doc("contract.pdf", PNG)).await, "document");
    assert!(msg.contains("PNG"), "{msg}");
    assert_refused(client.auto().set_bill_of_sale(&id, &with_doc("contract.pdf", b"just text")).await, "document");
    assert_refused(client.auto().set_bill_of_sale(&id, &with_doc("photo.jpg", JPEG)).await, "document");
    assert_refused(client.auto().set_bill_of_sale(&id, &with_doc("empty.pdf", b"")).await, "document");
    let mut big = PDF.to_vec();
    big.resize(MAX_FILE_BYTES + 1, b' ');
    assert_refused(client.auto().set_bill_of_sale(&id, &with_doc("big.pdf", &big)).await, "document");

    let mut bill = BillOfSale::generated();
    bill.amount = Some(Decimal::ZERO);
    assert_refused(client.auto().set_bill_of_sale(&id, &bill).await, "amount");
    bill.amount = None;
    bill.required_signers = Some(vec![RequiredSigner::None, RequiredSigner::Payee]);
    assert_refused(client.auto().set_bill_of_sale(&id, &bill).await, "requiredSigners");
    bill.required_signers = Some(vec![RequiredSigner::from("Notary")]);
    assert_refused(client.auto().set_bill_of_sale(&id, &bill).await, "requiredSigners");
    let mut off = BillOfSale::disabled();
    off.document = Some(Upload::new("contract.pdf", PDF.to_vec()));
    assert_refused(client.auto().set_bill_of_sale(&id, &off).await, "enable");

    assert!(BillOfSaleRecord::of(&auto_info(&client, &id).await).is_none(), "nothing was sent");
}

/// The sandbox's control route signs the bill of sale as its signers would (no spec route).
async fn sign(sb: &common::Sandbox, id: &str, body: &str) -> reqwest::Response {
    reqwest::Client::new()
        .post(format!("{}/_sandbox/transactions/{id}/bill-of-sale/sign", sb.running.url))
        .bearer_auth(DEMO_KEY)
        .header("content-type", "application/json")
        .body(body.to_owned())
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn the_control_route_signs_for_each_required_signer_until_signed() {
    let sb = common::start().await;
    let client = sb.client(DEMO_KEY);
    let id = auto_deal(&sb, DEMO_KEY, "sign").await;
    assert_eq!(sign(&sb, &id, "").await.status(), 400, "no bill of sale yet");

    client.auto().set_bill_of_sale(&id, &BillOfSale::generated()).await.unwrap();
    assert_eq!(sign(&sb, &id, r#"{"signer":"Notary"}"#).await.status(), 400);
    assert_eq!(sign(&sb, &id, r#"{"signer":"payee"}"#).await.status(), 200);
    let record = BillOfSaleRecord::of(&auto_info(&client, &id).await).unwrap();
    assert_eq!(record.signed, Some(false), "the payer has not signed yet");
    assert_eq!(sign(&sb, &id, r#"{"signer":"Payer"}"#).await.status(), 200);
    let record = BillOfSaleRecord::of(&auto_info(&client, &id).await).unwrap();
    assert_eq!(record.signed, Some(true));

    // A new bill of sale starts over; an empty body signs for everyone.
    let mut payer_only = BillOfSale::generated();
    payer_only.required_signers = Some(vec![RequiredSigner::Payer]);
    client.auto().set_bill_of_sale(&id, &payer_only).await.unwrap();
    assert_eq!(BillOfSaleRecord::of(&auto_info(&client, &id).await).unwrap().signed, Some(false));
    assert_eq!(sign(&sb, &id, r#"{"signer":"Payee"}"#).await.status(), 400, "not a required signer");
    assert_eq!(sign(&sb, &id, "{}").await.status(), 200);
    assert_eq!(BillOfSaleRecord::of(&auto_info(&client, &id).await).unwrap().signed, Some(true));
}
