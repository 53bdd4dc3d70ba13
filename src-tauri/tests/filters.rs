//! Filters the service cannot apply (status, type, currency, dates) over real sandbox data.

use escrow_desk::appdb::AppDb;
use escrow_desk::desk::{BuiltInSandbox, Desk};
use escrow_desk::settings::keychain::Keychain;
use escrow_desk::transactions::filters::TransactionFilters;
use escrow_desk::transactions::list::TransactionQuery;
use escrow_desk::wiring::Domains;

async fn app(dir: &tempfile::TempDir) -> (Domains, escrow_sandbox::RunningSandbox) {
    let sb = escrow_sandbox::start(escrow_sandbox::SandboxConfig::demo(dir.path().join("sandbox"))).await.unwrap();
    let app = Domains::new(
        Desk::new(
            AppDb::open(&dir.path().join("app")).unwrap(),
            Keychain::with_service("dk.escrowdesk.test.filters"),
            Some(BuiltInSandbox { url: sb.url.clone(), key: escrow_sandbox::DEMO_KEY.into() }),
        )
        .unwrap(),
    )
    .unwrap();
    (app, sb)
}

fn query(filters: TransactionFilters, skip: u32, take: u32) -> TransactionQuery {
    TransactionQuery { search: None, skip, take, filters: Some(filters), reference_id: None, sort: None }
}

#[tokio::test]
async fn filters_select_exactly_the_matching_rows_and_page_them() {
    let dir = tempfile::tempdir().unwrap();
    let (app, _sb) = app(&dir).await;
    let all = {
        let mut items = Vec::new();
        for skip in [0, 100] {
            items.extend(
                app.transactions
                    .list_transactions(&TransactionQuery {
                        search: None,
                        skip,
                        take: 100,
                        filters: None,
                        reference_id: None,
                        sort: None,
                    })
                    .await
                    .unwrap()
                    .items,
            );
        }
        items
    };
    assert_eq!(all.len(), 200);

    let paid_auto =
        TransactionFilters { statuses: vec!["PAID".into()], kind: Some("Auto".into()), ..Default::default() };
    let expected: Vec<_> = all
        .iter()
        .filter(|t| t.status.as_str() == "PAID" && t.auto_information.is_some())
        .map(|t| t.transaction_id.clone())
        .collect();
    assert!(expected.len() > 5);
    let first = app.transactions.list_transactions(&query(paid_auto.clone(), 0, 5)).await.unwrap();
    assert_eq!(first.count as usize, expected.len());
    let second = app.transactions.list_transactions(&query(paid_auto.clone(), 5, 100)).await.unwrap();
    let got: Vec<_> = first.items.iter().chain(&second.items).map(|t| t.transaction_id.clone()).collect();
    assert_eq!(got, expected, "same rows, newest first, paged without gaps or repeats");

    let eur = TransactionFilters { currencies: vec!["EUR".into()], ..Default::default() };
    let page = app.transactions.list_transactions(&query(eur, 0, 100)).await.unwrap();
    assert!(page.count > 0 && page.items.iter().all(|t| t.currency.as_str() == "EUR"));

    let today = chrono::Utc::now().date_naive();
    let recent = TransactionFilters {
        created_from: Some((today - chrono::Duration::days(7)).to_string()),
        ..Default::default()
    };
    let page = app.transactions.list_transactions(&query(recent, 0, 100)).await.unwrap();
    let cutoff = today - chrono::Duration::days(7);
    assert_eq!(page.count as usize, all.iter().filter(|t| t.created.unwrap().date_naive() >= cutoff).count());

    // Money paid in: what the overview's money in escrow opens (open deals with a payment).
    let paid_open = TransactionFilters {
        statuses: vec!["CREATED".into(), "INPROGRESS".into(), "PAID".into()],
        paid_in: Some("some".into()),
        ..Default::default()
    };
    let has_paid = |t: &&escrow_api::TransactionListItem| {
        t.payments.as_ref().and_then(|p| p.inbound.as_ref()).and_then(|i| i.amount).is_some_and(|a| !a.is_zero())
    };
    let want = all.iter().filter(|t| ["CREATED", "INPROGRESS", "PAID"].contains(&t.status.as_str())).filter(has_paid);
    let page = app.transactions.list_transactions(&query(paid_open, 0, 100)).await.unwrap();
    assert_eq!(page.count as usize, want.count());
    assert!(page.items.iter().all(|t| has_paid(&t)), "only deals with money paid in");
    let unpaid = TransactionFilters { paid_in: Some("none".into()), ..Default::default() };
    let page = app.transactions.list_transactions(&query(unpaid, 0, 100)).await.unwrap();
    assert_eq!(page.count as usize, all.len() - all.iter().filter(has_paid).count());

    let bad = TransactionFilters { kind: Some("Boat".into()), ..Default::default() };
    assert_eq!(
        app.transactions.list_transactions(&query(bad, 0, 10)).await.unwrap_err().code,
        escrow_desk::error::ErrorCode::Validation
    );
}
