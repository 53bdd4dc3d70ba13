//! The mirror's queries at 100,000 rows without the window (`make bench`): the overview, the
//! attention queue, each timed on the mirror the way the commands compute them (no IPC, no
//! window: the e2e mirror bench adds those).
//! Prints each figure next to its target; it measures, it does not assert.
//! `ESCROW_BENCH_MIRROR_ROWS` sets another size.

use chrono::{Duration, Utc};
use escrow_desk::appdb::AppDb;
use escrow_desk::mirror::row::MirrorRow;
use escrow_desk::mirror::rules::{Rule, Thresholds};
use escrow_desk::mirror::{attention, overview, store};
use serde_json::json;
use std::time::Instant;

fn rows() -> usize {
    std::env::var("ESCROW_BENCH_MIRROR_ROWS").ok().and_then(|v| v.parse().ok()).unwrap_or(100_000)
}

/// A varied row: every status, Auto and marketplace deals, some overfunded, one every five
/// minutes back from now (the spread of the sandbox's bulk data).
fn row(n: usize, now: chrono::DateTime<Utc>) -> MirrorRow {
    let status = ["CREATED", "PAID", "SUCCEEDED", "CANCELLED", "INPROGRESS", "PAID", "CREATED"][n % 7];
    let created = now - Duration::minutes(5 * n as i64);
    let auto = n.is_multiple_of(2);
    let amount = 1_000 + (n * 37) % 400_000;
    let paid = if status == "PAID" || status == "SUCCEEDED" { amount + n.is_multiple_of(11) as usize * 100 } else { 0 };
    let mut item = json!({
        "transactionId": format!("tx-{n:08}"), "status": status, "currency": if n.is_multiple_of(9) { "EUR" } else { "DKK" },
        "amount": format!("{amount}.00"), "fees": {"payer": "0"}, "created": created.to_rfc3339(),
        "expectedCompletion": (created + Duration::days(14)).to_rfc3339(),
        "title": format!("Deal {n}"), "referenceId": format!("REF-{n}"),
        "payee": {"name": format!("Payee {}", n % 300)}, "payer": {"name": format!("Payer {}", n % 5000)},
        "payments": {"inbound": {"amount": format!("{paid}.00")}}
    });
    if auto {
        item["autoInformation"] = json!({"registrationNumber": format!("EV{:05}", n % 99_999), "vin": "WVW000",
            "billOfSale": if n.is_multiple_of(4) { json!({"enabled": true, "signed": false}) } else { json!(null) }});
    }
    let t: escrow_api::TransactionListItem = serde_json::from_value(item).expect("a valid list item");
    MirrorRow::from_item(&t).expect("a row")
}

fn time<T>(n: usize, mut f: impl FnMut() -> T) -> (f64, T) {
    let mut ts = Vec::with_capacity(n);
    let mut last = None;
    for _ in 0..n {
        let t = Instant::now();
        last = Some(f());
        ts.push(t.elapsed().as_secs_f64() * 1000.0);
    }
    ts.sort_by(f64::total_cmp);
    (ts[ts.len() / 2], last.expect("n > 0"))
}

fn main() {
    let n = rows();
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = AppDb::open(dir.path()).expect("the app database");
    let mut conn = db.second_connection().expect("a connection");
    let now = Utc::now();
    let stamp = now.to_rfc3339();
    let t = Instant::now();
    let pass = store::begin_pass(&conn, "env").expect("a pass");
    let all: Vec<MirrorRow> = (0..n).map(|i| row(i, now)).collect();
    for chunk in all.chunks(500) {
        store::upsert(&mut conn, "env", pass, chunk, &stamp).expect("upsert");
    }
    store::finish_full(&mut conn, "env", pass, &stamp).expect("finish");
    println!("mirrored {n} rows in {:.1} s", t.elapsed().as_secs_f64());

    let th = Thresholds::default();
    let (queue_ms, queue) = time(10, || attention::queue(&conn, "env", now, &th, None).expect("the queue"));
    let (one_rule_ms, _) =
        time(10, || attention::queue(&conn, "env", now, &th, Some(Rule::Overfunded)).expect("one rule"));
    let today = now.date_naive();
    let parts: [(&str, f64); 5] = [
        (
            "escrow sums and status counts",
            time(10, || {
                let lines = overview::status_lines(&conn, "env").expect("status lines");
                (overview::escrow(&lines), overview::counts(&lines))
            })
            .0,
        ),
        ("30 days", time(10, || overview::days(&conn, "env", today).expect("days")).0),
        ("ageing of unpaid deals", time(10, || overview::ageing(&conn, "env", today).expect("ageing")).0),
        ("top payees", time(10, || overview::top_payees(&conn, "env").expect("payees")).0),
        ("inexact rows", time(10, || overview::inexact(&conn, "env").expect("inexact")).0),
    ];
    println!(
        "queue: {} items, {} per rule",
        queue.total,
        queue.counts.iter().map(|c| format!("{}={}", c.rule.as_str(), c.count)).collect::<Vec<_>>().join(" ")
    );
    println!();
    println!("{:<56} {:>12} {:>12}", format!("figure (mirror of {n} rows, median of 10)"), "measured", "target");
    println!("{:<56} {:>9.1} ms {:>9} ms", "attention queue (all rules)", queue_ms, 150);
    println!("{:<56} {:>9.1} ms {:>12}", "  (one rule)", one_rule_ms, "");
    let overview_ms: f64 = parts.iter().map(|(_, ms)| ms).sum();
    println!("{:<56} {:>9.1} ms {:>9} ms", "overview (its parts summed)", overview_ms, 150);
    for (name, ms) in parts {
        println!("{:<56} {:>9.1} ms {:>12}", format!("  ({name})"), ms, "");
    }
}
