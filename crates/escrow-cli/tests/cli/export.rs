//! `transactions export`: every matching row, a header, no overwrite without --force.

use crate::harness::Sandbox;

/// Records of a CSV text (quoted fields may hold line breaks), each as its fields.
fn records(text: &str) -> Vec<Vec<String>> {
    let (mut records, mut record, mut field, mut quoted) = (Vec::new(), Vec::new(), String::new(), false);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            ('"', _) => quoted = !quoted,
            (',', false) => record.push(std::mem::take(&mut field)),
            ('\n', false) => {
                record.push(std::mem::take(&mut field));
                records.push(std::mem::take(&mut record));
            }
            (c, _) => field.push(c),
        }
    }
    records
}

#[test]
fn export_writes_every_transaction_and_refuses_to_overwrite() {
    let sb = Sandbox::start();
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("all.csv");
    let out_s = out.to_str().expect("utf-8 path");
    let run = sb.escrow(&["transactions", "export", "--out", out_s]).expect(0);
    let count = sb.count(None);
    assert_eq!(run.stdout, format!("Exported {count} transactions to {out_s}\n"));
    assert!(!run.stderr.contains('\r'), "no progress bar when stderr is not a terminal: {:?}", run.stderr);
    let text = std::fs::read_to_string(&out).expect("UTF-8 file");
    let rows = records(&text);
    assert_eq!(rows[0][0], "transactionId");
    assert_eq!(rows[0].len(), 15);
    assert_eq!(rows.len() as u64 - 1, count, "one row per transaction");
    assert!(rows[1..].iter().all(|r| r.len() == 15), "every row has every column");
    let ids: std::collections::HashSet<_> = rows[1..].iter().map(|r| r[0].clone()).collect();
    assert_eq!(ids.len() as u64, count, "no duplicates");
    assert!(
        rows[1..].iter().all(|r| r[5].split_once('.').is_some_and(|(_, d)| d.len() == 2)),
        "amounts with 2 decimals"
    );
    assert!(
        rows[1..].iter().flatten().all(|cell| !cell.starts_with(['=', '+', '@'])),
        "formula-like cells are defused"
    );
    let names: Vec<_> = std::fs::read_dir(dir.path()).expect("dir").map(|e| e.expect("entry").file_name()).collect();
    assert_eq!(names.len(), 1, "no partial file left: {names:?}");

    let refused = sb.escrow(&["transactions", "export", "--out", out_s, "--search", "Tesla"]).expect(2);
    assert!(refused.stderr.contains("--force"), "{}", refused.stderr);
    assert_eq!(std::fs::read_to_string(&out).expect("file"), text, "the existing file is untouched");

    let forced =
        sb.escrow(&["transactions", "export", "--out", out_s, "--search", "Tesla", "--force", "--json"]).expect(0);
    let tesla = sb.count(Some("Tesla"));
    assert_eq!(forced.json()["rows"].as_u64(), Some(tesla));
    assert_eq!(records(&std::fs::read_to_string(&out).expect("file")).len() as u64 - 1, tesla);
}
