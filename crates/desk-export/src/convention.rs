//! How a CSV file is written for the language chosen in the app. A spreadsheet program opens
//! a CSV with the separators of the OS's locale: Danish Excel splits on `;` and reads `12,50`
//! as a number, so a comma-separated file with `12.50` opens in one column as text.

use chrono::{DateTime, Local, Utc};
use rust_decimal::Decimal;

/// The CSV convention of a language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Convention {
    /// `,` between fields, `.` in amounts, times in RFC 3339 (UTC): what tools and English
    /// spreadsheets read, and the form the files had before conventions existed.
    English,
    /// `;` between fields, `,` in amounts, times as local `YYYY-MM-DD HH:MM:SS` (Danish Excel
    /// reads both as number and date).
    Danish,
}

impl Convention {
    /// The convention of the language chosen in the app (`da` for Danish).
    pub fn of_language(da: bool) -> Self {
        if da { Self::Danish } else { Self::English }
    }

    /// The field separator.
    pub fn delimiter(self) -> u8 {
        match self {
            Self::English => b',',
            Self::Danish => b';',
        }
    }

    /// An amount, rounded to 2 decimals (no thousands separator: spreadsheets read it as a number).
    pub fn amount(self, value: Decimal) -> String {
        let text = escrow_api::money::round(value).to_string();
        match self {
            Self::English => text,
            Self::Danish => text.replace('.', ","),
        }
    }

    /// A moment in time.
    pub fn time(self, value: DateTime<Utc>) -> String {
        match self {
            Self::English => value.to_rfc3339(),
            Self::Danish => value.with_timezone(&Local).format("%Y-%m-%d %H:%M:%S").to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Convention::*;
    use rust_decimal::Decimal;
    use std::str::FromStr;

    #[test]
    fn amounts_follow_the_language() {
        let d = |s| Decimal::from_str(s).unwrap();
        assert_eq!(English.amount(d("1234.5")), "1234.50");
        assert_eq!(Danish.amount(d("1234.5")), "1234,50");
        assert_eq!(Danish.amount(d("-0.125")), "-0,13", "rounded half away from zero");
        assert_eq!(Danish.delimiter(), b';');
    }
}
