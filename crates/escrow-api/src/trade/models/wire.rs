//! How this API's numbers and loose fields go over the wire.
//!
//! Its spec types amounts as "number", so they are sent as JSON numbers (amounts rounded
//! to 2 decimals, percentages as given) and read from a number or a numeric string.

use crate::money;
use rust_decimal::Decimal;
use serde::{Deserialize, Deserializer, Serializer};
use serde_json::Value;

/// Writes a decimal as a JSON number: an integer when it is whole, else the shortest
/// float that reads back as the same decimal (exact for the magnitudes of this API).
fn write_number<S: Serializer>(v: Decimal, s: S) -> Result<S::Ok, S::Error> {
    let v = v.normalize();
    if v.scale() == 0
        && let Ok(i) = i64::try_from(v.mantissa())
    {
        return s.serialize_i64(i);
    }
    let f: f64 = v.to_string().parse().map_err(serde::ser::Error::custom)?;
    s.serialize_f64(f)
}

/// `#[serde(with = "amount")]`: an amount, rounded to 2 decimals, sent as a JSON number.
pub mod amount {
    use super::*;

    /// Rounds to 2 decimals and writes a JSON number.
    pub fn serialize<S: Serializer>(v: &Decimal, s: S) -> Result<S::Ok, S::Error> {
        write_number(money::round(*v), s)
    }
    /// Reads a JSON number or numeric string, rounded to 2 decimals.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Decimal, D::Error> {
        money::amount::deserialize(d)
    }
}

/// `#[serde(with = "optional_amount")]`: an amount that may be null or absent.
pub mod optional_amount {
    use super::*;

    /// Like [`super::amount::serialize`]; `None` is null.
    pub fn serialize<S: Serializer>(v: &Option<Decimal>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            Some(v) => write_number(money::round(*v), s),
            None => s.serialize_none(),
        }
    }
    /// Like [`super::amount::deserialize`]; null or absent is `None`.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Decimal>, D::Error> {
        money::optional::deserialize(d)
    }
}

/// `#[serde(with = "percent")]`: a percentage, sent and read exactly (not rounded).
pub mod percent {
    use super::*;

    /// Writes a JSON number, as given.
    pub fn serialize<S: Serializer>(v: &Decimal, s: S) -> Result<S::Ok, S::Error> {
        write_number(*v, s)
    }
    /// Reads a JSON number or numeric string, as given.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Decimal, D::Error> {
        match Value::deserialize(d)? {
            Value::Number(n) => {
                let t = n.to_string();
                t.parse::<Decimal>().or_else(|_| Decimal::from_scientific(&t)).map_err(serde::de::Error::custom)
            }
            Value::String(s) => {
                money::parse(&s).and(s.parse::<Decimal>().map_err(|e| e.to_string())).map_err(serde::de::Error::custom)
            }
            _ => Err(serde::de::Error::custom("a percentage must be a number")),
        }
    }
}

/// `#[serde(with = "optional_percent")]`.
pub mod optional_percent {
    use super::*;

    /// Like [`super::percent::serialize`]; `None` is null.
    pub fn serialize<S: Serializer>(v: &Option<Decimal>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            Some(v) => write_number(*v, s),
            None => s.serialize_none(),
        }
    }
    /// Like [`super::percent::deserialize`]; null or absent is `None`.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Decimal>, D::Error> {
        #[derive(Deserialize)]
        struct W(#[serde(with = "super::percent")] Decimal);
        Ok(Option::<W>::deserialize(d)?.map(|w| w.0))
    }
}

/// Reads a list of strings; objects are kept as their `url`/`name`/`id`/`type` member or
/// their JSON text, so an unexpected shape never fails the whole record (published
/// `images` are `[{url}]`).
pub(crate) fn lenient_strings<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    let items = Option::<Vec<Value>>::deserialize(d)?.unwrap_or_default();
    Ok(items
        .into_iter()
        .filter(|v| !v.is_null())
        .map(|v| match v {
            Value::String(s) => s,
            Value::Object(ref o) => ["url", "name", "id", "type"]
                .iter()
                .find_map(|k| o.get(*k).and_then(Value::as_str).map(str::to_owned))
                .unwrap_or_else(|| v.to_string()),
            other => other.to_string(),
        })
        .collect())
}

/// Reads a boolean that may be null or absent (false).
pub(crate) fn lenient_bool<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    Ok(Option::<bool>::deserialize(d)?.unwrap_or(false))
}
