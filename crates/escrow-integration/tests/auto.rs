//! The Auto modules (debt information, bill of sale) against the real sandbox over HTTP:
//! the client's checks (nothing sent for bad input), and the sandbox's own refusals
//! proven with raw requests the client would never send.

mod common;

use common::{ACME_KEY, Sandbox};
use escrow_api::enums::TransactionStatus;
use escrow_api::validate::MAX_FILE_BYTES;
use escrow_api::{
    AutoInformation, BillOfSale, BillOfSaleRecord, CreateTransaction, DebtInformation, DebtRecord, RequiredSigner,
    Upload,
};
use escrow_api::{CallOptions, Client, Error, ErrorBody, ErrorKind, ListTransactions, TransactionType};
use escrow_sandbox::DEMO_KEY;
use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use rust_decimal::Decimal;
use serde_json::{Value, json};
use std::str::FromStr;

fn dec(s: &str) -> Decimal {
    Decimal::from_str(s).unwrap()
}

const PDF: &[u8] = b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n";
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";
const JPEG: &[u8] = b"\xff\xd8\xff\xe0\0\x10JFIF\0\x01\x01\0\0\x01\0\x01\0\0\xff\xd9";
const GIF: &[u8] =
    b"GIF89a\x01\0\x01\0\x80\0\0\0\0\0\xff\xff\xff!\xf9\x04\x01\0\0\0\0,\0\0\0\0\x01\0\x01\0\0\x02\x02D\x01\0;";
const BMP: &[u8] = b"BM\x3a\0\0\0\0\0\0\0\x36\0\0\0\x28\0\0\0\x01\0\0\0\x01\0\0\0\x01\0\x18\0\0\0\0\0\x04\0\0\0";
const WEBP: &[u8] = b"RIFF\x1a\0\0\0WEBPVP8L\x0d\0\0\0\x2f\0\0\0\x10\x07\x10\x11\x11\x88\x88\xfe\x07\0";

const BBAN: &str = "00400440116243";
const IBAN: &str = "DK5000400440116243";

/// Creates two connected users and an Auto transaction for 249 900 DKK.
async fn auto_deal(sb: &Sandbox, key: &str, tag: &str) -> String {
    let payee = sb.user(key, &format!("seller-{tag}"), "Bilhuset Aarhus ApS").await;
    let payer = sb.user(key, &format!("buyer-{tag}"), "Jens Hansen").await;
    let mut req = CreateTransaction::new(dec("249900"));
    req.payee_id = Some(payee);
    req.payer_id = Some(payer);
    req.title = Some("Skoda Octavia Combi".into());
    req.reference_id = Some(format!("AUTO-{tag}"));
    req.payee_fixed_fee = Some(dec("495"));
    req.auto_information = Some(AutoInformation {
        brand: Some("Skoda".into()),
        model: Some("Octavia Combi".into()),
        year: Some(2021),
        mileage: Some(48_000),
        registration_number: Some("CX 12 345".into()),
        vin: Some("TMBJJ7NE0L0123456".into()),
        ..AutoInformation::default()
    });
    sb.client(key)
        .transactions()
        .create(TransactionType::Auto, &req, &CallOptions::default())
        .await
        .expect("Auto transaction")
        .value
        .transaction_id
}

async fn marketplace_deal(sb: &Sandbox, key: &str, tag: &str) -> String {
    let payee = sb.user(key, &format!("mp-seller-{tag}"), "Sælger").await;
    let payer = sb.user(key, &format!("mp-buyer-{tag}"), "Køber").await;
    let mut req = CreateTransaction::new(dec("1200"));
    req.payee_id = Some(payee);
    req.payer_id = Some(payer);
    req.title = Some("Sofa".into());
    sb.client(key)
        .transactions()
        .create(TransactionType::Marketplace, &req, &CallOptions::default())
        .await
        .expect("Marketplace transaction")
        .value
        .transaction_id
}

