//! Amounts typed on the command line: exact decimals (never floats), positive, at most 2 decimals.

use rust_decimal::Decimal;

/// Parses `--amount`: refuses anything but a plain positive decimal with at most 2 decimals.
pub fn parse(text: &str) -> Result<Decimal, String> {
    let value = parse_non_negative(text)?;
    if value.is_zero() {
        return Err(format!("`{}` must be greater than zero", text.trim()));
    }
    Ok(value)
}

/// Parses a price that may be zero (a shipment already paid for): as [`parse`], zero allowed.
pub fn parse_non_negative(text: &str) -> Result<Decimal, String> {
    let t = text.trim();
    if t.contains(',') {
        return Err(format!("`{t}` is not an amount: use a dot for decimals and no thousands separator, e.g. 1250.50"));
    }
    let value = escrow_api::money::parse(t)
        .map_err(|_| format!("`{t}` is not an amount: write a decimal number such as 1250.50"))?;
    if t.split_once('.').is_some_and(|(_, decimals)| decimals.len() > 2) {
        return Err(format!("`{t}` has more than 2 decimals"));
    }
    if value < Decimal::ZERO {
        return Err(format!("`{t}` must not be negative"));
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::{parse, parse_non_negative};
    use std::str::FromStr;

    #[test]
    fn only_plain_positive_amounts() {
        assert_eq!(parse("1250.5").unwrap(), rust_decimal::Decimal::from_str("1250.50").unwrap());
        assert_eq!(parse(" 10 ").unwrap().to_string(), "10.00");
        for bad in ["", "abc", "0", "0.00", "-5", "1e3", "1,5", "+5", "NaN", "0.001", "1.234", "007", "1.", ".5"] {
            assert!(parse(bad).is_err(), "{bad:?} accepted");
        }
        assert!(parse_non_negative("0").is_ok_and(|z| z.is_zero()));
        assert!(parse_non_negative("-1").is_err() && parse_non_negative("0.001").is_err());
    }
}
