use super::*;

fn log() -> Connection {
    let conn = Connection::open_in_memory().unwrap();
    conn.execute_batch(&format!(
        "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT);
         CREATE TABLE audit (seq INTEGER PRIMARY KEY, {})",
        COLUMNS.replace("seq, ", "")
    ))
    .unwrap();
    for (seq, kind, phase, outcome, target) in [
        (1, "payout", "intent", "pending", "tx-1"),
        (2, "payout", "outcome", "succeeded", "tx-1"),
        (3, "cancel", "intent", "pending", "tx-2"),
        (4, "cancel", "outcome", "failed", "tx-2"),
    ] {
        let at = "2026-11-27T10:00:00+01:00";
        let e = AuditEntry {
            target: target.into(),
            hash: format!("h{seq}"),
            ..sample(seq, &format!("a-{target}"), kind, phase, outcome, at)
        };
        insert(&conn, &e).unwrap();
    }
    conn
}

fn seqs(rows: &[AuditEntry]) -> Vec<i64> {
    rows.iter().map(|r| r.seq).collect()
}

#[test]
fn a_filter_finds_the_rows_whose_codes_are_shown_with_its_words() {
    let conn = log();
    // "Udbetaling" is in no stored column: only the codes the screen words that way find it.
    assert!(list(&conn, Some("Udbetaling"), &[], 10).unwrap().is_empty());
    assert_eq!(seqs(&list(&conn, Some("Udbetaling"), &["payout".into()], 10).unwrap()), [2, 1]);
    // The outcome shown ("Udført") and the phase shown ("Hensigt").
    assert_eq!(seqs(&list(&conn, Some("udført"), &["succeeded".into()], 10).unwrap()), [2]);
    assert_eq!(seqs(&list(&conn, Some("Hensigt"), &["intent".into()], 10).unwrap()), [3, 1]);
    // The stored text still matches as before; no filter lists every row.
    assert_eq!(seqs(&list(&conn, Some("tx-2"), &[], 10).unwrap()), [4, 3]);
    assert_eq!(list(&conn, None, &["payout".into()], 10).unwrap().len(), 4);
}

#[test]
fn too_many_codes_are_refused() {
    assert!(check_shown_as(&vec!["payout".to_owned(); MAX_SHOWN_AS + 1]).is_err());
    assert!(check_shown_as(&["x".repeat(65)]).is_err());
    assert!(check_shown_as(&["payout".to_owned()]).is_ok());
}
