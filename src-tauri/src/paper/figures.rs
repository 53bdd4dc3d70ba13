//! Amounts and moments as the chosen language writes them on paper, the same forms the window
//! shows (`ui/src/shared/format.ts` with `da-DK` and `en-GB`): `289.500,00 kr.` and
//! `DKK 289,500.00`, `1.234,56 €` and `€1,234.56`; dates `27.11.2026` and `27/11/2026`, in
//! the desk's local time.

use chrono::{DateTime, Local, Utc};
use rust_decimal::Decimal;

/// `amount` in `currency`, rounded to two decimals as the service rounds.
pub fn money(amount: Decimal, currency: &str, da: bool) -> String {
    let text = escrow_api::money::round(amount).abs().to_string();
    let (int, frac) = text.split_once('.').unwrap_or((&text, "00"));
    let (group, decimal) = if da { ('.', ',') } else { (',', '.') };
    let mut grouped = String::new();
    for (i, c) in int.chars().enumerate() {
        if i > 0 && (int.len() - i).is_multiple_of(3) {
            grouped.push(group);
        }
        grouped.push(c);
    }
    let number = format!("{grouped}{decimal}{frac}");
    let sign = if amount.is_sign_negative() && !escrow_api::money::round(amount).is_zero() { "-" } else { "" };
    let currency = currency.trim().to_ascii_uppercase();
    match (da, currency.as_str()) {
        (true, "DKK") => format!("{sign}{number} kr."),
        (true, "EUR") => format!("{sign}{number} €"),
        (true, other) => format!("{sign}{number} {other}"),
        (false, "EUR") => format!("{sign}€{number}"),
        (false, other) => format!("{sign}{other} {number}"),
    }
}

/// A whole number with the language's thousands separator (`41.250`, `41,250`).
pub fn count(n: i64, da: bool) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(if da { '.' } else { ',' });
        }
        out.push(c);
    }
    if n < 0 { format!("-{out}") } else { out }
}

/// A date in the local time zone.
pub fn date(at: DateTime<Utc>, da: bool) -> String {
    at.with_timezone(&Local).format(if da { "%d.%m.%Y" } else { "%d/%m/%Y" }).to_string()
}

/// A date and time in the local time zone.
pub fn date_time(at: DateTime<Utc>, da: bool) -> String {
    format!("{} {}", date(at, da), at.with_timezone(&Local).format("%H:%M"))
}

#[cfg(test)]
mod tests {
    use super::money;
    use rust_decimal::Decimal;
    use std::str::FromStr;

    #[test]
    fn amounts_read_as_the_window_shows_them() {
        let d = |s| Decimal::from_str(s).unwrap();
        assert_eq!(money(d("289500"), "DKK", true), "289.500,00 kr.");
        assert_eq!(money(d("289500"), "DKK", false), "DKK 289,500.00");
        assert_eq!(money(d("1234.565"), "EUR", true), "1.234,57 €");
        assert_eq!(money(d("1234.5"), "eur", false), "€1,234.50");
        assert_eq!(money(d("-12.5"), "DKK", true), "-12,50 kr.");
        assert_eq!(money(d("-0.001"), "DKK", true), "0,00 kr.");
        assert_eq!(money(d("999"), "SEK", true), "999,00 SEK");
        assert_eq!(super::count(41250, true), "41.250");
        assert_eq!(super::count(1_041_250, false), "1,041,250");
        assert_eq!(super::count(-5, false), "-5");
    }
}
