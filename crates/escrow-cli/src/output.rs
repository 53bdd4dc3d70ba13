//! What goes to stdout: aligned tables and key-value lines for people, pretty JSON (the
//! models' own serde, so the specs' field names) for scripts.

use crate::exit::Failure;
use crate::stdout;
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::Serialize;
use std::fmt::Display;

/// Writes `text` to stdout; a closed pipe (`escrow ... | head`) is not an error.
pub fn emit(text: &str) -> Result<(), Failure> {
    stdout::write(text).map_err(|e| Failure::local(format!("writing the output: {e}")))
}

/// `value` as pretty JSON on stdout.
pub fn emit_json<T: Serialize + ?Sized>(value: &T) -> Result<(), Failure> {
    let text = serde_json::to_string_pretty(value).map_err(|e| Failure::local(format!("encoding JSON: {e}")))?;
    emit(&format!("{text}\n"))
}

/// `1250.50 DKK`: always 2 decimals, then the currency.
pub fn money(amount: Decimal, currency: impl Display) -> String {
    format!("{} {currency}", escrow_api::money::round(amount))
}

/// An optional amount; empty when absent.
pub fn money_opt(amount: Option<Decimal>, currency: impl Display) -> String {
    amount.map(|a| money(a, currency)).unwrap_or_default()
}

/// `2026-01-05 14:03 UTC`; empty when absent.
pub fn time(t: Option<DateTime<Utc>>) -> String {
    t.map(|t| t.format("%Y-%m-%d %H:%M UTC").to_string()).unwrap_or_default()
}

/// `2026-01-05`; empty when absent.
pub fn date(t: Option<DateTime<Utc>>) -> String {
    t.map(|t| t.format("%Y-%m-%d").to_string()).unwrap_or_default()
}

/// At most `max` characters, with `…` when cut.
pub fn cut(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let mut s: String = text.chars().take(max.saturating_sub(1)).collect();
    s.push('…');
    s
}

/// Control characters of data from the service replaced, so a value cannot move the cursor or
/// break a table row.
pub fn clean(text: &str) -> String {
    text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect()
}

/// Key-value lines with the keys aligned; empty values are left out.
#[derive(Default)]
pub struct Fields {
    rows: Vec<(String, String)>,
}

impl Fields {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn add(&mut self, key: &str, value: impl Into<String>) -> &mut Self {
        let value = value.into();
        if !value.trim().is_empty() {
            self.rows.push((key.to_owned(), clean(&value)));
        }
        self
    }

    pub fn render(&self) -> String {
        let width = self.rows.iter().map(|(k, _)| k.chars().count()).max().unwrap_or(0);
        self.rows.iter().map(|(k, v)| format!("{k:<width$}  {v}\n")).collect()
    }
}

/// A table with a header row; columns marked right-aligned (amounts) are padded on the left.
pub struct Table {
    headers: Vec<&'static str>,
    right: Vec<bool>,
    rows: Vec<Vec<String>>,
}

impl Table {
    /// Columns named in `headers`; a name starting with `>` is right-aligned (the `>` is not shown).
    pub fn new(headers: &[&'static str]) -> Self {
        Self {
            headers: headers.iter().map(|h| h.trim_start_matches('>')).collect(),
            right: headers.iter().map(|h| h.starts_with('>')).collect(),
            rows: Vec::new(),
        }
    }

    pub fn row(&mut self, cells: Vec<String>) {
        self.rows.push(cells.iter().map(|c| clean(c)).collect());
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// The table, or nothing when it has no rows (so a list of none is only its footer).
    pub fn render_if_any(&self) -> String {
        if self.is_empty() { String::new() } else { self.render() }
    }

    pub fn render(&self) -> String {
        let mut widths: Vec<usize> = self.headers.iter().map(|h| h.chars().count()).collect();
        for row in &self.rows {
            for (w, cell) in widths.iter_mut().zip(row) {
                *w = (*w).max(cell.chars().count());
            }
        }
        let line = |cells: Vec<&str>| {
            let last = cells.len().saturating_sub(1);
            let mut s = String::new();
            for (i, cell) in cells.into_iter().enumerate() {
                let w = widths.get(i).copied().unwrap_or(0);
                let pad = w.saturating_sub(cell.chars().count());
                if self.right.get(i).copied().unwrap_or(false) {
                    s.push_str(&" ".repeat(pad));
                    s.push_str(cell);
                } else {
                    s.push_str(cell);
                    if i != last {
                        s.push_str(&" ".repeat(pad));
                    }
                }
                if i != last {
                    s.push_str("  ");
                }
            }
            s.trim_end().to_owned() + "\n"
        };
        let mut out = line(self.headers.clone());
        for row in &self.rows {
            out.push_str(&line(row.iter().map(String::as_str).collect()));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    #[test]
    fn amounts_have_two_decimals_and_tables_align() {
        assert_eq!(money(Decimal::from_str("12500").unwrap(), "DKK"), "12500.00 DKK");
        assert_eq!(money(Decimal::from_str("0.125").unwrap(), "EUR"), "0.13 EUR");
        let mut t = Table::new(&["ID", ">AMOUNT", "TITLE"]);
        t.row(vec!["a".into(), "1.00 DKK".into(), "Sofa".into()]);
        t.row(vec!["bbb".into(), "100.00 DKK".into(), "Line\nbreak".into()]);
        assert_eq!(t.render(), "ID       AMOUNT  TITLE\na      1.00 DKK  Sofa\nbbb  100.00 DKK  Line break\n");
        let mut f = Fields::new();
        f.add("Id", "x").add("Empty", "").add("Status", "PAID");
        assert_eq!(f.render(), "Id      x\nStatus  PAID\n");
        assert_eq!(cut("abcdef", 4), "abc…");
    }
}
