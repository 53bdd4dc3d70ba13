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
#[path = "note_tests.rs"]
mod tests;
