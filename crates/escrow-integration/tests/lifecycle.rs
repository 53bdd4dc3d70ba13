//! The transaction state machine through the client, against the real sandbox:
//! checkout, payout, cancel, delete, reimburse, split payouts, overfunding, change
//! amount, parties, update, payment instructions and webhooks.

mod common;

use common::ACME_KEY;
use escrow_api::enums::{
    PaymentMethod, PaymentStatus, PayoutStatus, Recipient, SplitPayoutStatus, Timing, TransactionStatus,
};
use escrow_api::v2::*;
use escrow_api::{CallOptions, Client, ErrorBody, ErrorKind, IdempotencyKey, TransactionType};
use rust_decimal::Decimal;
use serde_json::{Value, json};
use std::str::FromStr;

fn dec(s: &str) -> Decimal {
    Decimal::from_str(s).unwrap()
}

struct Deal {
    sb: common::Sandbox,
    client: Client,
    payer: String,
    payee: String,
}

async fn deal() -> Deal {
    let sb = common::start().await;
    let payee = sb.user(ACME_KEY, "seller", "Bilhuset Test ApS").await;
    let payer = sb.user(ACME_KEY, "buyer", "Anne Jensen").await;
    let client = sb.client(ACME_KEY);
    Deal { sb, client, payer, payee }
}

impl Deal {
    async fn create(&self, amount: &str, payer_fee: &str, payee_fee: &str) -> String {
        let mut req = CreateTransaction::new(dec(amount));
        req.title = Some("Sofa".into());
        req.payee_id = Some(self.payee.clone());
        req.payer_id = Some(self.payer.clone());
        req.payer_fixed_fee = Some(dec(payer_fee));
        req.payee_fixed_fee = Some(dec(payee_fee));
        self.client
            .transactions()
            .create(TransactionType::Marketplace, &req, &CallOptions::default())
            .await
            .unwrap()
            .value
            .transaction_id
    }

    async fn control(&self, path: &str, body: Value) -> Value {
        let res = reqwest::Client::new()
            .post(format!("{}{path}", self.sb.running.url))
            .bearer_auth(ACME_KEY)
            .json(&body)
            .send()
            .await
            .unwrap();
        assert!(res.status().is_success(), "{path}: {}", res.status());
        res.json().await.unwrap()
    }

    /// Pays the remaining amount through a payment that the sandbox authorizes.
    async fn pay(&self, id: &str) -> String {
        let created = self
            .client
            .payments()
            .create(
                &CreatePayment {
                    service_account_id: self.payer.clone(),
                    transaction_id: id.into(),
                    ..Default::default()
                },
                &CallOptions::default(),
            )
            .await
            .unwrap()
            .value;
        self.control(&format!("/_sandbox/payments/{}/authorize", created.payment_id), json!({})).await;
        created.payment_id
    }

    async fn status(&self, id: &str) -> TransactionStatus {
        self.client.transactions().get(id).await.unwrap().status
    }

    fn actor(&self) -> PayoutTransaction {
        PayoutTransaction { service_account_id: self.payee.clone() }
    }
}

fn title(err: &escrow_api::Error) -> Option<&str> {
    err.body().and_then(ErrorBody::title)
}

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

#[tokio::test]
async fn change_amount_rules() {
    let d = deal().await;
    let id = d.create("400", "10", "20").await;
    let err = d
        .client
        .transactions()
        .change_amount(&id, &ChangeAmount { amount: dec("15"), payee_fixed_fee: None, payer_fixed_fee: None })
        .await
        .unwrap_err();
    assert_eq!(title(&err), Some("Invalid amount"), "must cover the payee fee");
    d.client
        .transactions()
        .change_amount(
            &id,
            &ChangeAmount { amount: dec("300"), payee_fixed_fee: Some(dec("30")), payer_fixed_fee: None },
        )
        .await
        .unwrap();
    let t = d.client.transactions().get(&id).await.unwrap();
    assert_eq!((t.amount, t.fees.as_ref().unwrap().payee), (dec("300"), Some(dec("30"))));
    d.pay(&id).await;
    let err = d
        .client
        .transactions()
        .change_amount(&id, &ChangeAmount { amount: dec("299"), payee_fixed_fee: None, payer_fixed_fee: None })
        .await
        .unwrap_err();
    assert_eq!(title(&err), Some("Invalid amount"), "only raised once authorized");
    d.client
        .transactions()
        .change_amount(&id, &ChangeAmount { amount: dec("350"), payee_fixed_fee: None, payer_fixed_fee: None })
        .await
        .unwrap();
    assert_eq!(d.status(&id).await, TransactionStatus::Created, "raising re-opens the payment");
    let instructions = d.client.transactions().payment_instructions(&id, &d.payer).await.unwrap();
    assert_eq!(instructions.amount, dec("50"), "the difference is left to pay");
    assert!(instructions.fik.as_deref().unwrap().starts_with("+71<"));
    d.pay(&id).await;
    d.client.transactions().payout(&id, &d.actor(), &CallOptions::default()).await.unwrap();
    let err = d
        .client
        .transactions()
        .change_amount(&id, &ChangeAmount { amount: dec("400"), payee_fixed_fee: None, payer_fixed_fee: None })
        .await
        .unwrap_err();
    assert_eq!(title(&err), Some("Transaction closed"));
}

