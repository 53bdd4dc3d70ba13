//! When to retry and how long to wait.
//!
//! Exponential backoff with full jitter (a random wait in `0..=min(cap, base·2ⁿ)`)
//! spreads retries from many clients; there is never a wait before the first attempt.

use std::time::Duration;

/// The spec's ceiling: at most 5 retries (6 requests).
pub const MAX_RETRIES: u32 = 5;

/// Retry settings. Every retry of an operation resends the same Idempotency-Key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryPolicy {
    retries: u32,
    base: Duration,
    cap: Duration,
}

impl Default for RetryPolicy {
    /// The spec's recommendation: 2 retries (3 requests in total).
    fn default() -> Self {
        Self { retries: 2, base: Duration::from_millis(250), cap: Duration::from_secs(4) }
    }
}

impl RetryPolicy {
    /// `retries` is clamped to [`MAX_RETRIES`].
    pub fn new(retries: u32, base: Duration, cap: Duration) -> Self {
        Self { retries: retries.min(MAX_RETRIES), base, cap: cap.max(base) }
    }

    /// No retries: one request only.
    pub fn none() -> Self {
        Self { retries: 0, ..Self::default() }
    }

    /// How many retries follow a failed first request (0 to 5).
    pub fn retries(&self) -> u32 {
        self.retries
    }

    /// The wait before attempt `attempt` (1-based). Zero for the first attempt.
    pub fn delay_before(&self, attempt: u32) -> Duration {
        if attempt <= 1 {
            return Duration::ZERO;
        }
        let exp = 2u32.saturating_pow(attempt - 2);
        let ceiling = self.base.saturating_mul(exp).min(self.cap);
        let millis = u64::try_from(ceiling.as_millis()).unwrap_or(u64::MAX);
        Duration::from_millis(fastrand::u64(0..=millis))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_attempt_has_no_delay_and_later_ones_are_capped() {
        let p = RetryPolicy::new(9, Duration::from_millis(100), Duration::from_millis(300));
        assert_eq!(p.retries(), MAX_RETRIES);
        assert_eq!(p.delay_before(1), Duration::ZERO);
        for attempt in 2..=6 {
            for _ in 0..200 {
                assert!(p.delay_before(attempt) <= Duration::from_millis(300));
            }
        }
        // Full jitter: attempt 2 waits somewhere in 0..=100 ms, not always the same.
        let waits: std::collections::HashSet<_> = (0..50).map(|_| p.delay_before(2)).collect();
        assert!(waits.len() > 1);
        assert!(waits.iter().all(|w| *w <= Duration::from_millis(100)));
    }
}
