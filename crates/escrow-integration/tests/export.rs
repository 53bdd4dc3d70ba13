//! The export stream against the real sandbox over HTTP: complete, ordered, without
//! duplicates, also while transactions are created and deleted underneath it.

mod common;

use common::{ACME_KEY, Sandbox};
use escrow_api::CreateTransaction;
use escrow_api::export::{ExportOptions, ExportProgress};
use escrow_api::{CallOptions, Client, ErrorKind, ListTransactions, TransactionType};
use escrow_sandbox::DEMO_KEY;
use futures::StreamExt;
use rust_decimal::Decimal;
use std::collections::HashSet;
use std::sync::{Arc, Mutex};

/// The list read page by page while nothing changes: the reference answer.
async fn sequential(client: &Client, query: &ListTransactions) -> Vec<String> {
    let mut ids = Vec::new();
    loop {
        let q = ListTransactions { skip: Some(ids.len() as u32), take: Some(100), ..query.clone() };
        let page = client.transactions().list(&q).await.unwrap();
        let n = page.items.len();
        ids.extend(page.items.into_iter().map(|t| t.transaction_id));
        if n < 100 {
            return ids;
        }
    }
}

fn assert_unique(ids: &[String]) {
    let set: HashSet<_> = ids.iter().collect();
    assert_eq!(set.len(), ids.len(), "no duplicates");
}

type Log = Arc<Mutex<Vec<ExportProgress>>>;

fn recorder() -> (Log, impl FnMut(ExportProgress) + Send + 'static) {
    let log: Log = Arc::default();
    let sink = log.clone();
    (log, move |p| sink.lock().unwrap().push(p))
}

struct Parties {
    payee: String,
    payer: String,
}

async fn parties(sb: &Sandbox, key: &str) -> Parties {
    Parties {
        payee: sb.user(key, "export-seller", "Line Holm").await,
        payer: sb.user(key, "export-buyer", "Ole Dam").await,
    }
}

async fn create(client: &Client, p: &Parties, title: &str) -> String {
    let mut req = CreateTransaction::new(Decimal::new(25_000, 2));
    req.title = Some(title.into());
    req.payee_id = Some(p.payee.clone());
    req.payer_id = Some(p.payer.clone());
    client
        .transactions()
        .create(TransactionType::Marketplace, &req, &CallOptions::default())
        .await
        .unwrap()
        .value
        .transaction_id
}

#[tokio::test]
async fn exports_all_demo_rows_in_order_without_duplicates() {
    let sb = common::start().await;
    let client = sb.client(DEMO_KEY);
    let expected = sequential(&client, &ListTransactions::default()).await;
    assert_eq!(expected.len(), 200);
    for concurrency in [1, 4, 16] {
        let (log, progress) = recorder();
        let options = ExportOptions { concurrency, ..Default::default() };
        let rows: Vec<_> =
            client.transactions().export(&ListTransactions::default(), options, progress).collect().await;
        let ids: Vec<String> = rows.into_iter().map(|r| r.unwrap().transaction_id).collect();
        assert_unique(&ids);
        assert!(ids == expected, "concurrency {concurrency}: every row, in the list's order");
        let log = log.lock().unwrap();
        assert_eq!(log.last(), Some(&ExportProgress { fetched: 200, total: 200 }));
    }
    // Skip and Take of the query are ignored; Search filters.
    let tesla = ListTransactions { search: Some("deal-".into()), skip: Some(3), take: Some(1), ..Default::default() };
    let expected = sequential(&client, &ListTransactions { skip: None, take: None, ..tesla.clone() }).await;
    assert!(expected.len() > 3);
    let ids: Vec<String> = client
        .transactions()
        .export(&tesla, ExportOptions::default(), |_| {})
        .map(|r| r.unwrap().transaction_id)
        .collect()
        .await;
    assert_eq!(ids, expected);
}

#[tokio::test]
async fn progress_is_monotonic_and_ends_at_the_total() {
    let sb = common::start().await;
    let client = sb.client(DEMO_KEY);
    let (log, progress) = recorder();
    let mut stream =
        Box::pin(client.transactions().export(&ListTransactions::default(), ExportOptions::default(), progress));
    let mut yielded = 0_u64;
    while let Some(row) = stream.next().await {
        row.unwrap();
        yielded += 1;
        let log = log.lock().unwrap();
        let last = log.last().copied().unwrap();
        assert!(last.fetched >= yielded, "progress is reported before the page's rows are handed out");
    }
    let log = log.lock().unwrap().clone();
    assert!(log.len() >= 3, "one report per page: {log:?}");
    assert!(log.windows(2).all(|w| w[0].fetched <= w[1].fetched), "fetched never decreases: {log:?}");
    assert!(log.iter().all(|p| p.total == 200 && p.fetched <= p.total), "{log:?}");
    assert_eq!(log.last(), Some(&ExportProgress { fetched: 200, total: 200 }));

    // An empty tenant: one report, 0 of 0.
    let (log, progress) = recorder();
    let rows: Vec<_> = sb
        .client(ACME_KEY)
        .transactions()
        .export(&ListTransactions::default(), ExportOptions::default(), progress)
        .collect()
        .await;
    assert!(rows.is_empty());
    assert_eq!(*log.lock().unwrap(), [ExportProgress { fetched: 0, total: 0 }]);
}

