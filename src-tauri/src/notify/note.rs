//! When a notification is due and what it says: pure rules, tested without a desktop. The
//! text is counts and deal titles only; every text is also scrubbed of any secret the app
//! knows (API keys), so none can reach the notification server.

use crate::bulk::model::{BatchStatus, BulkKind, RowState};
use crate::mirror::changes::needs_action;
use crate::mirror::views::Change;
use crate::transactions::export::ExportState;
use std::time::Duration;

/// An export shorter than this ends before anyone looks away: no notification.
pub const LONG_EXPORT: Duration = Duration::from_secs(3);

/// At most this many deal titles are named in one notification.
const TITLES: usize = 3;

/// One notification's title and body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    pub title: String,
    pub body: String,
}

impl Note {
    fn new(title: impl Into<String>, body: impl Into<String>) -> Self {
        let scrub = |s: String| crate::support::redact::scrub(&s);
        Self { title: scrub(title.into()), body: scrub(body.into()) }
    }
}

fn rows(n: u64) -> String {
    if n == 1 { "1 row".into() } else { format!("{n} rows") }
}

/// A CSV export that took at least [`LONG_EXPORT`] and ended (done or failed; one the user
/// cancelled needs no word).
pub fn export_finished(elapsed: Duration, state: ExportState, written: u64) -> Option<Note> {
    if elapsed < LONG_EXPORT {
        return None;
    }
    match state {
        ExportState::Done => Some(Note::new("Export finished", format!("{} saved.", rows(written)))),
        ExportState::Failed => Some(Note::new("Export failed", "Open Escrow Desk to see why.")),
        ExportState::Running | ExportState::Cancelled => None,
    }
}

/// A bulk run that reached its end: how many rows ended how.
pub fn bulk_finished(status: &BatchStatus) -> Note {
    let what = match status.kind {
        BulkKind::Payout => "Bulk payout",
        BulkKind::Cancel => "Bulk cancel",
        BulkKind::PaymentLink => "Bulk payment links",
    };
    let mut parts = vec![format!("{} done", status.count(RowState::Done))];
    for (state, label) in [
        (RowState::Failed, "failed"),
        (RowState::Unknown, "unclear"),
        (RowState::Skipped, "skipped"),
        (RowState::Cancelled, "cancelled"),
    ] {
        let n = status.count(state);
        if n > 0 {
            parts.push(format!("{n} {label}"));
        }
    }
    Note::new(format!("{what} finished"), format!("{}.", parts.join(", ")))
}

/// The changes of one sync that need a person (paid, payment failed), if any.
pub fn changes_need_action(changes: &[Change]) -> Option<Note> {
    let due: Vec<&Change> = changes.iter().filter(|c| needs_action(&c.kind)).collect();
    if due.is_empty() {
        return None;
    }
    let count = |kind: &str| due.iter().filter(|c| c.kind == kind).count();
    let mut parts = Vec::new();
    match count("paid") {
        0 => {}
        1 => parts.push("1 deal paid".to_owned()),
        n => parts.push(format!("{n} deals paid")),
    }
    match count("payment_failed") {
        0 => {}
        1 => parts.push("1 payment failed".to_owned()),
        n => parts.push(format!("{n} payments failed")),
    }
    let titles: Vec<&str> =
        due.iter().filter_map(|c| c.title.as_deref()).map(str::trim).filter(|t| !t.is_empty()).take(TITLES).collect();
    let mut body = parts.join(", ");
    if !titles.is_empty() {
        body.push_str(": ");
        body.push_str(&titles.join(", "));
        if due.len() > titles.len() {
            body.push_str(", …");
        }
    }
    Some(Note::new("Needs your attention", body))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bulk::model::BulkRow;

    fn change(kind: &str, title: Option<&str>) -> Change {
        Change {
            seq: 1,
            transaction_id: "tx-1".into(),
            at: "2026-11-25T00:00:00Z".into(),
            kind: kind.into(),
            before: None,
            after: None,
            title: title.map(str::to_owned),
            currency: None,
        }
    }

    fn batch(kind: BulkKind, states: &[RowState]) -> BatchStatus {
        let rows = states
            .iter()
            .map(|s| BulkRow {
                transaction_id: "tx".into(),
                title: Some("Car".into()),
                amount: "10.00".into(),
                currency: "DKK".into(),
                account: "acct".into(),
                state: *s,
                action_id: None,
                message: None,
                skip: None,
                error: None,
                link: Some("https://pay.example/secret-link".into()),
                moves: None,
            })
            .collect();
        BatchStatus {
            batch_id: "b".into(),
            environment_id: "sandbox".into(),
            kind,
            state: crate::bulk::model::BatchState::Finished,
            reason: None,
            cancelling: false,
            totals: vec![],
            moves: vec![],
            rows,
        }
    }

    #[test]
    fn a_short_or_cancelled_export_is_not_announced() {
        assert_eq!(export_finished(Duration::from_millis(2900), ExportState::Done, 5), None);
        assert_eq!(export_finished(Duration::from_secs(10), ExportState::Cancelled, 5), None);
        assert_eq!(export_finished(Duration::from_secs(10), ExportState::Running, 5), None);
    }

    #[test]
    fn a_long_export_says_how_many_rows() {
        let note = export_finished(Duration::from_secs(3), ExportState::Done, 1234).unwrap();
        assert_eq!(note, Note { title: "Export finished".into(), body: "1234 rows saved.".into() });
        assert_eq!(export_finished(LONG_EXPORT, ExportState::Failed, 0).unwrap().title, "Export failed");
    }

    #[test]
    fn a_bulk_run_counts_each_ending_and_names_no_link() {
        let note = batch(BulkKind::Payout, &[RowState::Done, RowState::Done, RowState::Failed, RowState::Skipped]);
        let note = bulk_finished(&note);
        assert_eq!(note.title, "Bulk payout finished");
        assert_eq!(note.body, "2 done, 1 failed, 1 skipped.");
        let links = bulk_finished(&batch(BulkKind::PaymentLink, &[RowState::Done]));
        assert!(!links.body.contains("https://"), "{links:?}");
    }

    #[test]
    fn only_changes_that_need_action_are_announced() {
        assert_eq!(changes_need_action(&[change("created", Some("A")), change("succeeded", Some("B"))]), None);
        let note = changes_need_action(&[
            change("paid", Some("Audi A4")),
            change("created", Some("Ignored")),
            change("payment_failed", Some("VW Golf")),
            change("paid", None),
        ])
        .unwrap();
        assert_eq!(note.title, "Needs your attention");
        assert_eq!(note.body, "2 deals paid, 1 payment failed: Audi A4, VW Golf, …");
    }

    #[test]
    fn a_known_key_never_reaches_a_note() {
        let key = "sk_test_note_secret_4f9a1c";
        crate::support::redact::register(key);
        let note = changes_need_action(&[change("paid", Some(&format!("deal {key}")))]).unwrap();
        assert!(!note.body.contains(key) && !note.title.contains(key), "{note:?}");
    }
}
