//! Twenty desks on one team store on this machine (no windows): the race for one money move
//! run 1,000 times, an approver's decisions, taking and snoozing queue items, and how soon
//! every other desk hears a change.
//!
//! Run inside a throwaway cluster: `scripts/with-postgres.sh cargo bench -p desk-team --bench
//! team` (`make bench` does; `BENCH_ROUNDS` overrides the 1,000 races). Targets: recording
//! an intent, approving one, taking and snoozing an item p95 under 50 ms; a change heard by every other desk p95 under
//! 1 s; no round with more than one intent admitted.

#[path = "../tests/common/mod.rs"]
mod common;

use desk_core::error::ErrorCode;
use desk_journal::{JournalStore, NewIntent};
use desk_team::Group;
use desk_team::approvals::{self, Rule};
use desk_team::listen::Listener;
use desk_team::queue::{self, Item};
use std::sync::Arc;
use std::time::{Duration, Instant};

const DESKS: usize = 20;

fn p95(mut samples: Vec<Duration>) -> f64 {
    samples.sort();
    let i = (samples.len() * 95).div_ceil(100).saturating_sub(1);
    samples.get(i).map_or(0.0, |d| d.as_secs_f64() * 1000.0)
}

fn intent<'a>(id: &'a str, key: &'a str, environment_id: &'a str, target: &'a str) -> NewIntent<'a> {
    NewIntent {
        id,
        environment_id,
        kind: "reimburse",
        target,
        amount: Some("500.00"),
        moves_money: true,
        at_stake: Some(("500.00", "DKK")),
        read_at: None,
        idempotency_key: key,
        request: r#"{"kind":"reimburse","amount":"500.00"}"#,
        batch_id: None,
        detail: None,
    }
}

#[tokio::main(flavor = "multi_thread", worker_threads = 4)]
async fn main() {
    let rounds: usize = std::env::var("BENCH_ROUNDS").ok().and_then(|v| v.parse().ok()).unwrap_or(1000);
    let team = common::Team::new().await;
    let mut desks = Vec::new();
    let mut configs = Vec::new();
    for n in 0..DESKS {
        let (_, config) = team.staff(&format!("desk{n}"), Group::Operator).await;
        desks.push(Arc::new(team.journal(&config).await));
        configs.push(config);
    }

    // The race: every desk records the same move at once; the store admits one.
    let mut record = Vec::new();
    let mut doubles = 0usize;
    let mut none = 0usize;
    let started = Instant::now();
    for round in 0..rounds {
        let target = format!("deal-{round}");
        let start = Arc::new(tokio::sync::Barrier::new(DESKS));
        let tasks: Vec<_> = desks
            .iter()
            .map(|desk| {
                let (desk, start, target) = (desk.clone(), start.clone(), target.clone());
                tokio::spawn(async move {
                    let (id, key) = (uuid::Uuid::new_v4().to_string(), uuid::Uuid::new_v4().to_string());
                    start.wait().await;
                    let t = Instant::now();
                    let result = desk.insert_intent(intent(&id, &key, "production", &target)).await;
                    (t.elapsed(), result)
                })
            })
            .collect();
        let mut admitted = 0usize;
        for task in tasks {
            let (took, result) = task.await.expect("a desk's task");
            record.push(took);
            match result {
                Ok(_) => admitted += 1,
                Err(e) if e.code == ErrorCode::InProgress => {}
                Err(e) => panic!("round {round}: {e:?}"),
            }
        }
        doubles += admitted.saturating_sub(1);
        none += usize::from(admitted == 0);
    }
    let races = started.elapsed();

    // Decisions: an approver approves what desk 0 asked for, one after another.
    let (_, admin) = team.staff("adam", Group::Admin).await;
    let rule = Rule {
        environment_id: "four-eyes".into(),
        kind: "reimburse".into(),
        currency: "DKK".into(),
        from_amount: "0".into(),
        valid_hours: 24,
    };
    approvals::set_rule(&team.connection(&admin).await, &rule).await.expect("the rule");
    let (_, approver) = team.staff("bo", Group::Approver).await;
    let approver = team.connection(&approver).await;
    let mut approve = Vec::new();
    for n in 0..200 {
        let (id, key) = (uuid::Uuid::new_v4().to_string(), uuid::Uuid::new_v4().to_string());
        let target = format!("approve-{n}");
        desks[0].insert_intent(intent(&id, &key, "four-eyes", &target)).await.expect("an intent");
        let t = Instant::now();
        approvals::approve(&approver, &id, Some("consequence"), None).await.expect("an approval");
        approve.push(t.elapsed());
    }

    // Changes heard: desk 0 records, every other desk's listener hears it.
    let mut listeners = Vec::new();
    for config in &configs[1..] {
        listeners.push(Listener::start(config).await.expect("a listener"));
    }
    let mut heard = Vec::new();
    for n in 0..100 {
        let (id, key) = (uuid::Uuid::new_v4().to_string(), uuid::Uuid::new_v4().to_string());
        let target = format!("heard-{n}");
        let t = Instant::now();
        desks[0].insert_intent(intent(&id, &key, "production", &target)).await.expect("an intent");
        for listener in &mut listeners {
            loop {
                let change = tokio::time::timeout(Duration::from_secs(5), listener.next())
                    .await
                    .expect("heard within 5 s")
                    .expect("the listener's connection");
                if change.id == id {
                    heard.push(t.elapsed());
                    break;
                }
            }
        }
    }

    // The queue: every desk takes an item of its own and snoozes it, all at once, 50 times.
    let mut conns = Vec::new();
    for config in &configs {
        conns.push(Arc::new(team.connection(config).await));
    }
    let (mut take, mut snooze) = (Vec::new(), Vec::new());
    for round in 0..50 {
        let start = Arc::new(tokio::sync::Barrier::new(DESKS));
        let tasks: Vec<_> = conns
            .iter()
            .enumerate()
            .map(|(n, conn)| {
                let (conn, start) = (conn.clone(), start.clone());
                tokio::spawn(async move {
                    let deal = format!("queue-{round}-{n}");
                    let item = Item { environment_id: "production", transaction_id: &deal, reason: "unpaid_too_long" };
                    start.wait().await;
                    let t = Instant::now();
                    queue::take(&conn, item).await.expect("take");
                    let took = t.elapsed();
                    let t = Instant::now();
                    queue::snooze(&conn, item, 24).await.expect("snooze");
                    (took, t.elapsed())
                })
            })
            .collect();
        for task in tasks {
            let (t, s) = task.await.expect("a desk's task");
            take.push(t);
            snooze.push(s);
        }
    }

    let recorded = record.len();
    println!("team store: {DESKS} desks, {rounds} races in {:.1} s", races.as_secs_f64());
    println!("  record an intent, {DESKS} desks racing: p95 {:.1} ms ({recorded} calls; target < 50 ms)", p95(record));
    println!("  approve: p95 {:.1} ms (200 decisions; target < 50 ms)", p95(approve));
    println!("  take an item, {DESKS} desks at once: p95 {:.1} ms (target < 50 ms)", p95(take));
    println!("  snooze it: p95 {:.1} ms (target < 50 ms)", p95(snooze));
    let listened = heard.len();
    println!(
        "  a change heard by every other desk: p95 {:.1} ms ({listened} receipts by {} desks; target < 1000 ms)",
        p95(heard),
        DESKS - 1
    );
    println!("  double sends in {rounds} races: {doubles} (target 0); races no desk won: {none} (target 0)");
    assert_eq!((doubles, none), (0, 0), "the store admitted other than one intent per race");
}
