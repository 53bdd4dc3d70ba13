//! What the load run's parts share: its size, the route classes, one client's log.

use std::time::{Duration, Instant};

/// How big and how long a run is; `from_env` reads `LOAD_CLIENTS` and `LOAD_SECS`.
#[derive(Debug, Clone)]
pub struct LoadConfig {
    pub clients: usize,
    pub duration: Duration,
    /// Synthetic transactions loaded before the run, so searches scan a realistic table.
    pub seed_rows: usize,
    /// Upper bound on requests per client, so a run is bounded in count as well as time.
    pub max_requests_per_client: usize,
}

impl LoadConfig {
    /// The defaults, overridden by `LOAD_CLIENTS` and `LOAD_SECS` when set.
    pub fn from_env(clients: usize, secs: u64) -> Self {
        let var = |name: &str| std::env::var(name).ok().and_then(|v| v.parse::<u64>().ok());
        LoadConfig {
            clients: var("LOAD_CLIENTS").map_or(clients, |v| v.max(1) as usize),
            duration: Duration::from_secs(var("LOAD_SECS").unwrap_or(secs)),
            seed_rows: 5_000,
            max_requests_per_client: 200_000,
        }
    }
}

/// The three route classes whose latency is reported separately.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    Search,
    Read,
    MoneyMove,
}

impl Class {
    pub(crate) const ALL: [Class; 3] = [Class::Search, Class::Read, Class::MoneyMove];

    pub fn name(self) -> &'static str {
        match self {
            Class::Search => "search (list + term)",
            Class::Read => "read (get transaction)",
            Class::MoneyMove => "money move (keyed POST)",
        }
    }
}

/// What one client saw: latencies per class, the keyed calls that got a 2xx, failures.
#[derive(Default)]
pub(crate) struct ClientLog {
    pub(crate) latencies: [Vec<Duration>; 3],
    /// (ledger kind, idempotency key) of every money move answered with a 2xx.
    pub(crate) acknowledged: Vec<(&'static str, String)>,
    pub(crate) server_errors: usize,
    /// Every other failure (4xx, timeouts, connection errors), with a sample message.
    pub(crate) other_errors: Vec<String>,
}

impl ClientLog {
    pub(crate) fn record<T>(&mut self, class: Class, started: Instant, result: &escrow_api::Result<T>) -> bool {
        self.latencies[class as usize].push(started.elapsed());
        match result {
            Ok(_) => true,
            Err(e) if e.status().is_some_and(|s| s >= 500) => {
                self.server_errors += 1;
                false
            }
            Err(e) => {
                self.other_errors.push(format!("{}: {e}", class.name()));
                false
            }
        }
    }
}
