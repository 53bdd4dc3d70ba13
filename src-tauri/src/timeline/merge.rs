//! Ordering: newest first; lines without a time last; at the same instant the record
//! before the audit log before webhooks, then the order each source gave.

use super::entry::TimelineEntry;

/// Merges the sources' lines into one timeline.
pub fn merge(sources: Vec<Vec<TimelineEntry>>) -> Vec<TimelineEntry> {
    let mut all: Vec<(usize, TimelineEntry)> = sources.into_iter().flatten().enumerate().collect();
    all.sort_by(|(ia, a), (ib, b)| {
        // `None` sorts before `Some` in `Option`'s order: reversed, undated lines come last.
        b.at.cmp(&a.at).then(a.source.cmp(&b.source)).then(ia.cmp(ib))
    });
    all.into_iter().map(|(_, e)| e).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::timeline::entry::{TimelineKind as K, TimelineSource as S, parse_time};

    fn at(s: &str) -> Option<chrono::DateTime<chrono::Utc>> {
        parse_time(s)
    }

    fn line(t: Option<&str>, source: S, event: &str) -> TimelineEntry {
        TimelineEntry::new(t.and_then(at), K::Other, source, event)
    }

    fn events(lines: &[TimelineEntry]) -> Vec<&str> {
        lines.iter().map(|l| l.event.as_str()).collect()
    }

    #[test]
    fn newest_first_across_sources() {
        let record = vec![
            line(Some("2026-03-01T10:00:00Z"), S::Record, "created"),
            line(Some("2026-03-01T12:00:00Z"), S::Record, "paid"),
        ];
        let audit = vec![line(Some("2026-03-01T13:00:00Z"), S::Audit, "payout")];
        let hooks = vec![line(Some("2026-03-01T12:00:01Z"), S::Webhook, "hook.paid")];
        assert_eq!(events(&merge(vec![record, audit, hooks])), ["payout", "hook.paid", "paid", "created"]);
    }

    #[test]
    fn offsets_are_compared_as_instants() {
        // 11:30 at +02:00 is 09:30 UTC: before 10:00 UTC.
        let a = vec![line(Some("2026-03-01T11:30:00+02:00"), S::Audit, "earlier")];
        let b = vec![line(Some("2026-03-01T10:00:00Z"), S::Record, "later")];
        assert_eq!(events(&merge(vec![a, b])), ["later", "earlier"]);
    }

    #[test]
    fn undated_lines_come_last_in_their_given_order() {
        let record = vec![
            line(None, S::Record, "bill-of-sale"),
            line(Some("2026-01-01T00:00:00Z"), S::Record, "created"),
            line(None, S::Record, "debt"),
        ];
        assert_eq!(events(&merge(vec![record])), ["created", "bill-of-sale", "debt"]);
    }

    #[test]
    fn same_instant_record_then_audit_then_webhook() {
        let t = Some("2026-02-02T08:00:00Z");
        let sources = vec![
            vec![line(t, S::Webhook, "hook")],
            vec![line(t, S::Audit, "staff")],
            vec![line(t, S::Record, "record-1"), line(t, S::Record, "record-2")],
        ];
        assert_eq!(events(&merge(sources)), ["record-1", "record-2", "staff", "hook"]);
    }

    #[test]
    fn empty_sources_make_an_empty_timeline() {
        assert!(merge(vec![vec![], vec![]]).is_empty());
    }
}
