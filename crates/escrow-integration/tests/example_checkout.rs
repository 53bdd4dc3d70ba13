//! Runs the logic of `examples/checkout.rs` against an in-process sandbox, so CI proves
//! the example works, and checks its effects independently: through a fresh client and
//! the sandbox's ledger and webhook log.

#[allow(dead_code)]
#[path = "../examples/checkout.rs"]
mod checkout;

use escrow_api::enums::{PaymentMethod, PaymentStatus, PayoutStatus, TransactionStatus};
use escrow_api::{Client, ListTransactions};
use rust_decimal::Decimal;
use serde_json::Value;

fn dec(s: &str) -> Decimal {
    s.parse().unwrap()
}

async fn control_get(sb: &checkout::LocalSandbox, path: &str) -> Vec<Value> {
    let res: Value = reqwest::Client::new()
        .get(format!("{}{path}", sb.running.url))
        .bearer_auth(&sb.key)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    res["items"].as_array().cloned().unwrap_or_default()
}

#[tokio::test]
async fn the_checkout_example_runs_end_to_end() {
    let sb = checkout::local_sandbox().await.unwrap();
    let mut out = Vec::new();
    let outcome = match checkout::run(&sb.running.url, &sb.key, "ci-1", &mut out).await {
        Ok(o) => o,
        Err(e) => panic!("checkout failed: {e}\n{}", String::from_utf8_lossy(&out)),
    };
    let text = String::from_utf8(out).unwrap();

    // Every step is printed, in order.
    let steps = [
        "1. Connect payer and payee",
        "connected via the hosted connect page",
        "2. Create a Marketplace transaction (Idempotency-Key ",
        "replayed=true, same transactionId",
        "3. Create a payment",
        "4. Initialize the payment with PSD2",
        "5. Redirect the payer to http",
        "6. Webhook transaction.payment.paid logged",
        "7. Payout",
        "status SUCCEEDED",
        "paid out                   2450.00",
    ];
    let mut at = 0;
    for step in steps {
        let found = text[at..].find(step).unwrap_or_else(|| panic!("`{step}` missing or out of order in:\n{text}"));
        at += found + step.len();
    }
    assert!(text.contains(&outcome.transaction_id) && text.contains(&outcome.payment_id));
    assert_eq!(outcome.connected_via, ["hosted connect page"; 2]);
    assert!(outcome.create_replayed);

    // The service's view, read with a fresh client.
    let client = Client::builder(&sb.running.url, &sb.key).build().unwrap();
    let t = client.transactions().get(&outcome.transaction_id).await.unwrap();
    assert_eq!(t, outcome.final_state);
    assert_eq!(t.status, TransactionStatus::Succeeded);
    assert_eq!((t.amount, t.reference_id.as_deref()), (dec("2500.00"), Some("order-ci-1")));
    assert_eq!(t.payer.as_ref().and_then(|p| p.service_account_id.as_deref()), Some(outcome.payer_id.as_str()));
    assert_eq!(t.payee.as_ref().and_then(|p| p.service_account_id.as_deref()), Some(outcome.payee_id.as_str()));
    let fees = t.fees.clone().unwrap();
    assert_eq!((fees.payer, fees.payee), (Some(dec("25.00")), Some(dec("50.00"))));
    let inbound = &t.payments.inbound.payments;
    assert_eq!(inbound.len(), 1, "one payment");
    assert_eq!(inbound[0].payment_id.as_deref(), Some(outcome.payment_id.as_str()));
    assert_eq!((&inbound[0].status, &inbound[0].method), (&PaymentStatus::Authorized, &Some(PaymentMethod::Psd2)));
    assert_eq!(inbound[0].amount, dec("2525.00"), "price plus the payer's fee");
    let outbound = &t.payments.outbound.payments;
    assert_eq!(outbound.len(), 1, "one payout");
    assert_eq!(
        (outbound[0].amount, &outbound[0].status),
        (dec("2450.00"), &PayoutStatus::Paid),
        "price minus the payee's fee"
    );
    assert_eq!(
        outbound[0].payee.as_ref().and_then(|p| p.service_account_id.as_deref()),
        Some(outcome.payee_id.as_str())
    );

    // Both people really connected, each with the bank account chosen on the page.
    for id in [&outcome.payer_id, &outcome.payee_id] {
        assert_eq!(client.users().list_bank_accounts(id).await.unwrap().items.len(), 1);
    }
    // The retried create made no second transaction, and the payout ran once.
    assert_eq!(client.transactions().list(&ListTransactions::default()).await.unwrap().count, 1);
    let ledger = control_get(&sb, "/_sandbox/ledger").await;
    let payouts: Vec<_> = ledger.iter().filter(|r| r["kind"] == "payout").collect();
    assert_eq!(payouts.len(), 1, "{ledger:?}");
    assert_eq!(payouts[0]["target"], outcome.transaction_id.as_str());

    // The webhooks of the checkout, each once.
    let hooks = control_get(&sb, "/_sandbox/webhooks").await;
    let names: Vec<&str> = hooks
        .iter()
        .filter(|h| h["payload"]["transactionId"] == outcome.transaction_id.as_str())
        .filter_map(|h| h["eventName"].as_str())
        .collect();
    assert_eq!(names, ["transaction.created", "transaction.payment.paid", "transaction.succeeded"]);
    assert!(hooks.iter().any(|h| h["webhookId"] == outcome.paid_webhook_id.as_str()
        && h["payload"]["paymentId"] == outcome.payment_id.as_str()));

    // Run again on the same sandbox (as with ESCROW_BASE_URL): new people, new transaction.
    let again = checkout::run(&sb.running.url, &sb.key, "ci-2", &mut std::io::sink()).await.unwrap();
    assert_ne!(again.transaction_id, outcome.transaction_id);
    assert_ne!(again.payer_id, outcome.payer_id);
    assert_eq!(client.transactions().list(&ListTransactions::default()).await.unwrap().count, 2);
}

#[tokio::test]
async fn the_checkout_example_returns_the_clients_error_on_a_wrong_key() {
    // A wrong key: the first call fails with 401, and run() says so instead of panicking.
    let sb = checkout::local_sandbox().await.unwrap();
    let err = checkout::run(&sb.running.url, "wrong-key", "ci-3", &mut std::io::sink()).await.unwrap_err();
    let err = err.downcast::<escrow_api::Error>().expect("the client's error");
    assert_eq!(err.status(), Some(401));
}
