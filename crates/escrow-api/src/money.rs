//! Money on the wire.
//!
//! The service accepts and returns amounts as a JSON number or a numeric string
//! (`^-?(?:0|[1-9]\d*)(?:\.\d+)?$`) and rounds them to 2 decimals. We hold them as
//! [`Decimal`] (never `f64`), send them as exact strings, and round with
//! [`ROUNDING`]: half away from zero ("commercial rounding", 0.125 → 0.13), the rule
//! Danish bookkeeping and invoices use.

use rust_decimal::{Decimal, RoundingStrategy};
use serde::{Deserialize, Deserializer, Serializer, de};
use std::str::FromStr;

/// The midpoint rule used when an amount has more than 2 decimals.
pub const ROUNDING: RoundingStrategy = RoundingStrategy::MidpointAwayFromZero;

/// Rounds to the service's precision (2 decimals, see [`ROUNDING`]).
pub fn round(amount: Decimal) -> Decimal {
    let mut rounded = amount.round_dp_with_strategy(2, ROUNDING);
    rounded.rescale(2);
    rounded
}

/// Parses an amount written the way the spec allows: a numeric string matching the
/// spec's pattern. Rejects exponents, leading `+`, leading zeros, spaces and NaN.
pub fn parse(text: &str) -> Result<Decimal, String> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (int, frac) = match digits.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (digits, None),
    };
    let int_ok = !int.is_empty() && int.bytes().all(|b| b.is_ascii_digit()) && (int == "0" || !int.starts_with('0'));
    let frac_ok = frac.is_none_or(|f| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()));
    if !int_ok || !frac_ok {
        return Err(format!("`{text}` is not a decimal amount"));
    }
    let value = Decimal::from_str(digits).map_err(|_| format!("`{text}` is out of range"))?;
    Ok(round(if negative { -value } else { value }))
}

struct AmountVisitor;

impl de::Visitor<'_> for AmountVisitor {
    type Value = Decimal;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("an amount as a JSON number or numeric string")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Decimal, E> {
        parse(v).map_err(E::custom)
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Decimal, E> {
        Ok(round(Decimal::from(v)))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Decimal, E> {
        Ok(round(Decimal::from(v)))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Decimal, E> {
        if !v.is_finite() {
            return Err(E::custom("amount is not a finite number"));
        }
        // `{}` prints the shortest text that reads back as the same f64, so a JSON
        // `12500.1` becomes exactly 12500.1, not 12500.100000000000364…
        let text = format!("{v}");
        Decimal::from_str(&text)
            .or_else(|_| Decimal::from_scientific(&text))
            .map(round)
            .map_err(|_| E::custom(format!("amount {text} is out of range")))
    }
}

/// `#[serde(with = "money::amount")]`: a required amount.
pub mod amount {
    use super::*;

    /// Writes the amount as an exact string, rounded to 2 decimals.
    pub fn serialize<S: Serializer>(value: &Decimal, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&round(*value).to_string())
    }
    /// Reads a JSON number or numeric string, rounded to 2 decimals.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Decimal, D::Error> {
        d.deserialize_any(AmountVisitor)
    }
}

/// `#[serde(with = "money::optional")]`: an amount that may be null or absent.
pub mod optional {
    use super::*;

    /// Like `amount::serialize`; `None` is written as null.
    pub fn serialize<S: Serializer>(value: &Option<Decimal>, s: S) -> Result<S::Ok, S::Error> {
        match value {
            Some(v) => s.serialize_str(&round(*v).to_string()),
            None => s.serialize_none(),
        }
    }
    /// Like `amount::deserialize`; null or absent reads as `None`.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Decimal>, D::Error> {
        #[derive(Deserialize)]
        struct Wrapper(#[serde(with = "super::amount")] Decimal);
        Ok(Option::<Wrapper>::deserialize(d)?.map(|w| w.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize, serde::Serialize)]
    struct A {
        #[serde(with = "amount")]
        v: Decimal,
    }

    fn de(json: &str) -> Result<Decimal, serde_json::Error> {
        serde_json::from_str::<A>(json).map(|a| a.v)
    }

    #[test]
    fn accepts_number_and_string() {
        assert_eq!(de(r#"{"v":12500.5}"#).unwrap().to_string(), "12500.50");
        assert_eq!(de(r#"{"v":"12500.5"}"#).unwrap().to_string(), "12500.50");
        assert_eq!(de(r#"{"v":7}"#).unwrap().to_string(), "7.00");
        assert_eq!(de(r#"{"v":"-0.005"}"#).unwrap().to_string(), "-0.01");
        assert_eq!(de(r#"{"v":0.125}"#).unwrap().to_string(), "0.13");
    }

    #[test]
    fn rejects_what_the_pattern_does_not_allow() {
        for bad in ["\"\"", "\"01\"", "\"1.\"", "\".5\"", "\"1e3\"", "\"NaN\"", "\"+1\"", "\" 1\"", "true", "null"] {
            assert!(de(&format!("{{\"v\":{bad}}}")).is_err(), "{bad} accepted");
        }
    }

    #[test]
    fn serializes_as_exact_string() {
        let a = A { v: Decimal::new(1234567, 2) };
        assert_eq!(serde_json::to_string(&a).unwrap(), r#"{"v":"12345.67"}"#);
    }
}