#[tokio::test]
async fn rows_created_and_deleted_between_pages_neither_duplicate_nor_go_missing() {
    let sb = common::start().await;
    // Tenant acme starts empty; its own rows have no payments, so any can be deleted.
    let client = sb.client(ACME_KEY);
    let p = parties(&sb, ACME_KEY).await;
    for i in 0..230 {
        create(&client, &p, &format!("Handel {i}")).await;
    }
    let original = sequential(&client, &ListTransactions::default()).await;
    assert_eq!(original.len(), 230);

    let (log, progress) = recorder();
    let options = ExportOptions { concurrency: 4, ..Default::default() };
    let mut stream = Box::pin(client.transactions().export(&ListTransactions::default(), options, progress));
    let mut ids = Vec::new();
    // The first page is handed out before the next ones are requested.
    for _ in 0..100 {
        ids.push(stream.next().await.unwrap().unwrap().transaction_id);
    }
    assert_eq!(ids[..], original[..100]);
    // 150 new on top (more than a page), and deletions on both sides of the boundary.
    let mut created = HashSet::new();
    for i in 0..150 {
        created.insert(create(&client, &p, &format!("Ny under eksport {i}")).await);
    }
    let deleted = [&original[5], &original[99], &original[100], &original[150], &original[229]];
    for id in deleted {
        client.transactions().delete(id).await.unwrap();
    }
    while let Some(row) = stream.next().await {
        ids.push(row.unwrap().transaction_id);
    }
    assert_unique(&ids);
    assert!(ids.iter().all(|id| !created.contains(id)), "rows created during the export are not in it");
    // Rows 5 and 99 were exported before they were deleted; the others were not yet.
    let expected: Vec<&String> = original.iter().filter(|id| !deleted[2..].contains(id)).collect();
    let got: Vec<&String> = ids.iter().collect();
    assert!(got == expected, "the snapshot as of the start, minus rows deleted before their page was read");
    let log = log.lock().unwrap();
    assert!(log.windows(2).all(|w| w[0].fetched <= w[1].fetched));
    assert_eq!(log.last(), Some(&ExportProgress { fetched: 227, total: 227 }), "total lowered to what was exported");
    assert!(log[..log.len() - 1].iter().all(|p| p.total == 230));
}

#[tokio::test]
async fn transactions_created_concurrently_do_not_disturb_the_export() {
    let sb = common::start().await;
    let client = sb.client(DEMO_KEY);
    let p = parties(&sb, DEMO_KEY).await;
    let original = sequential(&client, &ListTransactions::default()).await;

    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    // The writer starts once the export has its first page: a create that reached the
    // service before the export's first request would rightly be part of the export.
    let started = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let writer = {
        let (client, stop, started) = (client.clone(), stop.clone(), started.clone());
        tokio::spawn(async move {
            let mut made = HashSet::new();
            while !started.load(std::sync::atomic::Ordering::Relaxed) {
                tokio::time::sleep(std::time::Duration::from_millis(2)).await;
            }
            for i in 0..400 {
                if stop.load(std::sync::atomic::Ordering::Relaxed) {
                    break;
                }
                made.insert(create(&client, &p, &format!("Samtidig {i}")).await);
            }
            made
        })
    };
    let (log, progress) = recorder();
    let options = ExportOptions { concurrency: 2, ..Default::default() };
    let mut stream = Box::pin(client.transactions().export(&ListTransactions::default(), options, progress));
    let mut ids = Vec::new();
    while let Some(row) = stream.next().await {
        ids.push(row.unwrap().transaction_id);
        started.store(true, std::sync::atomic::Ordering::Relaxed);
        if ids.len() % 25 == 0 {
            // Slow reader: let the writer get ahead between pages.
            tokio::time::sleep(std::time::Duration::from_millis(30)).await;
        }
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let made = writer.await.unwrap();
    assert!(made.len() >= 10, "transactions were created during the export ({})", made.len());
    assert_unique(&ids);
    assert!(ids == original, "exactly the rows that existed when the export started, in order");
    assert_eq!(log.lock().unwrap().last(), Some(&ExportProgress { fetched: 200, total: 200 }));
}

#[tokio::test]
async fn errors_are_stream_items_and_end_the_stream() {
    let sb = common::start().await;
    // Refused key: one Err, then the end.
    let rows: Vec<_> = sb
        .client("wrong-key")
        .transactions()
        .export(&ListTransactions::default(), ExportOptions::default(), |_| {})
        .collect()
        .await;
    assert_eq!(rows.len(), 1);
    assert!(matches!(rows[0].as_ref().unwrap_err().kind, ErrorKind::Unauthorized(_)));

    // The service goes away after the first page: the rows so far, then one Err.
    let client = sb.client(DEMO_KEY);
    let mut stream =
        Box::pin(client.transactions().export(&ListTransactions::default(), ExportOptions::default(), |_| {}));
    for _ in 0..100 {
        stream.next().await.unwrap().unwrap();
    }
    let running = sb.running;
    running.shutdown().await;
    let rest: Vec<_> = stream.collect().await;
    assert_eq!(rest.len(), 1, "{rest:?}");
    let err = rest[0].as_ref().unwrap_err();
    assert!(matches!(err.kind, ErrorKind::Connect(_) | ErrorKind::Network(_) | ErrorKind::Timeout), "{err:?}");
}
