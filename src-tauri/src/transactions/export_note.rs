//! The notification of a long CSV export that ended (sent when the window is away).

use super::export::ExportState;
use crate::notifications::note::{Note, rows};
use std::time::Duration;

/// An export shorter than this ends before anyone looks away: no notification.
pub const LONG_EXPORT: Duration = Duration::from_secs(3);

/// A CSV export that took at least [`LONG_EXPORT`] and ended (done or failed; one the user
/// cancelled needs no word).
pub fn export_finished(elapsed: Duration, state: ExportState, written: u64, da: bool) -> Option<Note> {
    if elapsed < LONG_EXPORT {
        return None;
    }
    match state {
        ExportState::Done if da => Some(Note::new("Eksporten er færdig", format!("{} gemt.", rows(written, true)))),
        ExportState::Done => Some(Note::new("Export finished", format!("{} saved.", rows(written, false)))),
        ExportState::Failed if da => Some(Note::new("Eksporten mislykkedes", "Åbn Escrow Desk for at se hvorfor.")),
        ExportState::Failed => Some(Note::new("Export failed", "Open Escrow Desk to see why.")),
        ExportState::Running | ExportState::Cancelled => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_or_cancelled_export_is_not_announced() {
        assert_eq!(export_finished(Duration::from_millis(2900), ExportState::Done, 5, false), None);
        assert_eq!(export_finished(Duration::from_secs(10), ExportState::Cancelled, 5, false), None);
        assert_eq!(export_finished(Duration::from_secs(10), ExportState::Running, 5, false), None);
    }

    #[test]
    fn a_long_export_says_how_many_rows() {
        let note = export_finished(Duration::from_secs(3), ExportState::Done, 1234, false).unwrap();
        assert_eq!(note, Note { title: "Export finished".into(), body: "1234 rows saved.".into() });
        assert_eq!(export_finished(LONG_EXPORT, ExportState::Failed, 0, false).unwrap().title, "Export failed");
        let da = export_finished(LONG_EXPORT, ExportState::Done, 1, true).unwrap();
        assert_eq!((da.title.as_str(), da.body.as_str()), ("Eksporten er færdig", "1 række gemt."));
    }
}
