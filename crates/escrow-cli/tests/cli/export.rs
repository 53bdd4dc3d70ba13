//! `transactions export`: every matching row, a header, no overwrite without --force.

use crate::harness::Sandbox;

/// Records of a CSV file (the byte-order mark dropped), each as its fields.
fn records(text: &str, delimiter: u8) -> Vec<Vec<String>> {
    let body = text.strip_prefix('\u{feff}').expect("a UTF-8 byte-order mark");
    csv::ReaderBuilder::new()
        .has_headers(false)
        .delimiter(delimiter)
        .from_reader(body.as_bytes())
        .records()
        .map(|r| r.expect("a CSV record").iter().map(str::to_owned).collect())
        .collect()
}

#[test]
fn export_writes_every_transaction_and_refuses_to_overwrite() {
    let sb = Sandbox::start();
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("all.csv");
    let out_s = out.to_str().expect("utf-8 path");
    let run = sb.escrow(&["transactions", "export", "--out", out_s, "--lang", "en"]).expect(0);
    let count = sb.count(None);
    assert_eq!(run.stdout, format!("Exported {count} transactions to {out_s}\n"));
    assert!(!run.stderr.contains('\r'), "no progress bar when stderr is not a terminal: {:?}", run.stderr);
    let text = std::fs::read_to_string(&out).expect("UTF-8 file");
    assert!(text.ends_with("\r\n"), "CRLF line ends");
    let rows = records(&text, b',');
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
    assert_eq!(records(&std::fs::read_to_string(&out).expect("file"), b',').len() as u64 - 1, tesla);
}

/// In Danish, a CSV for Danish Excel; named `.xlsx`, a workbook whose cells are numbers and text
/// as the service's records hold them.
#[test]
fn export_writes_danish_csv_and_workbooks() {
    use calamine::{Data, Reader, Xlsx, open_workbook};
    let sb = Sandbox::start();
    let dir = tempfile::tempdir().expect("tempdir");
    let csv_path = dir.path().join("dk.csv");
    sb.escrow(&[
        "transactions",
        "export",
        "--out",
        csv_path.to_str().expect("utf-8"),
        "--lang",
        "da",
        "--search",
        "Tesla",
    ])
    .expect(0);
    let rows = records(&std::fs::read_to_string(&csv_path).expect("file"), b';');
    assert_eq!(rows[0].len(), 15, "split on semicolons: {:?}", rows[0]);
    assert!(rows[1..].iter().all(|r| r[5].split_once(',').is_some_and(|(_, d)| d.len() == 2)), "decimal commas");

    let book_path = dir.path().join("all.xlsx");
    let run =
        sb.escrow(&["--json", "transactions", "export", "--out", book_path.to_str().expect("utf-8"), "--lang", "en"]);
    let rows = run.expect(0).json()["rows"].as_u64().expect("rows");
    let listed = sb.escrow(&["--json", "transactions", "list", "--search", "Tesla"]).expect(0).json();
    let mut book: Xlsx<_> = open_workbook(&book_path).expect("a workbook");
    let sheet = book.worksheet_range("Transactions").expect("the sheet");
    assert_eq!(sheet.rows().count() as u64, rows + 1);
    assert_eq!(sheet.rows().next().expect("header")[0], Data::String("Transaction ID".into()));
    for t in listed["items"].as_array().expect("items") {
        let id = t["transactionId"].as_str().expect("id");
        let row = sheet.rows().find(|r| r[0] == Data::String(id.into())).expect("the deal's row");
        let amount: f64 = t["amount"].to_string().trim_matches('"').parse().expect("amount");
        assert_eq!(row[5], Data::Float(amount), "{id}");
        assert_eq!(row[2], Data::String(t["title"].as_str().expect("title").into()), "{id}");
    }
}
