//! What a run reports: throughput and percentiles per route class, and the ledger
//! compared with what the clients were answered.

use super::types::{Class, ClientLog, LoadConfig};
use serde_json::Value;
use std::collections::HashMap;
use std::time::Duration;

/// Latency and throughput of one class.
#[derive(Debug, Clone)]
pub struct ClassStats {
    pub class: Class,
    pub requests: usize,
    pub per_sec: f64,
    pub p50: Duration,
    pub p95: Duration,
    pub p99: Duration,
}

/// Everything a run measured and checked.
#[derive(Debug, Clone)]
pub struct LoadReport {
    pub config: LoadConfig,
    pub elapsed: Duration,
    pub classes: Vec<ClassStats>,
    pub acknowledged: usize,
    pub ledger_rows: usize,
    /// Idempotency keys that appear more than once in the ledger.
    pub duplicates: usize,
    /// Money moves answered with a 2xx that are not in the ledger exactly once.
    pub lost: usize,
    pub server_errors: usize,
    pub other_errors: Vec<String>,
}

impl LoadReport {
    /// The correctness failures; empty when the run is good. Speed is never one of them.
    pub fn failures(&self) -> Vec<String> {
        let mut f = Vec::new();
        if self.duplicates > 0 {
            f.push(format!("{} idempotency keys executed more than once", self.duplicates));
        }
        if self.lost > 0 {
            f.push(format!("{} acknowledged money moves not in the ledger exactly once", self.lost));
        }
        if self.server_errors > 0 {
            f.push(format!("{} 5xx answers", self.server_errors));
        }
        if !self.other_errors.is_empty() {
            let sample: Vec<_> = self.other_errors.iter().take(3).collect();
            f.push(format!("{} other failed calls, e.g. {sample:?}", self.other_errors.len()));
        }
        if self.acknowledged == 0 {
            f.push("no money move was acknowledged".into());
        }
        f
    }

    /// The table `route class | requests | req/s | p50 | p95 | p99` and the ledger check.
    pub fn table(&self) -> String {
        let ms = |d: Duration| format!("{:.2} ms", d.as_secs_f64() * 1000.0);
        let mut s = format!(
            "Load: {} clients for {:.1} s, in-process sandbox on loopback\n",
            self.config.clients,
            self.elapsed.as_secs_f64()
        );
        s += &format!(
            "{:<26} | {:>9} | {:>8} | {:>9} | {:>9} | {:>9}\n",
            "route class", "requests", "req/s", "p50", "p95", "p99"
        );
        s += &format!("{}\n", "-".repeat(86));
        for c in &self.classes {
            s += &format!(
                "{:<26} | {:>9} | {:>8.0} | {:>9} | {:>9} | {:>9}\n",
                c.class.name(),
                c.requests,
                c.per_sec,
                ms(c.p50),
                ms(c.p95),
                ms(c.p99)
            );
        }
        let total: usize = self.classes.iter().map(|c| c.requests).sum();
        s += &format!("{:<26} | {:>9} | {:>8.0} |\n", "all", total, total as f64 / self.elapsed.as_secs_f64());
        s += &format!(
            "ledger: {} acknowledged money moves, {} rows; {} duplicates, {} lost, {} 5xx, {} other errors\n",
            self.acknowledged,
            self.ledger_rows,
            self.duplicates,
            self.lost,
            self.server_errors,
            self.other_errors.len()
        );
        s
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// Latency per class, and the ledger against what the clients were told.
pub(super) fn check(config: LoadConfig, elapsed: Duration, logs: Vec<ClientLog>, rows: &[Value]) -> LoadReport {
    let mut by_key: HashMap<&str, Vec<&str>> = HashMap::new();
    for row in rows {
        if let Some(key) = row["idempotencyKey"].as_str() {
            by_key.entry(key).or_default().push(row["kind"].as_str().unwrap_or(""));
        }
    }
    let duplicates = by_key.values().filter(|kinds| kinds.len() > 1).count();
    let mut classes = Vec::new();
    for class in Class::ALL {
        let mut all: Vec<Duration> = logs.iter().flat_map(|l| l.latencies[class as usize].iter().copied()).collect();
        all.sort_unstable();
        classes.push(ClassStats {
            class,
            requests: all.len(),
            per_sec: all.len() as f64 / elapsed.as_secs_f64(),
            p50: percentile(&all, 50.0),
            p95: percentile(&all, 95.0),
            p99: percentile(&all, 99.0),
        });
    }
    let acknowledged: Vec<_> = logs.iter().flat_map(|l| l.acknowledged.iter()).collect();
    let lost = acknowledged
        .iter()
        .filter(|(kind, key)| by_key.get(key.as_str()).is_none_or(|kinds| kinds.as_slice() != [*kind]))
        .count();
    LoadReport {
        config,
        elapsed,
        classes,
        acknowledged: acknowledged.len(),
        ledger_rows: rows.len(),
        duplicates,
        lost,
        server_errors: logs.iter().map(|l| l.server_errors).sum(),
        other_errors: logs.into_iter().flat_map(|l| l.other_errors).collect(),
    }
}

/// The check itself must catch what it is there for: a run that is green only because
/// the comparison is blind would prove nothing.
#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn log(acked: &[(&'static str, &str)]) -> ClientLog {
        ClientLog { acknowledged: acked.iter().map(|(k, key)| (*k, key.to_string())).collect(), ..ClientLog::default() }
    }

    fn run(acked: &[(&'static str, &str)], rows: &[(&str, &str)]) -> LoadReport {
        let rows: Vec<Value> = rows.iter().map(|(k, key)| json!({ "kind": k, "idempotencyKey": key })).collect();
        let config = LoadConfig::from_env(1, 1);
        check(config, Duration::from_secs(1), vec![log(acked)], &rows)
    }

    #[test]
    fn counts_duplicates_and_lost_actions() {
        let good = run(&[("payout", "a"), ("reimburse", "b")], &[("payout", "a"), ("reimburse", "b")]);
        assert!(good.failures().is_empty(), "{:?}", good.failures());
        let twice = run(&[("payout", "a")], &[("payout", "a"), ("payout", "a")]);
        assert_eq!((twice.duplicates, twice.lost), (1, 1));
        let lost = run(&[("payout", "a"), ("reimburse", "b")], &[("payout", "a")]);
        assert_eq!((lost.duplicates, lost.lost), (0, 1));
        let wrong_kind = run(&[("payout", "a")], &[("cancel", "a")]);
        assert_eq!(wrong_kind.lost, 1);
        assert!(!wrong_kind.failures().is_empty());
    }
}
