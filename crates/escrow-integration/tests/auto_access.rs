//! Who may use the Auto modules: tenants without them, Marketplace transactions, unknown
//! and foreign transactions (404 without body), and closed transactions are refused.

mod common;

use common::auto::{PDF, auto_deal, debt, dec};
use common::{ACME_KEY, Sandbox};
use escrow_api::enums::TransactionStatus;
use escrow_api::{
    BillOfSale, BillOfSaleRecord, CallOptions, CreateTransaction, DebtRecord, Error, ErrorBody, ErrorKind,
    ListTransactions, TransactionType,
};
use escrow_sandbox::DEMO_KEY;

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
