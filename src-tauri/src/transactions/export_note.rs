//! The notification of a long CSV export that ended (sent when the window is away).

use super::export::ExportState;
use crate::notifications::note::{Note, rows};
use std::time::Duration;

/// An export shorter than this ends before anyone looks away: no notification.
pub const LONG_EXPORT: Duration = Duration::from_secs(3);

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
