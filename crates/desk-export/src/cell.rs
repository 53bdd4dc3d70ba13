//! What a table holds: columns with a stable key and a label in each language, and typed
//! cells, so each writer can give an amount or a time the form its reader expects.

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;

/// One column: `key` is the stable name tools read (the CSV header); `en`/`da` are the
/// labels people read (the XLSX header).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Column {
    pub key: &'static str,
    pub en: &'static str,
    pub da: &'static str,
}

impl Column {
    pub const fn new(key: &'static str, en: &'static str, da: &'static str) -> Self {
        Self { key, en, da }
    }

    /// The label in Danish (`da`) or English.
    pub fn label(&self, da: bool) -> &'static str {
        if da { self.da } else { self.en }
    }
}

/// One cell of a row.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    /// Nothing (an absent value).
    Empty,
    /// Text, written as text (defused in CSV when it looks like a formula).
    Text(String),
    /// An amount of money, rounded to 2 decimals as the service rounds.
    Amount(Decimal),
    /// A whole number (a count, a sequence number).
    Count(i64),
    /// A moment in time.
    Time(DateTime<Utc>),
}

impl Cell {
    /// Text, or [`Cell::Empty`] when absent.
    pub fn text(value: Option<impl Into<String>>) -> Self {
        value.map_or(Self::Empty, |v| Self::Text(v.into()))
    }

    /// An amount, or [`Cell::Empty`] when absent.
    pub fn amount(value: Option<Decimal>) -> Self {
        value.map_or(Self::Empty, Self::Amount)
    }

    /// A time, or [`Cell::Empty`] when absent.
    pub fn time(value: Option<DateTime<Utc>>) -> Self {
        value.map_or(Self::Empty, Self::Time)
    }
}
