//! The transaction operations against the real sandbox over HTTP.

mod common;

use common::ACME_KEY;
use escrow_api::CreateTransaction;
use escrow_api::enums::{Currency, TransactionStatus};
use escrow_api::{CallOptions, ErrorBody, ErrorKind, IdempotencyKey, ListTransactions, TransactionType};
use escrow_sandbox::DEMO_KEY;
use rust_decimal::Decimal;
use std::str::FromStr;

fn dec(s: &str) -> Decimal {
    Decimal::from_str(s).unwrap()
}

#[tokio::test]
async fn lists_newest_first_with_default_paging_and_total_count() {
    let sb = common::start().await;
    let client = sb.client(DEMO_KEY);
    let page = client.transactions().list(&ListTransactions::default()).await.unwrap();
    assert_eq!(page.count, 200);
    assert_eq!(page.items.len(), 20, "Take defaults to 20");
    let created: Vec<_> = page.items.iter().map(|t| t.created.unwrap()).collect();
    assert!(created.windows(2).all(|w| w[0] >= w[1]), "newest first");

    let big = client.transactions().list(&ListTransactions { take: Some(500), ..Default::default() }).await.unwrap();
    assert_eq!(big.items.len(), 100, "Take is capped at 100");

    let second = client
        .transactions()
        .list(&ListTransactions { skip: Some(20), take: Some(20), ..Default::default() })
        .await
        .unwrap();
    assert_eq!(second.count, 200);
    let first_ids: Vec<_> = page.items.iter().map(|t| &t.transaction_id).collect();
    assert!(second.items.iter().all(|t| !first_ids.contains(&&t.transaction_id)), "pages do not overlap");
}

#[tokio::test]
async fn searches_case_insensitively_and_partially() {
    let sb = common::start().await;
    let client = sb.client(DEMO_KEY);
    let search = |s: &str| ListTransactions { search: Some(s.into()), take: Some(100), ..Default::default() };

    let by_registration = client.transactions().list(&search("ev 48 2")).await.unwrap();
    assert_eq!(by_registration.count, 1);
    let tesla = &by_registration.items[0];
    assert_eq!(tesla.reference_id.as_deref(), Some("DEAL-2026-0042"));
    assert_eq!(tesla.amount, dec("289500.00"));
    assert_eq!(tesla.status, TransactionStatus::Paid);

    for term in ["5yjygdee8pf48", "METTE KJÆR", "mette.kjaer.nielsen@EXAMPLE", "model y long", "deal-2026-0042"] {
        let page = client.transactions().list(&search(term)).await.unwrap();
        assert!(page.items.iter().any(|t| t.transaction_id == tesla.transaction_id), "search {term:?} finds the Tesla");
    }
    let by_ref = client
        .transactions()
        .list(&ListTransactions { reference_id: Some("deal-2026-004".into()), take: Some(100), ..Default::default() })
        .await
        .unwrap();
    assert!(
        by_ref.count >= 1
            && by_ref.items.iter().all(|t| t.reference_id.as_deref().unwrap().starts_with("DEAL-2026-004"))
    );

    let none = client.transactions().list(&search("no such thing anywhere")).await.unwrap();
    assert_eq!((none.count, none.items.len()), (0, 0));
    // LIKE wildcards in the term are literal.
    assert_eq!(client.transactions().list(&search("%")).await.unwrap().count, 0);
}

#[tokio::test]
async fn gets_the_full_record() {
    let sb = common::start().await;
    let client = sb.client(DEMO_KEY);
    let page = client
        .transactions()
        .list(&ListTransactions { search: Some("DEAL-2026-0042".into()), ..Default::default() })
        .await
        .unwrap();
    let t = client.transactions().get(&page.items[0].transaction_id).await.unwrap();
    assert_eq!(t.title.as_deref(), Some("Tesla Model Y Long Range — EV 48 213"));
    assert_eq!(t.currency, Currency::Dkk);
    assert_eq!(t.payer.as_ref().unwrap().name.as_deref(), Some("Mette Kjær Nielsen"));
    assert_eq!(t.payee.as_ref().unwrap().name.as_deref(), Some("Bilhuset Vejle ApS"));
    let fees = t.fees.unwrap();
    assert_eq!(fees.payee, Some(dec("495")));
    assert_eq!(fees.safepay, Some(dec("15")));
    assert_eq!(t.payments.inbound.amount, Some(dec("289500")));
    assert_eq!(t.payments.inbound.payments.len(), 1);
    let auto = t.auto_information.unwrap();
    assert_eq!(auto.registration_number.as_deref(), Some("EV 48 213"));
    assert_eq!(auto.year, Some(2023));
    assert!(t.checkout_url.unwrap().starts_with(&sb.running.url));
}

