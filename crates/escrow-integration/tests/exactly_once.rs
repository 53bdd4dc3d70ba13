//! Exactly once under faults: with the sandbox dropping connections after it has
//! committed, answering 503 and 409, and delaying past the client's timeout, run 200+
//! money-moving calls; the sandbox's ledger must show each intended action executed
//! exactly once, and every call must end in success or a clear error.

mod common;

use common::ACME_KEY;
use escrow_api::enums::{Recipient, Timing};
use escrow_api::v2::*;
use escrow_api::{CallOptions, Client, ErrorKind, IdempotencyKey, RetryPolicy, TransactionType};
use rust_decimal::Decimal;
use serde_json::json;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

const DEALS: usize = 34;

/// (kind, idempotency key, succeeded)
type Log = Arc<Mutex<Vec<(&'static str, String, bool)>>>;

async fn call<T>(
    log: &Log,
    kind: &'static str,
    f: impl AsyncFnOnce(CallOptions) -> escrow_api::Result<T>,
) -> Option<T> {
    let key = IdempotencyKey::generate();
    let result = f(CallOptions::with_idempotency_key(key.clone())).await;
    match &result {
        Ok(_) => {}
        Err(e) => {
            assert!(
                matches!(
                    e.kind,
                    ErrorKind::Timeout | ErrorKind::Network(_) | ErrorKind::Server { .. } | ErrorKind::Conflict(_)
                ),
                "{kind}: only faults may fail a valid call, got {e:?}"
            );
            assert!(e.outcome_unknown() && e.correlation_id.is_some() && e.attempts == 6, "{kind}: clear error {e:?}");
        }
    }
    log.lock().unwrap().push((kind, key.as_str().to_owned(), result.is_ok()));
    result.ok()
}

async fn one_deal(
    client: Client,
    control: reqwest::Client,
    url: String,
    payer: String,
    payee: String,
    n: usize,
    log: Log,
) {
    let mut req = CreateTransaction::new(Decimal::new(100_000 + n as i64, 2));
    req.title = Some(format!("Deal {n}"));
    req.payee_id = Some(payee.clone());
    req.payer_id = Some(payer.clone());
    let Some(created) = call(&log, "create_transaction", async |o| {
        client.transactions().create(TransactionType::Marketplace, &req, &o).await
    })
    .await
    else {
        return;
    };
    let id = created.value.transaction_id;
    let pay = CreatePayment { service_account_id: payer.clone(), transaction_id: id.clone(), ..Default::default() };
    let Some(payment) = call(&log, "create_payment", async |o| client.payments().create(&pay, &o).await).await else {
        return;
    };
    let res = control
        .post(format!("{url}/_sandbox/payments/{}/authorize", payment.value.payment_id))
        .bearer_auth(ACME_KEY)
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success());
    let next = CreateSplitPayout {
        amount: Decimal::new(5_000, 2),
        recipient: Recipient::Tenant,
        timing: Some(Timing::NextPayout),
    };
    if let Some(split) =
        call(&log, "create_split_payout", async |o| client.split_payouts().create(&id, &next, &o).await).await
    {
        let sid = split.value.split_payout_id;
        call(&log, "cancel_split_payout", async |o| client.split_payouts().cancel(&id, &sid, &o).await).await;
    }
    let on_close = CreateSplitPayout { amount: Decimal::new(2_500, 2), recipient: Recipient::Tenant, timing: None };
    call(&log, "create_split_payout", async |o| client.split_payouts().create(&id, &on_close, &o).await).await;
    call(&log, "reimburse", async |o| client.transactions().reimburse_payer(&id, Decimal::new(1_000, 2), &o).await)
        .await;
    if n.is_multiple_of(2) {
        let body = PayoutTransaction { service_account_id: payee.clone() };
        call(&log, "payout", async |o| client.transactions().payout(&id, &body, &o).await).await;
    } else {
        let body = CancelTransaction { service_account_id: payee.clone(), reason: Some("test".into()) };
        call(&log, "cancel", async |o| client.transactions().cancel(&id, &body, &o).await).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_money_moving_action_executes_exactly_once_under_faults() {
    let sb = common::start().await;
    let payee = sb.user(ACME_KEY, "seller", "Sælger ApS").await;
    let payer = sb.user(ACME_KEY, "buyer", "Køber Hansen").await;
    let control = reqwest::Client::new();
    let rules = json!({ "rules": [
        { "method": "POST", "pathPrefix": "/v2/", "kind": "drop", "rate": 0.12 },
        { "method": "POST", "pathPrefix": "/v2/", "kind": "status", "status": 503, "rate": 0.10 },
        { "method": "POST", "pathPrefix": "/v2/", "kind": "status", "status": 409, "rate": 0.04 },
        { "method": "POST", "pathPrefix": "/v2/", "kind": "drop", "phase": "before", "rate": 0.04 },
        { "method": "POST", "pathPrefix": "/v2/", "kind": "delay", "delayMs": 1500, "rate": 0.03 },
        { "method": "POST", "pathPrefix": "/v2/", "kind": "status", "status": 502, "phase": "after", "rate": 0.03 },
    ]});
    let res = control
        .put(format!("{}/_sandbox/faults", sb.running.url))
        .bearer_auth(ACME_KEY)
        .json(&rules)
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success());
    let client = Client::builder(&sb.running.url, ACME_KEY)
        .timeout(Duration::from_millis(1000))
        .retry(RetryPolicy::new(5, Duration::from_millis(10), Duration::from_millis(200)))
        .build()
        .unwrap();

    let log: Log = Arc::default();
    let mut tasks = Vec::new();
    for n in 0..DEALS {
        let (c, ctl, url, payer, payee, log) =
            (client.clone(), control.clone(), sb.running.url.clone(), payer.clone(), payee.clone(), log.clone());
        tasks.push(tokio::spawn(one_deal(c, ctl, url, payer, payee, n, log)));
        if tasks.len() == 6 {
            for t in tasks.drain(..) {
                t.await.unwrap();
            }
        }
    }
    for t in tasks {
        t.await.unwrap();
    }
    control.delete(format!("{}/_sandbox/faults", sb.running.url)).bearer_auth(ACME_KEY).send().await.unwrap();

    let ledger = sb.ledger(ACME_KEY).await;
    let mut executed: HashMap<(String, String), usize> = HashMap::new();
    for row in &ledger {
        let key = row["idempotencyKey"].as_str().expect("every money-moving call carried a key").to_owned();
        *executed.entry((row["kind"].as_str().unwrap().to_owned(), key)).or_default() += 1;
    }
    let log = log.lock().unwrap();
    let duplicates = executed.values().filter(|n| **n > 1).count();
    let ok = log.iter().filter(|(_, _, ok)| *ok).count();
    println!(
        "calls: {}, succeeded: {ok}, failed with a clear error: {}, ledger rows: {}, duplicates: {duplicates}",
        log.len(),
        log.len() - ok,
        ledger.len()
    );
    assert!(log.len() >= 200, "at least 200 money-moving calls, made {}", log.len());
    assert_eq!(duplicates, 0, "an action executed twice");
    for (kind, key, succeeded) in log.iter() {
        let n = executed.get(&(kind.to_string(), key.clone())).copied().unwrap_or(0);
        if *succeeded {
            assert_eq!(n, 1, "{kind} {key} succeeded but executed {n} times");
        } else {
            assert!(n <= 1, "{kind} {key} executed {n} times");
        }
    }
    assert_eq!(executed.len(), ledger.len());
    assert!(ok * 10 >= log.len() * 9, "retries should absorb nearly all faults");
}
