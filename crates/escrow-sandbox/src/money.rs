//! Amounts as the service reads them: a JSON number or a numeric string, rounded to
//! 2 decimals half away from zero. Written independently of the client on purpose.

use crate::error::ApiError;
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::{Decimal, RoundingStrategy};
use serde_json::Value;
use std::str::FromStr;

pub fn round2(d: Decimal) -> Decimal {
    let mut r = d.round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero);
    r.rescale(2);
    r
}

fn matches_pattern(s: &str) -> bool {
    let body = s.strip_prefix('-').unwrap_or(s);
    let (int, frac) = body.split_once('.').map_or((body, None), |(i, f)| (i, Some(f)));
    !int.is_empty()
        && int.chars().all(|c| c.is_ascii_digit())
        && (int == "0" || !int.starts_with('0'))
        && frac.is_none_or(|f| !f.is_empty() && f.chars().all(|c| c.is_ascii_digit()))
}

/// Reads an amount field. `None` when absent or null.
pub fn read(value: Option<&Value>, field: &str) -> Result<Option<Decimal>, ApiError> {
    let bad = || ApiError::bad_request("Invalid amount", format!("{field} must be a number or numeric string"));
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if matches_pattern(s) => {
            Decimal::from_str(s).map(|d| Some(round2(d))).map_err(|_| bad())
        }
        Some(Value::Number(n)) => {
            let text = n.to_string();
            Decimal::from_str(&text)
                .or_else(|_| Decimal::from_scientific(&text))
                .map(|d| Some(round2(d)))
                .map_err(|_| bad())
        }
        Some(_) => Err(bad()),
    }
}

/// Renders an amount as a JSON number, the way the service answers.
pub fn json(d: Decimal) -> Value {
    d.to_f64().and_then(serde_json::Number::from_f64).map_or(Value::Null, Value::Number)
}

/// The schema of an amount a request carries, as [`read`] takes it: a JSON number or a
/// numeric string (no exponent, no leading zeros). Schema only: the handlers keep the raw
/// JSON and read it with [`read`].
pub struct Amount;

impl schemars::JsonSchema for Amount {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Amount".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A number, or a numeric string; rounded to 2 decimals half away from zero",
            "oneOf": [{ "type": "number" }, { "type": "string", "pattern": "^-?(0|[1-9][0-9]*)(\\.[0-9]+)?$" }],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_numbers_and_strings() {
        assert_eq!(read(Some(&json!(10.005)), "a").unwrap().unwrap().to_string(), "10.01");
        assert_eq!(read(Some(&json!("10.5")), "a").unwrap().unwrap().to_string(), "10.50");
        assert!(read(Some(&json!("1e3")), "a").is_err());
        assert!(read(Some(&json!(true)), "a").is_err());
        assert_eq!(read(Some(&Value::Null), "a").unwrap(), None);
        assert_eq!(json(Decimal::new(1250050, 2)), json!(12500.5));
    }
}
