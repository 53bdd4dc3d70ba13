//! The totals per currency a run moves, and the typed confirmation: the person types
//! each currency's total, and nothing starts unless every one equals it exactly.

use super::model::{BulkRow, CurrencyTotal, RowState};
use crate::error::AppError;
use crate::shared::fields::parse_amount;
use rust_decimal::Decimal;
use std::collections::BTreeMap;

/// The sum per currency of the rows that will be sent (queued), currencies in order.
pub fn of(rows: &[BulkRow]) -> Result<Vec<CurrencyTotal>, AppError> {
    let mut sums: BTreeMap<&str, Decimal> = BTreeMap::new();
    for r in rows.iter().filter(|r| r.state == RowState::Queued) {
        *sums.entry(r.currency.as_str()).or_default() += parse_amount("amount", &r.amount)?;
    }
    Ok(sums.into_iter().map(|(c, a)| CurrencyTotal { currency: c.to_owned(), amount: a.to_string() }).collect())
}

/// The sum per currency of the queued rows' `moves` (rows without one add nothing).
pub fn moves_of(rows: &[BulkRow]) -> Result<Vec<CurrencyTotal>, AppError> {
    let mut sums: BTreeMap<&str, Decimal> = BTreeMap::new();
    for r in rows.iter().filter(|r| r.state == RowState::Queued) {
        if let Some(moves) = &r.moves {
            *sums.entry(r.currency.as_str()).or_default() += parse_amount("moves", moves)?;
        }
    }
    Ok(sums.into_iter().map(|(c, a)| CurrencyTotal { currency: c.to_owned(), amount: a.to_string() }).collect())
}

/// Every currency's total typed exactly (as a number: `1500` equals `1500.00`; spaces
/// and a Danish decimal comma are accepted), and no currency more or less.
pub fn confirm(expected: &[CurrencyTotal], typed: &[CurrencyTotal]) -> Result<(), AppError> {
    if expected.is_empty() {
        return Err(AppError::validation("Nothing in the selection can be done."));
    }
    for e in expected {
        let want = parse_amount("total", &e.amount)?;
        let got = typed
            .iter()
            .find(|t| t.currency == e.currency)
            .and_then(|t| parse_amount("total", &normalise(&t.amount)).ok());
        if got != Some(want) {
            return Err(AppError::validation(format!(
                "The typed total for {} does not match {} {}.",
                e.currency, e.amount, e.currency
            )));
        }
    }
    if typed.iter().any(|t| !expected.iter().any(|e| e.currency == t.currency)) {
        return Err(AppError::validation("A typed total names a currency the selection does not have."));
    }
    Ok(())
}

/// `1 500,00` or `1500,00` as `1500.00`; a point stays a decimal point.
fn normalise(text: &str) -> String {
    let t: String = text.chars().filter(|c| !c.is_whitespace() && *c != '\u{a0}').collect();
    if t.contains(',') && !t.contains('.') { t.replace(',', ".") } else { t }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(amount: &str, currency: &str, state: RowState) -> BulkRow {
        BulkRow {
            transaction_id: "t".into(),
            title: None,
            amount: amount.into(),
            currency: currency.into(),
            account: "a".into(),
            state,
            action_id: None,
            message: None,
            skip: None,
            error: None,
            link: None,
            moves: None,
        }
    }

    fn total(currency: &str, amount: &str) -> CurrencyTotal {
        CurrencyTotal { currency: currency.into(), amount: amount.into() }
    }

    #[test]
    fn totals_sum_queued_rows_per_currency_exactly() {
        let rows = [
            row("0.10", "DKK", RowState::Queued),
            row("0.20", "DKK", RowState::Queued),
            row("5.00", "EUR", RowState::Queued),
            row("99.00", "DKK", RowState::Skipped),
        ];
        assert_eq!(of(&rows).unwrap(), vec![total("DKK", "0.30"), total("EUR", "5.00")]);
    }

    #[test]
    fn what_a_run_moves_sums_the_queued_rows_that_say_it() {
        let with = |moves: Option<&str>, currency: &str, state: RowState| BulkRow {
            moves: moves.map(str::to_owned),
            ..row("1000.00", currency, state)
        };
        let rows = [
            with(Some("985.50"), "DKK", RowState::Queued),
            with(Some("14.50"), "DKK", RowState::Queued),
            with(None, "DKK", RowState::Queued),
            with(Some("7.00"), "EUR", RowState::Queued),
            with(Some("500.00"), "DKK", RowState::Skipped),
        ];
        assert_eq!(moves_of(&rows).unwrap(), vec![total("DKK", "1000.00"), total("EUR", "7.00")]);
    }

    #[test]
    fn the_typed_totals_must_match_every_currency() {
        let expected = [total("DKK", "1500.00"), total("EUR", "5.00")];
        assert!(confirm(&expected, &[total("DKK", "1500"), total("EUR", "5,00")]).is_ok());
        assert!(confirm(&expected, &[total("DKK", "1 500,00"), total("EUR", "5")]).is_ok());
        assert!(confirm(&expected, &[total("DKK", "1500")]).is_err(), "a currency left out");
        assert!(confirm(&expected, &[total("DKK", "1500.01"), total("EUR", "5")]).is_err());
        assert!(confirm(&expected, &[total("DKK", "1500"), total("EUR", "5"), total("SEK", "1")]).is_err());
        assert!(confirm(&[], &[]).is_err(), "nothing to do is not confirmed");
    }
}