fn debt(file: &str, bytes: &[u8]) -> DebtInformation {
    let mut d = DebtInformation::new(Upload::new(file, bytes.to_vec()), dec("85000"));
    d.bank_account = Some(BBAN.into());
    d.bank_account_text = Some("Indfrielse lån 4711".into());
    d
}

/// The error is a client-side refusal of `field`, and nothing was sent.
#[track_caller]
fn assert_refused(result: Result<impl std::fmt::Debug, Error>, field: &str) -> String {
    let err = result.expect_err("must be refused");
    assert_eq!(err.attempts, 0, "nothing may be sent: {err}");
    match err.kind {
        ErrorKind::Validation { field: f, message } => {
            assert_eq!(f, field, "{message}");
            message
        }
        other => panic!("expected a validation error of {field}, got {other:?}"),
    }
}

/// The error is a 400 from the server with this problem title.
#[track_caller]
fn assert_bad_request(result: Result<impl std::fmt::Debug, Error>, title: &str) {
    let err = result.expect_err("must be refused by the server");
    assert_eq!(err.attempts, 1);
    match &err.kind {
        ErrorKind::BadRequest(body) => assert_eq!(body.title(), Some(title), "{err}"),
        other => panic!("expected 400 {title}, got {other:?}"),
    }
}

#[track_caller]
fn assert_not_found_without_body(result: Result<impl std::fmt::Debug, Error>) {
    let err = result.expect_err("must be 404");
    assert!(matches!(err.kind, ErrorKind::NotFound(ErrorBody::Empty)), "{err:?}");
}

async fn auto_info(client: &Client, id: &str) -> AutoInformation {
    client.transactions().get(id).await.unwrap().auto_information.expect("autoInformation")
}

/// Raw multipart POST, as a client without checks would send it.
async fn raw_post(sb: &Sandbox, key: &str, path: &str, form: Form) -> (StatusCode, Value) {
    let res = reqwest::Client::new()
        .post(format!("{}{path}", sb.running.url))
        .bearer_auth(key)
        .multipart(form)
        .send()
        .await
        .unwrap();
    let status = res.status();
    (status, serde_json::from_slice(&res.bytes().await.unwrap()).unwrap_or(Value::Null))
}

fn file_part(name: &str, bytes: &[u8]) -> Part {
    Part::bytes(bytes.to_vec()).file_name(name.to_owned())
}

async fn fetch(url: &str, key: Option<&str>) -> reqwest::Response {
    let mut req = reqwest::Client::new().get(url);
    if let Some(key) = key {
        req = req.bearer_auth(key);
    }
    req.send().await.unwrap()
}

