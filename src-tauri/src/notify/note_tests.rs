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
            error: None,
            link: Some("https://pay.example/secret-link".into()),
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