#[tokio::test]
async fn another_tenants_transaction_is_not_found_and_a_bad_key_is_unauthorized() {
    let sb = common::start().await;
    let demo = sb.client(DEMO_KEY);
    let id = demo.transactions().list(&ListTransactions::default()).await.unwrap().items[0].transaction_id.clone();

    let acme = sb.client(ACME_KEY);
    let err = acme.transactions().get(&id).await.unwrap_err();
    assert_eq!(err.kind, ErrorKind::NotFound(ErrorBody::Empty));
    assert_eq!(
        acme.transactions().list(&ListTransactions::default()).await.unwrap().count,
        0,
        "acme sees none of demo's"
    );

    let err = sb.client("wrong-key").transactions().list(&ListTransactions::default()).await.unwrap_err();
    match &err.kind {
        ErrorKind::Unauthorized(ErrorBody::Problem(p)) => assert_eq!(p.status, Some(401)),
        other => panic!("expected 401 problem, got {other:?}"),
    }
    assert_eq!(err.attempts, 1, "4xx is never retried");
    assert!(err.correlation_id.is_some());
}

#[tokio::test]
async fn creates_a_marketplace_transaction_exactly_once_per_key() {
    let sb = common::start().await;
    let payee = sb.user(ACME_KEY, "seller-1", "Sofie Larsen").await;
    let payer = sb.user(ACME_KEY, "buyer-1", "Jens Olsen").await;
    let client = sb.client(ACME_KEY);
    let mut req = CreateTransaction::new(dec("1250.505"));
    req.title = Some("Spisebord i eg".into());
    req.payee_id = Some(payee.clone());
    req.payer_id = Some(payer);
    req.payee_fixed_fee = Some(dec("25"));
    req.reference_id = Some("ORD-1".into());
    let key = IdempotencyKey::generate();
    let opts = CallOptions::with_idempotency_key(key.clone());

    let first = client.transactions().create(TransactionType::Marketplace, &req, &opts).await.unwrap();
    assert!(!first.meta.replayed);
    assert_eq!(first.meta.idempotency_key.as_deref(), Some(key.as_str()));
    let again = client.transactions().create(TransactionType::Marketplace, &req, &opts).await.unwrap();
    assert!(again.meta.replayed, "the retry is a replay");
    assert_eq!(again.value.transaction_id, first.value.transaction_id);

    let created = client.transactions().get(&first.value.transaction_id).await.unwrap();
    assert_eq!(created.amount, dec("1250.51"), "rounded half away from zero");
    assert_eq!(created.status, TransactionStatus::Created);
    assert_eq!(created.payee.unwrap().service_account_id.as_deref(), Some(payee.as_str()));
    let ledger = sb.ledger(ACME_KEY).await;
    assert_eq!(ledger.len(), 1, "executed once");
    assert_eq!(ledger[0]["idempotencyKey"], key.as_str());

    let mut other = req.clone();
    other.amount = dec("99");
    let err = client.transactions().create(TransactionType::Marketplace, &other, &opts).await.unwrap_err();
    assert!(matches!(err.kind, ErrorKind::IdempotencyKeyReused(_)), "{err:?}");
}

#[tokio::test]
async fn business_rule_errors_carry_the_problem_title() {
    let sb = common::start().await;
    let payee = sb.user(ACME_KEY, "seller-2", "Ida Madsen").await;
    let payer = sb.user(ACME_KEY, "buyer-2", "Peter Hansen").await;
    let client = sb.client(ACME_KEY);
    let mut req = CreateTransaction::new(dec("100"));
    req.title = Some("Barnevogn".into());
    req.payer_id = Some(payer);
    req.payee_id = Some("not-a-user".into());
    let err =
        client.transactions().create(TransactionType::Marketplace, &req, &CallOptions::default()).await.unwrap_err();
    assert_eq!(err.body().and_then(ErrorBody::title), Some("Invalid payee"));

    req.payee_id = Some(payee);
    req.payee_fixed_fee = Some(dec("150"));
    let err =
        client.transactions().create(TransactionType::Marketplace, &req, &CallOptions::default()).await.unwrap_err();
    assert_eq!(err.status(), Some(400));
    assert_eq!(err.body().and_then(ErrorBody::title), Some("Invalid amount"));
    assert!(sb.ledger(ACME_KEY).await.is_empty(), "nothing executed");
}

#[tokio::test]
async fn invalid_requests_are_refused_before_sending() {
    let sb = common::start().await;
    let client = sb.client(ACME_KEY);
    let mut req = CreateTransaction::new(Decimal::ZERO);
    req.title = Some("x".into());
    req.payer_id = Some("p".into());
    req.payee_id = Some("q".into());
    let err =
        client.transactions().create(TransactionType::Marketplace, &req, &CallOptions::default()).await.unwrap_err();
    assert!(matches!(&err.kind, ErrorKind::Validation { field, .. } if field == "amount"));
    assert_eq!(err.attempts, 0);

    req.amount = dec("10");
    req.title = None;
    let err =
        client.transactions().create(TransactionType::Marketplace, &req, &CallOptions::default()).await.unwrap_err();
    assert!(matches!(&err.kind, ErrorKind::Validation { field, .. } if field == "title"));

    let err = client.transactions().get("  ").await.unwrap_err();
    assert!(matches!(err.kind, ErrorKind::Validation { .. }));
    assert!(IdempotencyKey::new("k".repeat(201)).is_err());
}
