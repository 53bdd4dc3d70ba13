//! Transactions as CSV: the same columns as the desktop app's export, UTF-8, one header row,
//! fields quoted when needed and formula-like cells defused for spreadsheets.

use escrow_api::{Party, TransactionListItem};

#[rustfmt::skip]
pub const HEADER: [&str; 15] = [
    "transactionId", "referenceId", "title", "status", "type", "amount", "currency", "paidIn", "payeeFee", "payerFee",
    "payer", "payee", "created", "expectedCompletion", "registrationNumber",
];

/// The header line, with its line end.
pub fn header() -> String {
    format!("{}\n", HEADER.join(","))
}

/// Whether `s` is a plain decimal number (`-12.50`): a sign then stays a number, not a formula.
fn is_number(s: &str) -> bool {
    let digits = s.strip_prefix(['-', '+']).unwrap_or(s);
    let (int, frac) = digits.split_once('.').unwrap_or((digits, "0"));
    !int.is_empty() && !frac.is_empty() && int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit())
}

/// One field: a leading `= + - @` (or tab, carriage return) gets a `'` so a spreadsheet never runs
/// it as a formula, except a plain number; quoted when it holds a separator, quote or line break.
pub fn field(value: &str) -> String {
    let defused = if value.starts_with(['=', '+', '-', '@', '\t', '\r']) && !is_number(value) {
        format!("'{value}")
    } else {
        value.to_owned()
    };
    if defused.contains([',', '"', '\n', '\r', ';']) {
        format!("\"{}\"", defused.replace('"', "\"\""))
    } else {
        defused
    }
}

/// One transaction as a CSV line, with its line end.
pub fn row(t: &TransactionListItem) -> String {
    let money =
        |d: Option<rust_decimal::Decimal>| d.map(|d| escrow_api::money::round(d).to_string()).unwrap_or_default();
    let name = |p: &Option<Party>| p.as_ref().and_then(|p| p.name.clone()).unwrap_or_default();
    let time = |d: Option<chrono::DateTime<chrono::Utc>>| d.map(|d| d.to_rfc3339()).unwrap_or_default();
    let fees = t.fees.clone().unwrap_or_default();
    let cells = [
        t.transaction_id.clone(),
        t.reference_id.clone().unwrap_or_default(),
        t.title.clone().unwrap_or_default(),
        t.status.to_string(),
        if t.auto_information.is_some() { "Auto" } else { "Marketplace" }.to_owned(),
        money(Some(t.amount)),
        t.currency.to_string(),
        money(t.payments.as_ref().and_then(|p| p.inbound.as_ref()).and_then(|i| i.amount)),
        money(fees.payee),
        money(fees.payer),
        name(&t.payer),
        name(&t.payee),
        time(t.created),
        time(t.expected_completion),
        t.auto_information.as_ref().and_then(|a| a.registration_number.clone()).unwrap_or_default(),
    ];
    let mut line = cells.iter().map(|c| field(c)).collect::<Vec<_>>().join(",");
    line.push('\n');
    line
}

#[cfg(test)]
mod tests {
    use super::field;

    #[test]
    fn fields_are_quoted_and_formulas_defused() {
        assert_eq!(field("plain"), "plain");
        assert_eq!(field("a,b"), "\"a,b\"");
        assert_eq!(field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(field("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
        assert_eq!(field("+45 12 34"), "'+45 12 34");
        assert_eq!(field("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(field("-cmd"), "'-cmd");
        assert_eq!(field("-12.50"), "-12.50", "negative numbers stay numbers");
        assert_eq!(field("-1e5"), "'-1e5");
        assert_eq!(field("-"), "'-");
        assert_eq!(field("line\nbreak"), "\"line\nbreak\"");
    }
}
