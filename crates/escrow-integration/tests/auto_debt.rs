//! Auto debt information: every allowed file type accepted and served back, bank account
//! and FIK normalized, bad input refused before sending, the 10 MB limit, and download
//! links that expire after five minutes.

mod common;

use common::Sandbox;
use common::auto::{
    BBAN, BMP, GIF, IBAN, JPEG, PDF, PNG, WEBP, assert_refused, auto_deal, auto_info, debt, dec, fetch,
};
use escrow_api::validate::MAX_FILE_BYTES;
use escrow_api::{DebtInformation, DebtRecord};
use escrow_sandbox::DEMO_KEY;
use rust_decimal::Decimal;
use serde_json::json;

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
