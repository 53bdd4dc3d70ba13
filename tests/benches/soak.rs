//! Soak bench (`make bench`): the release app in its real window with auto-refresh on at
//! its fastest interval for 500 refresh cycles, paging and opening details between them;
//! prints the PSS of the app and its WebKit processes at the start and the end, and the
//! growth next to its target (< 10%). It measures, it does not assert; a cycle that does
//! not complete in time fails it (bounded, never a hang).
//!
//! The UI's auto-refresh interval is 30 s (500 cycles would take over four hours), so the
//! bench sets the override the UI reads for it (`escrow-desk.auto-refresh-ms`, not in the
//! UI) to [`INTERVAL_MS`]: the same timer, the same load, faster.

use escrow_desk_e2e::{AppWindow, capped_for, pss_kb, tree_pss_kb, tree_rss_kb};
use std::time::{Duration, Instant};

/// Refresh cycles measured (after the warm-up).
const CYCLES: u64 = 500;
/// Refresh cycles before the start figure, so it counts no first-use growth.
const WARM_UP: u64 = 20;
/// Every this many cycles the bench pages once and opens a detail.
const EVERY: u64 = 25;
/// The auto-refresh interval the bench sets (the UI's own is 30 s).
const INTERVAL_MS: u64 = 200;
/// Transactions in the built-in sandbox, for enough pages to walk.
const ROWS: usize = 2_000;
/// One refresh cycle, at most (the interval plus a load): over it, the bench fails.
const CYCLE_LIMIT: Duration = Duration::from_secs(15);

#[tokio::main]
async fn main() {
    capped_for("soak-bench", Duration::from_secs(1500), soak()).await;
}

/// Completed list loads so far (`data-list-loads` of the transactions page), or `None`
/// while the page is not shown.
async fn loads(c: &AppWindow) -> Option<u64> {
    let v = c.execute("return document.querySelector('.tx-page')?.dataset.listLoads ?? null;", vec![]).await;
    v.as_str().and_then(|s| s.parse().ok())
}

/// Waits until at least `n` loads have completed; answers the count.
async fn until_loads(c: &AppWindow, n: u64) -> u64 {
    c.until_for(&format!("list load {n}"), CYCLE_LIMIT, async || loads(c).await.filter(|&l| l >= n)).await
}

/// Clicks the first row, waits for its detail, and goes back to the list.
async fn open_detail(c: &AppWindow) {
    c.click("[data-testid='transaction-row']").await;
    c.find("[data-testid='transaction-detail']").await;
    c.click("[data-testid='back-button']").await;
    c.find(".tx-page").await;
}

/// Goes one page on (one back at the last) and waits for that page's load.
async fn page_on(c: &AppWindow, pages_walked: &mut u64) {
    let before = loads(c).await.unwrap_or(0);
    let at_end = c.execute("return !!document.querySelector(\"[data-testid='page-next']\")?.disabled;", vec![]).await;
    if at_end.as_bool() == Some(true) {
        c.click("[data-testid='page-prev']").await;
    } else {
        c.click("[data-testid='page-next']").await;
    }
    until_loads(c, before + 1).await;
    *pages_walked += 1;
}

fn mb(kb: u64) -> f64 {
    kb as f64 / 1024.0
}

async fn soak() {
    let data = tempfile::tempdir().unwrap();
    let load =
        escrow_sandbox::seed_bulk::load(&data.path().join("sandbox"), escrow_sandbox::DEMO_TENANT, ROWS).await.unwrap();
    println!("loaded {} transactions into the built-in sandbox", load.transactions);

    let c = AppWindow::open(data.path()).await;
    c.wait_ready().await;
    let pid = c.app_pids()[0];
    c.execute(&format!("localStorage.setItem('escrow-desk.auto-refresh-ms', '{INTERVAL_MS}');"), vec![]).await;
    let toggle = c.find("[data-testid='auto-refresh']").await;
    if toggle.prop("checked").await.as_deref() != Some("true") {
        toggle.click().await;
    }

    // Warm-up: each path once, then the start figure.
    let mut pages = 0;
    let base = loads(&c).await.unwrap_or(0);
    until_loads(&c, base + WARM_UP).await;
    page_on(&c, &mut pages).await;
    open_detail(&c).await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    let (start_pss, start_rss) = (tree_pss_kb(pid), tree_rss_kb(pid));

    let t0 = Instant::now();
    let mut done = 0;
    let (mut details, mut pages_in_run) = (0, 0);
    let mut slowest = Duration::ZERO;
    while done < CYCLES {
        let before = loads(&c).await.unwrap_or(0);
        let started = Instant::now();
        until_loads(&c, before + 1).await;
        slowest = slowest.max(started.elapsed());
        done += 1;
        if done % EVERY == 0 {
            page_on(&c, &mut pages_in_run).await;
            open_detail(&c).await;
            details += 1;
        }
        if done % 100 == 0 {
            println!("  {done} cycles, {:.0} s, PSS {:.0} MB", t0.elapsed().as_secs_f64(), mb(tree_pss_kb(pid)));
        }
    }
    let elapsed = t0.elapsed();
    tokio::time::sleep(Duration::from_secs(3)).await;
    let (end_pss, end_rss) = (tree_pss_kb(pid), tree_rss_kb(pid));
    for p in std::iter::once(pid).chain(escrow_desk_e2e::descendants(pid)) {
        let name = std::fs::read_to_string(format!("/proc/{p}/comm")).unwrap_or_default();
        println!("  end PSS {:>6.0} MB  {}", mb(pss_kb(p)), name.trim());
    }
    c.close().await;

    let growth = (end_pss as f64 - start_pss as f64) / start_pss.max(1) as f64 * 100.0;
    println!();
    println!(
        "{CYCLES} auto-refresh cycles every {INTERVAL_MS} ms (after {WARM_UP} warm-up), {pages_in_run} pages, \
         {details} details opened, in {:.0} s (slowest cycle {} ms; at the UI's 30 s interval: {:.1} h)",
        elapsed.as_secs_f64(),
        slowest.as_millis(),
        CYCLES as f64 * 30.0 / 3600.0
    );
    println!("{:<58} {:>12} {:>12}", "figure", "measured", "target");
    println!("{:<58} {:>9.0} MB {:>12}", "memory (PSS), app + WebKit, soak start", mb(start_pss), "");
    println!("{:<58} {:>9.0} MB {:>12}", "memory (PSS), app + WebKit, soak end", mb(end_pss), "");
    println!("{:<58} {:>10.1} % {:>10} %", "PSS growth over the soak", growth, "< 10");
    println!("{:<58} {:>9.0} MB {:>12}", "  (RSS summed per process, start)", mb(start_rss), "");
    println!("{:<58} {:>9.0} MB {:>12}", "  (RSS summed per process, end)", mb(end_rss), "");
}
