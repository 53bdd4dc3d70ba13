//! The sandbox's own refusals of bad Auto input (debt information and bill of sale),
//! proven with raw multipart and urlencoded requests the client would never send.

mod common;

use common::Sandbox;
use common::auto::{BBAN, PDF, PNG, auto_deal, auto_info, dec};
use escrow_api::validate::MAX_FILE_BYTES;
use escrow_api::{BillOfSaleRecord, DebtRecord, RequiredSigner};
use escrow_sandbox::DEMO_KEY;
use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use serde_json::Value;

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
