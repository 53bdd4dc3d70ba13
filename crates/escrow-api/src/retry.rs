//! When to retry and how long to wait.
//!
//! Exponential backoff with full jitter (a random wait in `0..=min(cap, base·2ⁿ)`)
//! spreads retries from many clients; there is never a wait before the first attempt.
//! A `Retry-After` on a retryable answer replaces that wait, capped at the policy's
//! cap so a hostile or confused server cannot park the caller for hours.

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

    /// The longest single wait between attempts (default 4 s); also caps `Retry-After`.
    pub fn cap(&self) -> Duration {
        self.cap
    }

    /// The wait before attempt `attempt` (1-based): the server's `Retry-After` when the
    /// previous answer carried one, capped at [`RetryPolicy::cap`]; else the jittered
    /// backoff of [`RetryPolicy::delay_before`].
    pub fn wait_before(&self, attempt: u32, retry_after: Option<Duration>) -> Duration {
        match retry_after {
            Some(wait) if attempt > 1 => wait.min(self.cap),
            _ => self.delay_before(attempt),
        }
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

/// Reads a `Retry-After` value: delta-seconds (`120`) or an HTTP-date
/// (`Sun, 06 Nov 1994 08:49:37 GMT`, measured from `now`; a past date is zero).
/// Anything else is `None`, and the normal backoff applies.
pub fn parse_retry_after(value: &str, now: std::time::SystemTime) -> Option<Duration> {
    let value = value.trim();
    if !value.is_empty() && value.len() <= 19 && value.bytes().all(|b| b.is_ascii_digit()) {
        return value.parse::<u64>().ok().map(Duration::from_secs);
    }
    let date = chrono::DateTime::parse_from_rfc2822(value).ok()?;
    let now = chrono::DateTime::<chrono::Utc>::from(now);
    Some((date.with_timezone(&chrono::Utc) - now).to_std().unwrap_or(Duration::ZERO))
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

    #[test]
    fn retry_after_reads_seconds_and_dates_and_ignores_garbage() {
        use std::time::UNIX_EPOCH;
        let now = UNIX_EPOCH + Duration::from_secs(784_111_777); // Sun, 06 Nov 1994 08:49:37 GMT
        assert_eq!(parse_retry_after("120", now), Some(Duration::from_secs(120)));
        assert_eq!(parse_retry_after(" 0 ", now), Some(Duration::ZERO));
        assert_eq!(parse_retry_after("Sun, 06 Nov 1994 08:49:40 GMT", now), Some(Duration::from_secs(3)));
        assert_eq!(parse_retry_after("Sun, 06 Nov 1994 08:00:00 GMT", now), Some(Duration::ZERO), "past");
        for bad in ["", "-1", "1.5", "soon", "99999999999999999999999", "Sun, 32 Nov 1994 08:49:40 GMT"] {
            assert_eq!(parse_retry_after(bad, now), None, "{bad:?}");
        }
    }

    #[test]
    fn retry_after_replaces_the_backoff_up_to_the_cap() {
        let p = RetryPolicy::new(2, Duration::from_millis(100), Duration::from_secs(4));
        assert_eq!(p.wait_before(2, Some(Duration::from_secs(1))), Duration::from_secs(1));
        assert_eq!(p.wait_before(2, Some(Duration::from_secs(3600))), p.cap());
        assert_eq!(p.wait_before(1, Some(Duration::from_secs(1))), Duration::ZERO);
        assert!(p.wait_before(2, None) <= Duration::from_millis(100));
    }
}
