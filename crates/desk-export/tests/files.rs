//! Both kinds of file written through `SheetFile` and read back: the workbook with a reader
//! crate (calamine), cell by cell; the CSV with the csv crate, field by field.

use calamine::{Data, Reader, Xlsx, open_workbook};
use chrono::{Local, TimeZone, Utc};
use desk_export::{Cell, Column, Convention, Format, SheetFile};
use rust_decimal::Decimal;
use std::str::FromStr;

const COLUMNS: [Column; 5] = [
    Column::new("title", "Title", "Titel"),
    Column::new("amount", "Amount", "Beløb"),
    Column::new("created", "Created", "Oprettet"),
    Column::new("seq", "Seq", "Nr."),
    Column::new("note", "Note", "Note"),
];

fn rows() -> Vec<[Cell; 5]> {
    let at = Utc.with_ymd_and_hms(2026, 11, 27, 9, 30, 0).unwrap();
    vec![
        [
            Cell::Text("Tesla Model 3, blå".into()),
            Cell::Amount(Decimal::from_str("249999.5").unwrap()),
            Cell::Time(at),
            Cell::Count(1),
            Cell::Text("=cmd".into()),
        ],
        [
            Cell::Text("Ærø".into()),
            Cell::Amount(Decimal::from_str("-0.125").unwrap()),
            Cell::Empty,
            Cell::Count(2),
            Cell::Empty,
        ],
    ]
}

fn write(path: &std::path::Path, format: Format) {
    let mut file = SheetFile::create(path, format, &COLUMNS, "Transaktioner").unwrap();
    for row in rows() {
        file.row(&row).unwrap();
    }
    assert_eq!(file.finish().unwrap(), path);
}

#[test]
fn a_workbook_holds_numbers_dates_and_text_as_such() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("deals.xlsx");
    assert_eq!(Format::of_path(&path, true), Format::Xlsx { da: true });
    write(&path, Format::of_path(&path, true));
    assert!(!dir.path().join("deals.xlsx.part").exists());

    let mut book: Xlsx<_> = open_workbook(&path).unwrap();
    assert_eq!(book.sheet_names(), ["Transaktioner"]);
    let range = book.worksheet_range("Transaktioner").unwrap();
    let header: Vec<String> = range.rows().next().unwrap().iter().map(|c| c.to_string()).collect();
    assert_eq!(header, ["Titel", "Beløb", "Oprettet", "Nr.", "Note"]);
    let first: Vec<&Data> = range.rows().nth(1).unwrap().iter().collect();
    assert_eq!(first[0], &Data::String("Tesla Model 3, blå".into()));
    assert_eq!(first[1], &Data::Float(249999.5));
    let Data::DateTime(when) = first[2] else { panic!("created is not a date: {:?}", first[2]) };
    let local = Utc.with_ymd_and_hms(2026, 11, 27, 9, 30, 0).unwrap().with_timezone(&Local).naive_local();
    assert_eq!(when.as_datetime(), Some(local));
    assert_eq!(first[3], &Data::Float(1.0));
    assert_eq!(first[4], &Data::String("=cmd".into()), "text, never a formula");
    let second: Vec<&Data> = range.rows().nth(2).unwrap().iter().collect();
    assert_eq!(second[1], &Data::Float(-0.13), "rounded half away from zero");
    assert_eq!(second[2], &Data::Empty);
    assert_eq!(range.rows().count(), 3);
}

#[test]
fn a_danish_csv_opens_in_columns_in_danish_excel() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("deals.csv");
    write(&path, Format::of_path(&path, true));
    let bytes = std::fs::read(&path).unwrap();
    assert!(bytes.starts_with("\u{feff}".as_bytes()), "UTF-8 byte-order mark");
    let text = String::from_utf8(bytes).unwrap();
    assert!(text.ends_with("\r\n"));
    let mut reader =
        csv::ReaderBuilder::new().delimiter(b';').from_reader(text.trim_start_matches('\u{feff}').as_bytes());
    assert_eq!(reader.headers().unwrap(), vec!["title", "amount", "created", "seq", "note"]);
    let records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let at = Utc.with_ymd_and_hms(2026, 11, 27, 9, 30, 0).unwrap().with_timezone(&Local);
    assert_eq!(
        records[0],
        vec!["Tesla Model 3, blå", "249999,50", &at.format("%Y-%m-%d %H:%M:%S").to_string(), "1", "'=cmd"]
    );
    assert_eq!(records[1], vec!["Ærø", "-0,13", "", "2", ""]);
}

#[test]
fn an_english_csv_keeps_the_tools_format() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("deals.CSV");
    assert_eq!(Format::of_path(&path, false), Format::Csv(Convention::English));
    write(&path, Format::of_path(&path, false));
    let text = std::fs::read_to_string(&path).unwrap();
    let second_line = text.lines().nth(1).unwrap();
    assert_eq!(second_line, "\"Tesla Model 3, blå\",249999.50,2026-11-27T09:30:00+00:00,1,'=cmd");
}

#[test]
fn an_abandoned_file_leaves_nothing_behind() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["a.csv", "a.xlsx"] {
        let path = dir.path().join(name);
        let mut file = SheetFile::create(&path, Format::of_path(&path, false), &COLUMNS, "S").unwrap();
        file.row(&rows()[0]).unwrap();
        file.abandon();
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}
