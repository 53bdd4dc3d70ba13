//! A short load run in `make test` (8 clients for 5 s; `LOAD_CLIENTS` and `LOAD_SECS`
//! override): the same correctness checks as the full bench, so a race that duplicates or
//! loses a money move, or a 5xx under concurrency, fails the suite. Speed is only printed.

use escrow_integration::load::{LoadConfig, run};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_clients_lose_nothing_and_duplicate_nothing() {
    let mut config = LoadConfig::from_env(8, 5);
    config.seed_rows = 1_000;
    let report = run(config).await.unwrap_or_else(|e| panic!("the load run could not run: {e}"));
    println!("{}", report.table());
    let failures = report.failures();
    assert!(failures.is_empty(), "load run failed: {failures:#?}");
}
