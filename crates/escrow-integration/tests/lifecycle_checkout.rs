//! The transaction lifecycle through the client: checkout, payout and the payout run,
//! cancel, delete, and reimbursing the payer.

mod common;

use common::ACME_KEY;
use common::lifecycle::{deal, dec, title};
use escrow_api::enums::{PaymentMethod, PaymentStatus, PayoutStatus, TransactionStatus};
use escrow_api::v2::*;
use escrow_api::{CallOptions, ErrorBody, ErrorKind, IdempotencyKey};
use rust_decimal::Decimal;
use serde_json::json;

#[tokio::test]
async fn checkout_then_payout_then_payout_run() {
    let d = deal().await;
    let id = d.create("1000", "20", "50").await;
    let created = d
        .client
        .payments()
        .create(
            &CreatePayment { service_account_id: d.payer.clone(), transaction_id: id.clone(), ..Default::default() },
            &CallOptions::default(),
        )
        .await
        .unwrap()
        .value;
    assert!(created.payment_url.starts_with(&d.sb.running.url));
    let t = d.client.transactions().get(&id).await.unwrap();
    let p = &t.payments.inbound.payments[0];
    assert_eq!((p.amount, &p.status), (dec("1020"), &PaymentStatus::InProgress), "defaults to amount + payer fee");

    let err = d
        .client
        .payments()
        .initialize(
            &created.payment_id,
            &InitializePayment {
                payment_method: Some(PaymentMethod::Psd2),
                bank_account_id: Some("not-mine".into()),
                ..Default::default()
            },
        )
        .await
        .unwrap_err();
    assert_eq!(title(&err), Some("Bank account not found"));
    let err = d
        .client
        .payments()
        .initialize(
            &created.payment_id,
            &InitializePayment {
                payment_method: Some(PaymentMethod::Bank),
                bank_id: Some("no-bank".into()),
                ..Default::default()
            },
        )
        .await
        .unwrap_err();
    assert_eq!(err.status(), Some(400));
    let url = d
        .client
        .payments()
        .initialize(
            &created.payment_id,
            &InitializePayment { payment_method: Some(PaymentMethod::MobileWallet), ..Default::default() },
        )
        .await
        .unwrap();
    assert!(url.payment_url.contains("MOBILEWALLET"));

    let err = d.client.transactions().payout(&id, &d.actor(), &CallOptions::default()).await.unwrap_err();
    assert_eq!(title(&err), Some("Transaction not paid"));
    d.control(&format!("/_sandbox/payments/{}/authorize", created.payment_id), json!({})).await;
    assert_eq!(d.status(&id).await, TransactionStatus::Paid);

    let done = d.client.transactions().payout(&id, &d.actor(), &CallOptions::default()).await.unwrap();
    assert!(!done.meta.replayed);
    let t = d.client.transactions().get(&id).await.unwrap();
    assert_eq!(t.status, TransactionStatus::Succeeded);
    let out = &t.payments.outbound.payments[0];
    assert_eq!((out.amount, &out.status), (dec("950"), &PayoutStatus::Scheduled), "amount minus payee fee");
    d.control("/_sandbox/payout-run", json!({})).await;
    let t = d.client.transactions().get(&id).await.unwrap();
    assert_eq!(t.payments.outbound.payments[0].status, PayoutStatus::Paid);

    let err = d
        .client
        .transactions()
        .cancel(&id, &CancelTransaction { service_account_id: d.payee.clone(), reason: None }, &CallOptions::default())
        .await
        .unwrap_err();
    assert_eq!(title(&err), Some("Transaction closed"), "no cancel after success");
}

#[tokio::test]
async fn cancel_returns_payments_and_blocks_payout() {
    let d = deal().await;
    let id = d.create("500", "0", "0").await;
    d.pay(&id).await;
    let err = d
        .client
        .transactions()
        .cancel(
            &id,
            &CancelTransaction { service_account_id: "stranger".into(), reason: None },
            &CallOptions::default(),
        )
        .await
        .unwrap_err();
    assert!(matches!(err.kind, ErrorKind::NotFound(_)), "serviceAccountId must belong to the tenant");
    d.client
        .transactions()
        .cancel(
            &id,
            &CancelTransaction { service_account_id: d.payer.clone(), reason: Some("Buyer withdrew".into()) },
            &CallOptions::default(),
        )
        .await
        .unwrap();
    let t = d.client.transactions().get(&id).await.unwrap();
    assert_eq!(t.status, TransactionStatus::Cancelled);
    assert_eq!(t.payments.inbound.payments[0].status, PaymentStatus::Returned);
    assert_eq!(t.payments.outbound.payments[0].amount, dec("500"), "refund to the payer");
    assert_eq!(
        t.payments.outbound.payments[0].payee.as_ref().unwrap().service_account_id.as_deref(),
        Some(d.payer.as_str())
    );
    let err = d.client.transactions().payout(&id, &d.actor(), &CallOptions::default()).await.unwrap_err();
    assert_eq!(title(&err), Some("Transaction closed"), "no payout after cancel");
}

#[tokio::test]
async fn delete_only_without_payments() {
    let d = deal().await;
    let id = d.create("100", "0", "0").await;
    d.client
        .payments()
        .create(
            &CreatePayment { service_account_id: d.payer.clone(), transaction_id: id.clone(), ..Default::default() },
            &CallOptions::default(),
        )
        .await
        .unwrap();
    let err = d.client.transactions().delete(&id).await.unwrap_err();
    assert_eq!(err.status(), Some(400));
    let other = d.create("100", "0", "0").await;
    d.client.transactions().delete(&other).await.unwrap();
    assert!(matches!(d.client.transactions().get(&other).await.unwrap_err().kind, ErrorKind::NotFound(_)));
    assert!(matches!(d.client.transactions().delete(&other).await.unwrap_err().kind, ErrorKind::NotFound(_)));
}

#[tokio::test]
async fn reimburse_errors_are_plain_strings_and_reduce_the_payout() {
    let d = deal().await;
    let id = d.create("1000", "0", "100").await;
    let err = d.client.transactions().reimburse_payer(&id, dec("10"), &CallOptions::default()).await.unwrap_err();
    assert!(matches!(&err.kind, ErrorKind::BadRequest(ErrorBody::Text(t)) if t.contains("paid")), "{err:?}");
    d.pay(&id).await;
    let err = d.client.transactions().reimburse_payer(&id, dec("901"), &CallOptions::default()).await.unwrap_err();
    assert!(matches!(err.kind, ErrorKind::BadRequest(ErrorBody::Text(_))));
    let key = IdempotencyKey::generate();
    let opts = CallOptions::with_idempotency_key(key);
    d.client.transactions().reimburse_payer(&id, dec("200"), &opts).await.unwrap();
    assert!(d.client.transactions().reimburse_payer(&id, dec("200"), &opts).await.unwrap().meta.replayed);
    d.client.transactions().payout(&id, &d.actor(), &CallOptions::default()).await.unwrap();
    let t = d.client.transactions().get(&id).await.unwrap();
    let amounts: Vec<Decimal> = t.payments.outbound.payments.iter().map(|p| p.amount).collect();
    assert_eq!(amounts, vec![dec("200"), dec("700")], "one reimbursement, payee gets 1000 − 100 fee − 200");
    let reimbursements: Vec<_> = d.sb.ledger(ACME_KEY).await.into_iter().filter(|r| r["kind"] == "reimburse").collect();
    assert_eq!(reimbursements.len(), 1);
}
