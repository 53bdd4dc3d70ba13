//! The transactions export's columns and rows, the same in the app and the CLI.

use crate::cell::{Cell, Column};
use escrow_api::{Party, TransactionListItem};

/// The columns, in order; the keys are the CSV header tools have always read.
pub const COLUMNS: [Column; 15] = [
    Column::new("transactionId", "Transaction ID", "Transaktions-id"),
    Column::new("referenceId", "Reference", "Reference"),
    Column::new("title", "Title", "Titel"),
    Column::new("status", "Status", "Status"),
    Column::new("type", "Type", "Type"),
    Column::new("amount", "Amount", "Beløb"),
    Column::new("currency", "Currency", "Valuta"),
    Column::new("paidIn", "Paid in, not returned", "Indbetalt, ikke returneret"),
    Column::new("payeeFee", "Payee fee", "Gebyr, modtager"),
    Column::new("payerFee", "Payer fee", "Gebyr, betaler"),
    Column::new("payer", "Payer", "Betaler"),
    Column::new("payee", "Payee", "Modtager"),
    Column::new("created", "Created", "Oprettet"),
    Column::new("expectedCompletion", "Expected completion", "Forventet afslutning"),
    Column::new("registrationNumber", "Registration number", "Registreringsnummer"),
];

/// The sheet's name in a workbook.
pub fn sheet_name(da: bool) -> &'static str {
    if da { "Transaktioner" } else { "Transactions" }
}

/// The cells of one transaction, in [`COLUMNS`] order, for tools: status and type in the
/// service's words (what filters and scripts match on). `paidIn` is the service's own summary,
/// which counts a returned payment as nothing.
pub fn cells(t: &TransactionListItem) -> [Cell; 15] {
    let name = |p: &Option<Party>| Cell::text(p.as_ref().and_then(|p| p.name.clone()));
    let fees = t.fees.clone().unwrap_or_default();
    [
        Cell::Text(t.transaction_id.clone()),
        Cell::text(t.reference_id.clone()),
        Cell::text(t.title.clone()),
        Cell::Text(t.status.to_string()),
        Cell::Text(if t.auto_information.is_some() { "Auto" } else { "Marketplace" }.to_owned()),
        Cell::Amount(t.amount),
        Cell::Text(t.currency.to_string()),
        Cell::amount(t.payments.as_ref().and_then(|p| p.inbound.as_ref()).and_then(|i| i.amount)),
        Cell::amount(fees.payee),
        Cell::amount(fees.payer),
        name(&t.payer),
        name(&t.payee),
        Cell::time(t.created),
        Cell::time(t.expected_completion),
        Cell::text(t.auto_information.as_ref().and_then(|a| a.registration_number.clone())),
    ]
}

/// [`cells`] for people (a workbook): status and type in the chosen language's words.
pub fn cells_for_people(t: &TransactionListItem, da: bool) -> [Cell; 15] {
    let mut row = cells(t);
    row[3] = Cell::Text(crate::words::status(t.status.as_str(), da));
    if da && t.auto_information.is_none() {
        row[4] = Cell::Text("Markedsplads".into());
    }
    row
}
