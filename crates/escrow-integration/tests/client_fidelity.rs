//! The client keeps only the spec's rules (issue #19 item 9): `skipUI` without a
//! `returnUrl` is sent (the spec: it only applies when returnUrl is set), any int32
//! `signersRequired` is sent, and a rejection reason is any JSON string. Where the
//! sandbox has a local limit of its own, the answer is the server's, not the client's.

mod common;

use common::ACME_KEY;
use common::lifecycle::deal;
use common::trade::opts;
use escrow_api::v2::CreatePayment;
use escrow_api::{CallOptions, ErrorKind, UploadDocument};

const PDF: &[u8] = b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n";

#[tokio::test]
async fn skip_ui_without_return_url_is_sent() {
    let d = deal().await;
    let id = d.create("100", "0", "0").await;
    let body = CreatePayment {
        service_account_id: d.payer.clone(),
        transaction_id: id,
        skip_ui: Some(true),
        return_url: None,
        ..Default::default()
    };
    let created = d.client.payments().create(&body, &CallOptions::default()).await.expect("sent and accepted").value;
    // Without returnUrl skipUI does not apply: the payer stays on the status screen.
    let res = common::trade::no_redirects().post(&created.payment_url).body("action=pay").send().await.unwrap();
    assert_eq!(res.status(), 200, "no redirect without returnUrl");
}

/// Asserts the call reached the server (it was not refused by the client).
fn sent(err: &escrow_api::Error, what: &str) {
    assert!(!matches!(err.kind, ErrorKind::Validation { .. }), "{what}: refused by the client: {err:?}");
    assert!(err.attempts >= 1, "{what}: not sent");
}

#[tokio::test]
async fn any_int32_signers_required_is_sent() {
    let sb = common::start().await;
    let client = sb.client(ACME_KEY);
    for n in [0, -1, i32::MIN, i32::MAX] {
        let mut upload = UploadDocument::new("T", PDF.to_vec(), "a.pdf", "application/pdf");
        upload.signers_required = Some(n);
        let err = client.documents().upload(&upload).await.expect_err("the sandbox's local limit is 1 to 100");
        sent(&err, &format!("signersRequired {n}"));
        assert_eq!(err.status(), Some(400));
    }
}

#[tokio::test]
async fn any_rejection_reason_is_sent() {
    let sb = common::start().await;
    let api = sb.client(ACME_KEY).trade();
    for reason in [String::new(), " ".into(), "x".repeat(5001)] {
        let err = api.reject_item_condition("u", "t", &reason, &opts()).await.expect_err("no such trade");
        sent(&err, &format!("reason of {} characters", reason.len()));
    }
}
