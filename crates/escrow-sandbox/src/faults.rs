//! Fault rules as sent to `PUT /_sandbox/faults`, kept in memory (reset on restart) in
//! [`crate::state::AppState`]. The middleware that applies them reads the state, so it
//! sits above it, in [`crate::layers::faults`].

use serde::{Deserialize, Serialize};
use std::sync::Mutex;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
#[schemars(rename = "SandboxFaultKind")]
pub enum Kind {
    Status,
    Drop,
    Delay,
    /// Interrupt the handler's database write after `afterSteps` SQLite VM steps:
    /// a failure at an arbitrary point inside the handler.
    Interrupt,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
#[schemars(rename = "SandboxFaultPhase")]
pub enum Phase {
    Before,
    After,
}

/// One rule, as sent to `PUT /_sandbox/faults`.
#[derive(Debug, Clone, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
#[schemars(rename = "SandboxFaultRule")]
pub struct Rule {
    /// HTTP method to match (any when absent).
    pub method: Option<String>,
    /// Path prefix to match, e.g. `/v2/transactions` (any when absent).
    pub path_prefix: Option<String>,
    pub kind: Kind,
    /// For `status`: the status to answer (default 503).
    pub status: Option<u16>,
    /// For `delay`: how long (default 1000 ms).
    pub delay_ms: Option<u64>,
    /// Share of matching requests affected, 0 to 1 (default 1).
    pub rate: Option<f64>,
    /// How many times at most (unlimited when absent); counts down.
    pub count: Option<u64>,
    /// Default: `before` for status, `after` for drop and delay.
    pub phase: Option<Phase>,
    /// For `interrupt`: after how many SQLite VM steps (default 1).
    pub after_steps: Option<i32>,
}

impl Rule {
    pub(crate) fn phase(&self) -> Phase {
        self.phase.unwrap_or(if self.kind == Kind::Status { Phase::Before } else { Phase::After })
    }
    fn matches(&self, method: &str, path: &str) -> bool {
        self.method.as_deref().is_none_or(|m| m.eq_ignore_ascii_case(method))
            && self.path_prefix.as_deref().is_none_or(|p| path.starts_with(p))
    }
}

#[derive(Default)]
pub struct Faults {
    rules: Mutex<Vec<Rule>>,
}

impl Faults {
    pub fn set(&self, rules: Vec<Rule>) {
        if let Ok(mut r) = self.rules.lock() {
            *r = rules;
        }
    }

    pub fn list(&self) -> Vec<Rule> {
        self.rules.lock().map(|r| r.clone()).unwrap_or_default()
    }

    /// The rule that fires for this request, if any (counting it down).
    pub(crate) fn pick(&self, method: &str, path: &str) -> Option<Rule> {
        let mut rules = self.rules.lock().ok()?;
        for rule in rules.iter_mut() {
            if !rule.matches(method, path) || rule.count == Some(0) {
                continue;
            }
            if fastrand::f64() >= rule.rate.unwrap_or(1.0) {
                continue;
            }
            if let Some(c) = rule.count.as_mut() {
                *c -= 1;
            }
            return Some(rule.clone());
        }
        None
    }
}
