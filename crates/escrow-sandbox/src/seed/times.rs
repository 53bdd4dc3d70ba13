//! Seeded times: every one lies before the sandbox clock's "now" (a payment authorized or
//! a payout paid in the future reads as a bug on every screen that shows it).

use chrono::{DateTime, Duration, Utc};

/// `after` past `from`, or, when that is not before `now`, halfway from `from` to `now`: a
/// step of a seeded deal's story, kept in the past and after the step before it.
pub fn before_now(from: DateTime<Utc>, after: Duration, now: DateTime<Utc>) -> DateTime<Utc> {
    let at = from + after;
    if at < now { at } else { from + (now - from) / 2 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_stays_after_its_start_and_before_now() {
        let now = DateTime::parse_from_rfc3339("2026-11-27T10:00:00Z").unwrap().with_timezone(&Utc);
        let from = now - Duration::minutes(40);
        assert_eq!(before_now(from, Duration::minutes(15), now), from + Duration::minutes(15));
        let late = before_now(from, Duration::minutes(300), now);
        assert_eq!(late, now - Duration::minutes(20));
        assert!(late > from && late < now);
    }
}
