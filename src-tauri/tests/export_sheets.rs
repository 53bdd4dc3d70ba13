//! The transactions export as staff open it, with Danish chosen in the window: an XLSX
//! workbook read back with a reader crate (calamine) and compared cell by cell with the
//! sandbox's records as the client reads them, and a CSV in Danish Excel's convention.
//! (Its own test binary: the chosen language is process-wide.)

mod demo_desk;

use calamine::{Data, Reader, Xlsx, open_workbook};
use chrono::Local;
use escrow_desk::save_as::kind::ExportKind;
use escrow_desk::transactions::export::{ExportRequest, ExportState, ExportStatus};
use futures::StreamExt;
use std::collections::HashMap;

async fn finish(app: &escrow_desk::wiring::Domains, id: &str) -> ExportStatus {
    for _ in 0..800 {
        let s = app.transactions.export_status(id).unwrap();
        if s.state != ExportState::Running {
            return s;
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    panic!("export did not finish");
}

fn number(d: rust_decimal::Decimal) -> Data {
    Data::Float(escrow_api::money::round(d).to_string().parse().unwrap())
}

fn text(s: Option<&str>) -> Data {
    s.filter(|s| !s.is_empty()).map_or(Data::Empty, |s| Data::String(s.to_owned()))
}

#[tokio::test]
async fn a_workbook_and_a_danish_csv_hold_the_ledgers_figures() {
    escrow_desk::shared::lang::set(Some("da"));
    let desk = demo_desk::demo_desk("dk.escrowdesk.test.export-sheets").await;
    let (app, client, dir) = (&desk.app, &desk.client, &desk.dir);
    let ledger: HashMap<String, escrow_api::TransactionListItem> = client
        .transactions()
        .export(&Default::default(), Default::default(), |_| {})
        .map(|t| t.unwrap())
        .map(|t| (t.transaction_id.clone(), t))
        .collect()
        .await;

    let book = dir.path().join("deals.xlsx");
    let token = app.save_as.tokens().issue(ExportKind::Transactions, book.clone()).unwrap();
    let done = finish(app, &app.transactions.start_saved_export(&ExportRequest::default(), &token).unwrap().id).await;
    assert_eq!((done.state, done.written), (ExportState::Done, ledger.len() as u64), "{:?}", done.error);

    let mut workbook: Xlsx<_> = open_workbook(&book).unwrap();
    let sheet = workbook.worksheet_range("Transaktioner").unwrap();
    let mut rows = sheet.rows();
    let header: Vec<String> = rows.next().unwrap().iter().map(ToString::to_string).collect();
    assert_eq!(header[..3], ["Transaktions-id", "Reference", "Titel"]);
    let mut seen = 0;
    for row in rows {
        let Data::String(id) = &row[0] else { panic!("no id in {row:?}") };
        let t = &ledger[id];
        let fees = t.fees.clone().unwrap_or_default();
        assert_eq!(row[1], text(t.reference_id.as_deref()), "{id} reference");
        assert_eq!(row[2], text(t.title.as_deref()), "{id} title");
        assert_eq!(row[3], Data::String(desk_export::words::status(t.status.as_str(), true)), "{id} status in words");
        assert_eq!(row[5], number(t.amount), "{id} amount");
        assert_eq!(row[6], Data::String(t.currency.to_string()), "{id} currency");
        let paid = t.payments.as_ref().and_then(|p| p.inbound.as_ref()).and_then(|i| i.amount);
        assert_eq!(row[7], paid.map_or(Data::Empty, number), "{id} paid in");
        assert_eq!(row[8], fees.payee.map_or(Data::Empty, number), "{id} payee fee");
        assert_eq!(row[9], fees.payer.map_or(Data::Empty, number), "{id} payer fee");
        assert_eq!(row[10], text(t.payer.as_ref().and_then(|p| p.name.as_deref())), "{id} payer");
        let Data::DateTime(created) = &row[12] else { panic!("{id} created is no date: {:?}", row[12]) };
        let expected = t.created.unwrap().with_timezone(&Local).naive_local();
        let got = created.as_datetime().unwrap();
        assert!((got - expected).num_milliseconds().abs() < 1000, "{id} created {got} vs {expected}");
        seen += 1;
    }
    assert_eq!(seen, ledger.len(), "every transaction once");

    let csv_path = dir.path().join("deals.csv");
    let token = app.save_as.tokens().issue(ExportKind::Transactions, csv_path.clone()).unwrap();
    let done = finish(app, &app.transactions.start_saved_export(&ExportRequest::default(), &token).unwrap().id).await;
    assert_eq!(done.state, ExportState::Done);
    let text = std::fs::read_to_string(&csv_path).unwrap();
    let body = text.strip_prefix('\u{feff}').expect("a byte-order mark");
    let mut reader = csv::ReaderBuilder::new().delimiter(b';').from_reader(body.as_bytes());
    assert_eq!(reader.headers().unwrap().get(5), Some("amount"));
    for record in reader.records() {
        let record = record.unwrap();
        let t = &ledger[&record[0]];
        let amount = escrow_api::money::round(t.amount).to_string().replace('.', ",");
        assert_eq!(&record[5], amount, "decimal comma");
    }
}