#[tokio::test]
async fn parties_update_and_eur_instructions() {
    let d = deal().await;
    let mut req = CreateTransaction::new(dec("120000"));
    req.currency = Some(escrow_api::enums::Currency::Eur);
    req.payee_id = Some(d.payee.clone());
    req.auto_information =
        Some(AutoInformation { brand: Some("Skoda".into()), model: Some("Enyaq".into()), ..Default::default() });
    let id = d
        .client
        .transactions()
        .create(TransactionType::Auto, &req, &CallOptions::default())
        .await
        .unwrap()
        .value
        .transaction_id;
    assert!(d.client.transactions().get(&id).await.unwrap().payer.is_none());
    assert!(matches!(
        d.client.transactions().add_payer(&id, &AddParty::default()).await.unwrap_err().kind,
        ErrorKind::Validation { .. }
    ));
    d.client
        .transactions()
        .add_payer(&id, &AddParty { reference_id: Some("buyer".into()), ..Default::default() })
        .await
        .unwrap();
    assert_eq!(
        d.client.transactions().get(&id).await.unwrap().payer.unwrap().service_account_id.as_deref(),
        Some(d.payer.as_str())
    );
    let err = d
        .client
        .transactions()
        .add_payer(&id, &AddParty { service_account_id: Some(d.payer.clone()), ..Default::default() })
        .await
        .unwrap_err();
    assert_eq!(title(&err), Some("Payer already exists"));
    let err = d
        .client
        .transactions()
        .add_payee(&id, &AddParty { phone_number: Some("+4512345678".into()), ..Default::default() })
        .await
        .unwrap_err();
    assert_eq!(title(&err), Some("Payee already exists"));

    let when = chrono::Utc::now() + chrono::Duration::days(10);
    d.client
        .transactions()
        .update(
            &id,
            &UpdateTransaction { expected_completion: Patch::Set(when), retail_amount: Patch::Set(dec("125000")) },
        )
        .await
        .unwrap();
    let t = d.client.transactions().get(&id).await.unwrap();
    assert!(t.expected_completion.is_some());
    assert_eq!(t.auto_information.unwrap().retail_amount, Some(dec("125000")));
    d.client
        .transactions()
        .update(&id, &UpdateTransaction { expected_completion: Patch::Clear, ..Default::default() })
        .await
        .unwrap();
    assert!(d.client.transactions().get(&id).await.unwrap().expected_completion.is_none());
    let past = chrono::Utc::now() - chrono::Duration::days(1);
    let err = d
        .client
        .transactions()
        .update(&id, &UpdateTransaction { expected_completion: Patch::Set(past), ..Default::default() })
        .await
        .unwrap_err();
    assert_eq!(err.attempts, 0, "refused before sending");

    let market = d.create("10", "0", "0").await;
    let err = d
        .client
        .transactions()
        .update(&market, &UpdateTransaction { retail_amount: Patch::Set(dec("1")), ..Default::default() })
        .await
        .unwrap_err();
    assert!(matches!(err.kind, ErrorKind::BadRequest(ErrorBody::Text(_))), "update's 400 is a plain string");

    let eur = d.client.transactions().payment_instructions(&id, &d.payer).await.unwrap();
    assert_eq!(eur.fik.as_deref(), Some(""), "no FIK for EUR");
    assert_eq!(eur.amount, dec("120000"));
    assert!(eur.bank_message.unwrap().starts_with("ESC"));
}

#[tokio::test]
async fn webhooks_are_delivered_with_retries_and_examples_parse() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let d = deal().await;
    // A receiver that fails the first delivery and accepts the rest.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let hook = format!("http://{}/hook", listener.local_addr().unwrap());
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<String>();
    tokio::spawn(async move {
        let mut n = 0;
        while let Ok((mut s, _)) = listener.accept().await {
            let mut buf = vec![0u8; 16384];
            let len = s.read(&mut buf).await.unwrap_or(0);
            let text = String::from_utf8_lossy(&buf[..len]).to_string();
            let status = if n == 0 { "500 Internal Server Error" } else { "200 OK" };
            n += 1;
            let _ = s
                .write_all(format!("HTTP/1.1 {status}\r\ncontent-length: 0\r\nconnection: close\r\n\r\n").as_bytes())
                .await;
            let _ = tx.send(text);
        }
    });
    let res = reqwest::Client::new()
        .put(format!("{}/_sandbox/webhook-url", d.sb.running.url))
        .bearer_auth(ACME_KEY)
        .json(&json!({"url": hook}))
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success());
    let id = d.create("10", "0", "0").await;
    let mut bodies = Vec::new();
    while bodies.len() < 2 {
        let req = tokio::time::timeout(std::time::Duration::from_secs(10), rx.recv())
            .await
            .expect("delivery in time")
            .unwrap();
        bodies.push(req.split("\r\n\r\n").nth(1).unwrap_or_default().to_owned());
    }
    for body in &bodies {
        match WebhookEvent::parse(body.as_bytes()).unwrap() {
            WebhookEvent::Transaction(e) => {
                assert_eq!(e.event_name, TransactionEventName::Created);
                assert_eq!(e.transaction_id, id);
            }
            other => panic!("{other:?}"),
        }
    }
    let log: Value = reqwest::Client::new()
        .get(format!("{}/_sandbox/webhooks", d.sb.running.url))
        .bearer_auth(ACME_KEY)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let first = &log["items"][0];
    assert_eq!((first["state"].as_str(), first["attempts"].as_i64()), (Some("delivered"), Some(2)));

    let examples = d.client.webhooks().examples().await.unwrap();
    assert_eq!(examples.user.len(), 2);
    assert_eq!(examples.transaction.len(), 5);
    assert!(examples.transaction.iter().all(|e| !matches!(e.event_name, TransactionEventName::Unknown(_))));
}
