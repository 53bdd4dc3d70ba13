//! Exporting 100,000 transactions from the in-process sandbox: plain sequential paging
//! against the concurrent export stream, in one run, side by side.
//!
//! Run: `cargo bench -p escrow-integration --bench export` (`BENCH_ROWS` overrides the 100,000).
//! Target: the stream (4 pages in flight) at least 1.7x faster than sequential paging.

use escrow_api::export::ExportOptions;
use escrow_api::{Client, ListTransactions};
use escrow_sandbox::{DEMO_KEY, DEMO_TENANT, SandboxConfig, Seed, TenantConfig};
use futures::StreamExt;
use std::time::{Duration, Instant};

async fn sequential(client: &Client) -> (Vec<String>, Duration) {
    let started = Instant::now();
    let mut ids = Vec::new();
    loop {
        let q = ListTransactions { skip: Some(ids.len() as u32), take: Some(100), ..Default::default() };
        let page = client.transactions().list(&q).await.expect("page");
        let n = page.items.len();
        ids.extend(page.items.into_iter().map(|t| t.transaction_id));
        if n < 100 {
            return (ids, started.elapsed());
        }
    }
}

async fn stream(client: &Client, concurrency: usize) -> (Vec<String>, Duration) {
    let started = Instant::now();
    let options = ExportOptions { concurrency, ..Default::default() };
    let ids = client
        .transactions()
        .export(&ListTransactions::default(), options, |_| {})
        .map(|row| row.expect("row").transaction_id)
        .collect::<Vec<_>>()
        .await;
    (ids, started.elapsed())
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let rows: usize = std::env::var("BENCH_ROWS").ok().and_then(|v| v.parse().ok()).unwrap_or(100_000);
    let dir = tempfile::tempdir().expect("tempdir");
    let loaded = escrow_sandbox::seed_bulk::load(dir.path(), DEMO_TENANT, rows).await.expect("bulk load");
    let sandbox = escrow_sandbox::start(SandboxConfig {
        listen: "127.0.0.1:0".into(),
        data_dir: dir.path().to_path_buf(),
        tenants: vec![TenantConfig::demo()],
        seed: Seed::None,
        dialect: Default::default(),
    })
    .await
    .expect("sandbox starts");
    let client = Client::builder(&sandbox.url, DEMO_KEY).build().expect("client");
    // Warm-up: connections, page cache.
    let _ = stream(&client, 4).await;

    // Interleaved rounds, best of each: the machine is shared, so a single run can land
    // on someone else's compile; the minimum is the run least disturbed.
    let rounds: usize = std::env::var("BENCH_ROUNDS").ok().and_then(|v| v.parse().ok()).unwrap_or(3);
    let (mut plain_time, mut concurrent_time) = (Duration::MAX, Duration::MAX);
    let mut plain = Vec::new();
    for _ in 0..rounds.max(1) {
        let (ids, time) = sequential(&client).await;
        assert_eq!(ids.len(), rows, "sequential paging read every row");
        plain_time = plain_time.min(time);
        plain = ids;
        let (ids, time) = stream(&client, 4).await;
        assert!(ids == plain, "the stream yields the same rows in the same order");
        concurrent_time = concurrent_time.min(time);
    }
    let mut others = Vec::new();
    for concurrency in [1, 2, 8] {
        let (ids, time) = stream(&client, concurrency).await;
        assert!(ids == plain);
        others.push((concurrency, time));
    }

    let secs = |d: Duration| d.as_secs_f64();
    println!();
    println!("Export of {rows} transactions over HTTP (loaded in {:.1} s), in-process sandbox", secs(loaded.elapsed));
    println!("best of {rounds} interleaved rounds for the first two; one run for the others");
    println!("{:<40} {:>9} {:>12} {:>9}", "method", "seconds", "rows/s", "speed-up");
    println!("{}", "-".repeat(73));
    let line = |name: String, d: Duration| {
        println!("{name:<40} {:>9.2} {:>12.0} {:>8.2}x", secs(d), rows as f64 / secs(d), secs(plain_time) / secs(d));
    };
    line("sequential paging (Take 100)".into(), plain_time);
    line("export stream, 4 in flight (default)".into(), concurrent_time);
    for (concurrency, time) in others {
        line(format!("export stream, {concurrency} in flight"), time);
    }
    let speedup = secs(plain_time) / secs(concurrent_time);
    println!();
    println!(
        "speed-up of the default stream: {speedup:.2}x (target >= 1.7x){}",
        if speedup >= 1.7 { "" } else { "  BELOW TARGET" }
    );
    sandbox.shutdown().await;
}
