//! The sandbox clock: real time plus an offset that `/_sandbox/clock/advance` moves,
//! so tests can age idempotency keys and onboarding results without waiting.

use chrono::{DateTime, Duration, SecondsFormat, Utc};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

#[derive(Clone, Default)]
pub struct Clock {
    offset_seconds: Arc<AtomicI64>,
}

impl Clock {
    pub fn now(&self) -> DateTime<Utc> {
        Utc::now() + Duration::seconds(self.offset_seconds.load(Ordering::Relaxed))
    }

    pub fn advance(&self, seconds: i64) {
        self.offset_seconds.fetch_add(seconds, Ordering::Relaxed);
    }
}

/// Timestamps on the wire and in the database: RFC 3339, UTC, milliseconds.
pub fn stamp(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Millis, true)
}
