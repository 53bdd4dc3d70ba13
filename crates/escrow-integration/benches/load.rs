//! The full load run: 32 clients for 60 s against the in-process sandbox on loopback,
//! mixing searches, reads and keyed money moves (see `escrow_integration::load`).
//!
//! Run: `cargo bench -p escrow-integration --bench load` (`LOAD_CLIENTS`, `LOAD_SECS`
//! override the 32 and the 60). Prints throughput and p50/p95/p99 per route class and the
//! ledger check; exits non-zero on any correctness failure (never on speed).

use escrow_integration::load::{LoadConfig, run};

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let report = match run(LoadConfig::from_env(32, 60)).await {
        Ok(report) => report,
        Err(e) => {
            eprintln!("FAILED: the load run could not run: {e}");
            std::process::exit(1);
        }
    };
    println!();
    print!("{}", report.table());
    let failures = report.failures();
    if failures.is_empty() {
        println!("correctness: OK (0 duplicates, 0 lost, 0 5xx)");
    } else {
        for f in &failures {
            eprintln!("FAILED: {f}");
        }
        std::process::exit(1);
    }
}
