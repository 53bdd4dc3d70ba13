//! The notification of a bulk run that reached its end (sent when the window is away).

use super::model::{BatchStatus, BulkKind, RowState};
use crate::notifications::note::Note;

/// A bulk run that reached its end: how many rows ended how.
pub fn bulk_finished(status: &BatchStatus, da: bool) -> Note {
    let w = |en: &'static str, d: &'static str| if da { d } else { en };
    let what = match status.kind {
        BulkKind::Payout => w("Bulk payout", "Samlet udbetaling"),
        BulkKind::Cancel => w("Bulk cancel", "Samlet annullering"),
        BulkKind::PaymentLink => w("Bulk payment links", "Samlede betalingslinks"),
    };
    let mut parts = vec![format!("{} {}", status.count(RowState::Done), w("done", "udført"))];
    for (state, label) in [
        (RowState::Failed, w("failed", "mislykkedes")),
        (RowState::Unknown, w("unclear", "uafklaret")),
        (RowState::Skipped, w("skipped", "udeladt")),
        (RowState::AwaitingApproval, w("waiting for approval", "afventer godkendelse")),
        (RowState::Cancelled, w("cancelled", "annulleret")),
    ] {
        let n = status.count(state);
        if n > 0 {
            parts.push(format!("{n} {label}"));
        }
    }
    let title = if da { format!("{what} er færdig") } else { format!("{what} finished") };
    Note::new(title, format!("{}.", parts.join(", ")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bulk::model::BulkRow;

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
    fn a_bulk_run_counts_each_ending_and_names_no_link() {
        let note = batch(BulkKind::Payout, &[RowState::Done, RowState::Done, RowState::Failed, RowState::Skipped]);
        let note = bulk_finished(&note, false);
        assert_eq!(note.title, "Bulk payout finished");
        assert_eq!(note.body, "2 done, 1 failed, 1 skipped.");
        let links = bulk_finished(&batch(BulkKind::PaymentLink, &[RowState::Done]), false);
        assert!(!links.body.contains("https://"), "{links:?}");
        let da = bulk_finished(&batch(BulkKind::Payout, &[RowState::Done, RowState::AwaitingApproval]), true);
        assert_eq!(
            (da.title.as_str(), da.body.as_str()),
            ("Samlet udbetaling er færdig", "1 udført, 1 afventer godkendelse.")
        );
    }
}
