//! Split payouts through the client: created, listed, cancelled and paid with the payout
//! run, and an overfunded transaction paying out its excess first.

mod common;

use common::lifecycle::{deal, dec, title};
use escrow_api::enums::{Recipient, SplitPayoutStatus, Timing, TransactionStatus};
use escrow_api::v2::*;
use escrow_api::{CallOptions, ErrorKind, TransactionType};
use serde_json::json;

#[tokio::test]
async fn split_payouts_create_list_cancel_and_pay() {
    let d = deal().await;
    let mut req = CreateTransaction::new(dec("1000"));
    req.title = Some("Bil".into());
    req.payee_id = Some(d.payee.clone());
    req.payer_id = Some(d.payer.clone());
    req.split_payouts =
        Some(vec![PlannedSplitPayout { amount: dec("100"), recipient: Recipient::Tenant, timing: None }]);
    let id = d
        .client
        .transactions()
        .create(TransactionType::Marketplace, &req, &CallOptions::default())
        .await
        .unwrap()
        .value
        .transaction_id;

    let next = d
        .client
        .split_payouts()
        .create(
            &id,
            &CreateSplitPayout { amount: dec("50"), recipient: Recipient::Payer, timing: Some(Timing::NextPayout) },
            &CallOptions::default(),
        )
        .await
        .unwrap()
        .value;
    let on_close = d
        .client
        .split_payouts()
        .create(
            &id,
            &CreateSplitPayout { amount: dec("25"), recipient: Recipient::Tenant, timing: None },
            &CallOptions::default(),
        )
        .await
        .unwrap()
        .value;
    let err = d
        .client
        .split_payouts()
        .create(
            &id,
            &CreateSplitPayout { amount: dec("900"), recipient: Recipient::Tenant, timing: None },
            &CallOptions::default(),
        )
        .await
        .unwrap_err();
    assert_eq!(title(&err), Some("Invalid amount"));

    let list = d.client.split_payouts().list(&id).await.unwrap().items;
    assert_eq!(list.len(), 3, "includes the one planned at creation");
    assert_eq!(list[0].timing, Some(Timing::OnClose), "ON_CLOSE is the default");
    assert!(list.iter().all(|s| s.status == SplitPayoutStatus::Pending));
    assert_eq!(list[1].service_account_id.as_deref(), Some(d.payer.as_str()), "PAYER resolves to the payer's account");

    d.client.split_payouts().cancel(&id, &on_close.split_payout_id, &CallOptions::default()).await.unwrap();
    let err =
        d.client.split_payouts().cancel(&id, &on_close.split_payout_id, &CallOptions::default()).await.unwrap_err();
    assert_eq!(err.status(), Some(400), "only while PENDING");
    assert!(matches!(
        d.client.split_payouts().cancel(&id, "nope", &CallOptions::default()).await.unwrap_err().kind,
        ErrorKind::NotFound(_)
    ));

    d.pay(&id).await;
    d.control("/_sandbox/payout-run", json!({})).await;
    let list = d.client.split_payouts().list(&id).await.unwrap().items;
    let by_id = |sid: &str| list.iter().find(|s| s.split_payout_id == sid).unwrap().status.clone();
    assert_eq!(by_id(&next.split_payout_id), SplitPayoutStatus::Paid, "NEXT_PAYOUT paid with the next run");
    assert_eq!(list[0].status, SplitPayoutStatus::Pending, "ON_CLOSE waits for release");
    d.client.transactions().payout(&id, &d.actor(), &CallOptions::default()).await.unwrap();
    d.control("/_sandbox/payout-run", json!({})).await;
    let t = d.client.transactions().get(&id).await.unwrap();
    assert_eq!(
        t.payments.outbound.payments.last().unwrap().amount,
        dec("850"),
        "payee: 1000 − 100 ON_CLOSE − 50 NEXT_PAYOUT"
    );
    assert_eq!(d.client.split_payouts().list(&id).await.unwrap().items[0].status, SplitPayoutStatus::Paid);
}

#[tokio::test]
async fn an_overfunded_transaction_pays_out_its_excess_first() {
    let d = deal().await;
    let id = d.create("300", "0", "0").await;
    d.control("/_sandbox/transfers", json!({"transactionId": id, "serviceAccountId": d.payer, "amount": "350"})).await;
    assert_eq!(d.status(&id).await, TransactionStatus::Paid);
    let err = d.client.transactions().payout(&id, &d.actor(), &CallOptions::default()).await.unwrap_err();
    assert_eq!(title(&err), Some("Overfunded transaction"));
    d.client
        .split_payouts()
        .create(
            &id,
            &CreateSplitPayout { amount: dec("50"), recipient: Recipient::Payer, timing: Some(Timing::NextPayout) },
            &CallOptions::default(),
        )
        .await
        .unwrap();
    d.client.transactions().payout(&id, &d.actor(), &CallOptions::default()).await.unwrap();
    let t = d.client.transactions().get(&id).await.unwrap();
    assert_eq!(
        t.payments.outbound.payments.last().unwrap().amount,
        dec("300"),
        "the excess split does not reduce the payee's share"
    );
}