async fn advance_clock(sb: &Sandbox, seconds: i64) {
    let res = reqwest::Client::new()
        .post(format!("{}/_sandbox/clock/advance", sb.running.url))
        .bearer_auth(DEMO_KEY)
        .json(&json!({ "seconds": seconds }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200, "clock advance");
}

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

// ---- Debt information ----------------------------------------------------------------

#[tokio::test]
async fn debt_documentation_of_every_allowed_type_is_accepted_and_recorded() {
    let sb = common::start().await;
    let client = sb.client(DEMO_KEY);
    let id = auto_deal(&sb, DEMO_KEY, "types").await;
    for (name, bytes, mime) in [
        ("gaeldsbrev.pdf", PDF, "application/pdf"),
        ("scan.jpg", JPEG, "image/jpeg"),
        ("scan.JPEG", JPEG, "image/jpeg"),
        ("foto.png", PNG, "image/png"),
        ("foto.gif", GIF, "image/gif"),
        ("scan.bmp", BMP, "image/bmp"),
        ("foto.webp", WEBP, "image/webp"),
    ] {
        let sent =
            client.auto().add_debt_information(&id, &debt(name, bytes)).await.unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(sent.meta.attempts, 1);
        let record = DebtRecord::of(&auto_info(&client, &id).await).expect("debt recorded");
        assert_eq!(record.file_name.as_deref(), Some(name));
        assert_eq!(record.content_type.as_deref(), Some(mime), "{name}");
        assert_eq!(record.size, Some(bytes.len() as u64));
        assert_eq!(record.amount, Some(dec("85000")));
        assert_eq!(record.bank_account.as_deref(), Some(BBAN));
        assert_eq!(record.bank_account_text.as_deref(), Some("Indfrielse lån 4711"));
        assert_eq!(record.fik_code, None);
        assert!(record.split_payout_id.is_some(), "debt settlement planned");

        // The link serves exactly the bytes of the newest documentation.
        let link = client.auto().debt_information_download(&id).await.unwrap();
        let res = fetch(&link.url, None).await;
        assert_eq!(res.status(), 200);
        assert_eq!(res.headers()["content-type"], mime);
        assert_eq!(&res.bytes().await.unwrap()[..], bytes, "{name}");
    }
}

#[tokio::test]
async fn bank_account_and_fik_are_normalized_before_sending() {
    let sb = common::start().await;
    let client = sb.client(DEMO_KEY);
    let id = auto_deal(&sb, DEMO_KEY, "norm").await;

    let mut d = debt("loan.pdf", PDF);
    d.bank_account = Some("dk50 0040-0440 1162 43".into());
    client.auto().add_debt_information(&id, &d).await.unwrap();
    assert_eq!(DebtRecord::of(&auto_info(&client, &id).await).unwrap().bank_account.as_deref(), Some(IBAN));

    let mut d = debt("loan.pdf", PDF);
    d.bank_account = None;
    d.fik_code = Some("+71 123456789012345 +12345678".into());
    d.amount = dec("1000.005");
    client.auto().add_debt_information(&id, &d).await.unwrap();
    let record = DebtRecord::of(&auto_info(&client, &id).await).unwrap();
    assert_eq!(record.fik_code.as_deref(), Some("+71<123456789012345+12345678<"));
    assert_eq!(record.bank_account, None, "replaced, not merged");
    assert_eq!(record.amount, Some(dec("1000.01")), "rounded half away from zero");
}

#[tokio::test]
async fn bad_debt_input_is_refused_before_sending() {
    let sb = common::start().await;
    let client = sb.client(DEMO_KEY);
    let id = auto_deal(&sb, DEMO_KEY, "bad").await;
    let with = |f: &dyn Fn(&mut DebtInformation)| {
        let mut d = debt("loan.pdf", PDF);
        f(&mut d);
        d
    };

    // Bank account: 14-digit BBAN or 18-character DK IBAN with valid check digits.
    for bad in [
        "0040044011624",
        "004004401162430",
        "00400440116a43",
        "DK5100400440116243",
        "DK500040044011624",
        "DE89370400440532013000",
    ] {
        let msg = assert_refused(
            client.auto().add_debt_information(&id, &with(&|d| d.bank_account = Some(bad.into()))).await,
            "bankAccount",
        );
        assert!(!msg.is_empty(), "{bad}");
    }
    // FIK: only +71, 15-digit payment id, 8-digit creditor.
    for (bad, says) in [
        ("+73<123456789012345+12345678<", "+71"),
        ("+04<123456789012345+12345678<", "+71"),
        ("+71<12345678901234+12345678<", "15 digits"),
        ("+71<123456789012345+1234567<", "8 digits"),
        ("123456789012345", "+71"),
    ] {
        let debt = with(&|d| {
            d.bank_account = None;
            d.fik_code = Some(bad.into());
        });
        let msg = assert_refused(client.auto().add_debt_information(&id, &debt).await, "fikCode");
        assert!(msg.contains(says), "{bad}: {msg}");
    }
    // Exactly one destination.
    assert_refused(client.auto().add_debt_information(&id, &with(&|d| d.bank_account = None)).await, "bankAccount");
    assert_refused(
        client
            .auto()
            .add_debt_information(&id, &with(&|d| d.fik_code = Some("+71<123456789012345+12345678<".into())))
            .await,
        "bankAccount",
    );
    // Amount.
    assert_refused(client.auto().add_debt_information(&id, &with(&|d| d.amount = Decimal::ZERO)).await, "amount");
    assert_refused(client.auto().add_debt_information(&id, &with(&|d| d.amount = dec("-5"))).await, "amount");
    assert_refused(client.auto().add_debt_information(&id, &with(&|d| d.amount = dec("0.004"))).await, "amount");
    // Files: empty, wrong type, renamed, too big.
    for (name, bytes) in [
        ("empty.pdf", &b""[..]),
        ("notes.txt", b"plain text"),
        ("renamed.pdf", PNG),
        ("renamed.png", PDF),
        ("fake.jpg", b"not a jpeg"),
    ] {
        let msg = assert_refused(client.auto().add_debt_information(&id, &debt(name, bytes)).await, "documentation");
        assert!(msg.contains(name), "{msg}");
    }
    let mut big = PDF.to_vec();
    big.resize(MAX_FILE_BYTES + 1, b' ');
    assert!(
        assert_refused(client.auto().add_debt_information(&id, &debt("big.pdf", &big)).await, "documentation")
            .contains("10 MB")
    );
    assert_refused(client.auto().add_debt_information(" ", &debt("loan.pdf", PDF)).await, "transactionId");

    // Nothing reached the sandbox.
    assert!(DebtRecord::of(&auto_info(&client, &id).await).is_none());
    let none_yet = client.auto().debt_information_download(&id).await.unwrap_err();
    assert_eq!(none_yet.status(), Some(404));
}

#[tokio::test]
async fn exactly_ten_megabytes_is_accepted() {
    let sb = common::start().await;
    let client = sb.client(DEMO_KEY);
    let id = auto_deal(&sb, DEMO_KEY, "10mb").await;
    let mut max = PDF.to_vec();
    max.resize(MAX_FILE_BYTES, b' ');
    client.auto().add_debt_information(&id, &debt("max.pdf", &max)).await.unwrap();
    assert_eq!(DebtRecord::of(&auto_info(&client, &id).await).unwrap().size, Some(MAX_FILE_BYTES as u64));
}

#[tokio::test]
async fn the_sandbox_itself_refuses_what_the_client_refuses() {
    let sb = common::start().await;
    let id = auto_deal(&sb, DEMO_KEY, "raw").await;
    let debt_path = format!("/v2/transactions/{id}/debt-information");
    let bill_path = format!("/v2/transactions/{id}/bill-of-sale");
    let debt_form = |name: &str, bytes: &[u8]| {
        Form::new().text("amount", "85000").text("bankAccount", BBAN).part("documentation", file_part(name, bytes))
    };

    // A PNG renamed to .pdf, as debt documentation and as a bill of sale.
    let (status, body) = raw_post(&sb, DEMO_KEY, &debt_path, debt_form("renamed.pdf", PNG)).await;
    assert_eq!((status, body["title"].as_str()), (StatusCode::BAD_REQUEST, Some("Invalid file")), "{body}");
    assert!(body["detail"].as_str().unwrap().contains("PNG"), "{body}");
    let form = Form::new().text("enable", "true").part("document", file_part("contract.pdf", PNG));
    let (status, body) = raw_post(&sb, DEMO_KEY, &bill_path, form).await;
    assert_eq!((status, body["title"].as_str()), (StatusCode::BAD_REQUEST, Some("Invalid file")), "{body}");
    // A real PNG is still not a bill of sale (PDF only).
    let form = Form::new().text("enable", "true").part("document", file_part("contract.png", PNG));
    assert_eq!(raw_post(&sb, DEMO_KEY, &bill_path, form).await.1["title"], "Invalid file");
    // Text content under an image name; an unknown extension; an empty file.
    for (name, bytes) in [("scan.jpg", &b"hello"[..]), ("notes.txt", b"hello"), ("empty.pdf", b"")] {
        let (status, body) = raw_post(&sb, DEMO_KEY, &debt_path, debt_form(name, bytes)).await;
        assert_eq!((status, body["title"].as_str()), (StatusCode::BAD_REQUEST, Some("Invalid file")), "{name}: {body}");
    }
    // Over 10 MiB, just over and far over the body limit.
    for size in [MAX_FILE_BYTES + 1, MAX_FILE_BYTES + 2 * 1024 * 1024] {
        let mut big = PDF.to_vec();
        big.resize(size, b' ');
        let (status, body) = raw_post(&sb, DEMO_KEY, &debt_path, debt_form("big.pdf", &big)).await;
        assert_eq!(
            (status, body["title"].as_str()),
            (StatusCode::BAD_REQUEST, Some("File too large")),
            "{size}: {body}"
        );
    }
    // Account numbers with spaces or dashes, wrong IBAN check digits, FIK of another type.
    for (field, value, title) in [
        ("bankAccount", "DK50 0040 0440 1162 43", "Invalid bank account"),
        ("bankAccount", "0040-0440116243", "Invalid bank account"),
        ("bankAccount", "DK5100400440116243", "Invalid bank account"),
        ("bankAccount", "1234", "Invalid bank account"),
        ("fikCode", "+73<123456789012345+12345678<", "Invalid FIK code"),
    ] {
        let mut form = Form::new().text("amount", "85000").text(field, value);
        form = form.part("documentation", file_part("loan.pdf", PDF));
        let (status, body) = raw_post(&sb, DEMO_KEY, &debt_path, form).await;
        assert_eq!((status, body["title"].as_str()), (StatusCode::BAD_REQUEST, Some(title)), "{value}: {body}");
    }
    // Missing pieces.
    let form = Form::new().text("bankAccount", BBAN).part("documentation", file_part("loan.pdf", PDF));
    assert_eq!(raw_post(&sb, DEMO_KEY, &debt_path, form).await.1["title"], "Invalid amount");
    let form = Form::new().text("amount", "85000").part("documentation", file_part("loan.pdf", PDF));
    assert_eq!(raw_post(&sb, DEMO_KEY, &debt_path, form).await.1["title"], "Invalid debt information");
    let form = Form::new().text("amount", "85000").text("bankAccount", BBAN);
    assert_eq!(raw_post(&sb, DEMO_KEY, &debt_path, form).await.1["title"], "Invalid file");
    let form =
        Form::new().text("amount", "0").text("bankAccount", BBAN).part("documentation", file_part("loan.pdf", PDF));
    assert_eq!(raw_post(&sb, DEMO_KEY, &debt_path, form).await.1["title"], "Invalid amount");
    // More debt than the payee receives (249 900 − 495 payee fee).
    let form = Form::new()
        .text("amount", "249405.01")
        .text("bankAccount", BBAN)
        .part("documentation", file_part("loan.pdf", PDF));
    assert_eq!(raw_post(&sb, DEMO_KEY, &debt_path, form).await.1["title"], "Invalid amount");
    let form = Form::new().part("document", file_part("contract.pdf", PDF));
    assert_eq!(raw_post(&sb, DEMO_KEY, &bill_path, form).await.1["title"], "Invalid request", "enable is required");
    let form = Form::new().text("enable", "true").text("requiredSigners", "None").text("requiredSigners", "Payer");
    assert_eq!(raw_post(&sb, DEMO_KEY, &bill_path, form).await.1["title"], "Invalid signers");

    // urlencoded is accepted too, but cannot carry the documentation file.
    let res = reqwest::Client::new()
        .post(format!("{}{debt_path}", sb.running.url))
        .bearer_auth(DEMO_KEY)
        .header("content-type", "application/x-www-form-urlencoded")
        .body(format!("amount=85000&bankAccount={BBAN}&documentation=loan.pdf"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 400);
    assert_eq!(res.json::<Value>().await.unwrap()["title"], "Invalid file");

    // None of that changed the transaction.
    let auto = auto_info(&sb.client(DEMO_KEY), &id).await;
    assert!(DebtRecord::of(&auto).is_none() && BillOfSaleRecord::of(&auto).is_none());

    // The same raw forms done right are accepted (so the refusals above are about content).
    let (status, body) = raw_post(&sb, DEMO_KEY, &debt_path, debt_form("loan.pdf", PDF)).await;
    assert_eq!(status, 200, "{body}");
    let res = reqwest::Client::new()
        .post(format!("{}{bill_path}", sb.running.url))
        .bearer_auth(DEMO_KEY)
        .header("content-type", "application/x-www-form-urlencoded")
        .body("enable=true&requiredSigners%5B0%5D=payer&amount=240000")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200, "urlencoded bill of sale, indexed list, any case");
    let bill = BillOfSaleRecord::of(&auto_info(&sb.client(DEMO_KEY), &id).await).unwrap();
    assert_eq!(bill.required_signers, Some(vec![RequiredSigner::Payer]));
    assert_eq!(bill.amount, Some(dec("240000")));
}

#[tokio::test]
async fn debt_download_link_expires_after_five_minutes() {
    let sb = common::start().await;
    let client = sb.client(DEMO_KEY);
    let id = auto_deal(&sb, DEMO_KEY, "expiry").await;
    client.auto().add_debt_information(&id, &debt("loan.pdf", PDF)).await.unwrap();

    let first = client.auto().debt_information_download(&id).await.unwrap();
    let second = client.auto().debt_information_download(&id).await.unwrap();
    assert_ne!(first.url, second.url, "every link has its own token");
    let token = first.url.rsplit('/').next().unwrap();
    assert!(token.len() >= 32 && token.bytes().all(|b| b.is_ascii_hexdigit()), "unguessable token: {token}");
    assert!(first.url.starts_with(&sb.running.url));

    // No API key needed: the token is the credential. A made-up token is 404.
    let res = fetch(&first.url, None).await;
    assert_eq!(res.status(), 200);
    assert_eq!(&res.bytes().await.unwrap()[..], PDF);
    let forged = first.url.replace(token, &"0".repeat(token.len()));
    assert_eq!(fetch(&forged, None).await.status(), 404);

    advance_clock(&sb, 240).await;
    assert_eq!(fetch(&first.url, None).await.status(), 200, "still valid after 4 minutes");
    advance_clock(&sb, 61).await;
    let expired = fetch(&first.url, None).await;
    assert_eq!(expired.status(), 404, "expired after 5 minutes (301 s)");
    assert!(expired.bytes().await.unwrap().is_empty());

    // A fresh link works again.
    let fresh = client.auto().debt_information_download(&id).await.unwrap();
    assert_eq!(fetch(&fresh.url, None).await.status(), 200);
    // Replacing the documentation retires the old file's links at once.
    client.auto().add_debt_information(&id, &debt("new.png", PNG)).await.unwrap();
    assert_eq!(fetch(&fresh.url, None).await.status(), 404);
    let newest = client.auto().debt_information_download(&id).await.unwrap();
    assert_eq!(&fetch(&newest.url, None).await.bytes().await.unwrap()[..], PNG);
}

#[tokio::test]
async fn a_link_expires_after_301_seconds_even_unused() {
    let sb = common::start().await;
    let client = sb.client(DEMO_KEY);
    let id = auto_deal(&sb, DEMO_KEY, "unused").await;
    client.auto().add_debt_information(&id, &debt("loan.webp", WEBP)).await.unwrap();
    let link = client.auto().debt_information_download(&id).await.unwrap();
    advance_clock(&sb, 301).await;
    assert_eq!(fetch(&link.url, None).await.status(), 404);
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

// ---- Who may use the modules --------------------------------------------------------------

#[tokio::test]
async fn tenants_without_the_modules_are_refused() {
    let sb = common::start().await;
    let acme = sb.client(ACME_KEY);
    let id = auto_deal(&sb, ACME_KEY, "acme").await;
    assert_bad_request(acme.auto().add_debt_information(&id, &debt("loan.pdf", PDF)).await, "Module not enabled");
    assert_bad_request(acme.auto().debt_information_download(&id).await, "Module not enabled");
    assert_bad_request(acme.auto().set_bill_of_sale(&id, &BillOfSale::generated()).await, "Module not enabled");
    let auto = acme.transactions().get(&id).await.unwrap().auto_information.unwrap();
    assert!(DebtRecord::of(&auto).is_none() && BillOfSaleRecord::of(&auto).is_none());
}

#[tokio::test]
async fn marketplace_transactions_are_refused() {
    let sb = common::start().await;
    let client = sb.client(DEMO_KEY);
    let id = marketplace_deal(&sb, DEMO_KEY, "mp").await;
    assert_bad_request(
        client.auto().add_debt_information(&id, &debt("loan.pdf", PDF)).await,
        "Invalid transaction type",
    );
    assert_bad_request(client.auto().set_bill_of_sale(&id, &BillOfSale::generated()).await, "Invalid transaction type");
    assert_bad_request(client.auto().debt_information_download(&id).await, "Invalid transaction type");
}

#[tokio::test]
async fn unknown_and_foreign_transactions_are_404_without_body() {
    let sb = common::start().await;
    let demo = sb.client(DEMO_KEY);
    let acme = sb.client(ACME_KEY);
    assert_not_found_without_body(
        demo.auto().add_debt_information("no-such-transaction", &debt("loan.pdf", PDF)).await,
    );
    assert_not_found_without_body(demo.auto().set_bill_of_sale("no-such-transaction", &BillOfSale::generated()).await);
    assert_not_found_without_body(demo.auto().debt_information_download("no-such-transaction").await);

    // Demo's transaction through acme's key: 404, before acme's missing modules matter.
    let id = auto_deal(&sb, DEMO_KEY, "foreign").await;
    demo.auto().add_debt_information(&id, &debt("loan.pdf", PDF)).await.unwrap();
    assert_not_found_without_body(acme.auto().add_debt_information(&id, &debt("loan.pdf", PDF)).await);
    assert_not_found_without_body(acme.auto().set_bill_of_sale(&id, &BillOfSale::generated()).await);
    assert_not_found_without_body(acme.auto().debt_information_download(&id).await);
    // An id with path characters stays one segment (and is simply unknown).
    assert_not_found_without_body(
        demo.auto().set_bill_of_sale("../transactions/x?y#z", &BillOfSale::generated()).await,
    );
}

#[tokio::test]
async fn closed_transactions_cannot_change() {
    let sb = common::start().await;
    let client = sb.client(DEMO_KEY);
    let mut closed = Vec::new();
    for skip in [0, 100] {
        let page = client
            .transactions()
            .list(&ListTransactions { skip: Some(skip), take: Some(100), ..Default::default() })
            .await
            .unwrap();
        for t in page.items {
            if t.auto_information.is_some()
                && matches!(t.status, TransactionStatus::Succeeded | TransactionStatus::Cancelled)
            {
                closed.push((t.transaction_id, t.status));
            }
        }
    }
    let succeeded = closed.iter().find(|(_, s)| *s == TransactionStatus::Succeeded);
    let cancelled = closed.iter().find(|(_, s)| *s == TransactionStatus::Cancelled);
    assert!(succeeded.is_some() && cancelled.is_some(), "the seed has a succeeded and a cancelled Auto deal");
    for (id, status) in succeeded.into_iter().chain(cancelled) {
        let before = client.transactions().get(id).await.unwrap().auto_information;
        assert_bad_request(client.auto().add_debt_information(id, &debt("loan.pdf", PDF)).await, "Transaction closed");
        assert_bad_request(client.auto().set_bill_of_sale(id, &BillOfSale::generated()).await, "Transaction closed");
        assert_eq!(client.transactions().get(id).await.unwrap().auto_information, before, "{status} unchanged");
    }
}
