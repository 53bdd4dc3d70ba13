//! Reading the trade API's JSON bodies: every faulty field is collected before the
//! answer, as the spec's problem object lists them all.

use super::api::{Fault, Outcome};
use super::described::{self, Described};
use rust_decimal::Decimal;
use serde_json::{Map, Value};
use std::str::FromStr;

/// Reads a JSON body field by field, collecting every fault before answering.
pub struct Check {
    obj: Map<String, Value>,
    pub errors: Vec<(String, String)>,
    /// Every field asked for: the body's schema ([`described`]).
    described: Described,
}

impl Drop for Check {
    fn drop(&mut self) {
        described::finished(&self.described);
    }
}

impl Check {
    /// The body must be a JSON object (an empty body reads as `{}`).
    pub fn parse(body: &[u8]) -> Outcome<Self> {
        let text: &[u8] = if body.iter().all(u8::is_ascii_whitespace) { b"{}" } else { body };
        match serde_json::from_slice::<Value>(text) {
            Ok(Value::Object(obj)) => Ok(Self { obj, errors: Vec::new(), described: Described::default() }),
            Ok(_) => Err(Fault::field("body", "must be a JSON object")),
            Err(e) => Err(Fault::field("body", format!("is not valid JSON: {e}"))),
        }
    }

    pub fn from_value(value: &Value) -> Self {
        Self {
            obj: value.as_object().cloned().unwrap_or_default(),
            errors: Vec::new(),
            described: Described::default(),
        }
    }

    fn fail(&mut self, key: &str, msg: impl Into<String>) {
        self.errors.push((key.to_owned(), msg.into()));
    }

    pub fn raw(&self, key: &str) -> Option<&Value> {
        self.obj.get(key).filter(|v| !v.is_null())
    }

    /// Whether the key is present at all (null counts as present).
    pub fn has(&self, key: &str) -> bool {
        self.obj.contains_key(key)
    }

    /// A string of `min..=max` characters; `None` when absent or null (an error when required).
    pub fn string(&mut self, key: &str, min: usize, max: usize, required: bool) -> Option<String> {
        self.described.field(key, described::string(min, max, required), required);
        match self.obj.get(key) {
            None | Some(Value::Null) => {
                if required {
                    self.fail(key, "is required");
                }
                None
            }
            Some(Value::String(s)) => {
                let n = s.chars().count();
                if required && s.trim().is_empty() {
                    self.fail(key, "is required");
                    None
                } else if n < min || n > max {
                    self.fail(key, format!("must be {min} to {max} characters"));
                    None
                } else {
                    Some(s.clone())
                }
            }
            Some(_) => {
                self.fail(key, "must be a string");
                None
            }
        }
    }

    /// A number (or numeric string) within `min..=max`, rounded to 2 decimals when `round`.
    pub fn number(&mut self, key: &str, min: Decimal, max: Decimal, required: bool, round: bool) -> Option<Decimal> {
        let bounds = (!round).then(|| (min.to_string(), max.to_string()));
        self.described.field(key, described::number(bounds, required), required);
        let parsed = match self.obj.get(key) {
            None | Some(Value::Null) => {
                if required {
                    self.fail(key, "is required");
                }
                return None;
            }
            Some(Value::Number(n)) => {
                let t = n.to_string();
                Decimal::from_str(&t).or_else(|_| Decimal::from_scientific(&t)).ok()
            }
            Some(Value::String(s)) if numeric(s) => Decimal::from_str(s).ok(),
            Some(_) => None,
        };
        let Some(mut d) = parsed else {
            self.fail(key, "must be a number");
            return None;
        };
        if round {
            d = crate::money::round2(d);
        }
        if d < min || d > max {
            self.fail(key, format!("must be {min} to {max}"));
            return None;
        }
        Some(d)
    }

    /// An integer within `min..=max`.
    pub fn int(&mut self, key: &str, min: i64, max: i64, required: bool) -> Option<i64> {
        let mut schema = described::kind("integer", required);
        (schema["minimum"], schema["maximum"]) = (min.into(), max.into());
        self.described.field(key, schema, required);
        match self.obj.get(key) {
            None | Some(Value::Null) => {
                if required {
                    self.fail(key, "is required");
                }
                None
            }
            Some(Value::Number(n)) => match n.as_i64() {
                Some(i) if (min..=max).contains(&i) => Some(i),
                _ => {
                    self.fail(key, format!("must be an integer from {min} to {max}"));
                    None
                }
            },
            Some(_) => {
                self.fail(key, "must be an integer");
                None
            }
        }
    }

    pub fn boolean(&mut self, key: &str) -> bool {
        self.described.field(key, described::kind("boolean", false), false);
        match self.obj.get(key) {
            None | Some(Value::Null) => false,
            Some(Value::Bool(b)) => *b,
            Some(_) => {
                self.fail(key, "must be true or false");
                false
            }
        }
    }

    /// An object (kept as JSON); `None` when absent or null.
    pub fn object(&mut self, key: &str, required: bool) -> Option<Value> {
        self.described.field(key, described::kind("object", required), required);
        match self.obj.get(key) {
            None | Some(Value::Null) => {
                if required {
                    self.fail(key, "is required");
                }
                None
            }
            Some(v @ Value::Object(_)) => Some(v.clone()),
            Some(_) => {
                self.fail(key, "must be an object");
                None
            }
        }
    }

    /// An array of strings; `None` when absent or null.
    pub fn strings(&mut self, key: &str) -> Option<Vec<String>> {
        let mut schema = described::kind("array", false);
        schema["items"] = serde_json::json!({ "type": "string" });
        self.described.field(key, schema, false);
        match self.obj.get(key) {
            None | Some(Value::Null) => None,
            Some(Value::Array(items)) if items.iter().all(Value::is_string) => {
                Some(items.iter().filter_map(|v| v.as_str().map(str::to_owned)).collect())
            }
            Some(_) => {
                self.fail(key, "must be an array of strings");
                None
            }
        }
    }

    /// An array (kept as JSON); `None` when absent or null.
    pub fn array(&mut self, key: &str) -> Option<Value> {
        self.described.field(key, described::kind("array", false), false);
        match self.obj.get(key) {
            None | Some(Value::Null) => None,
            Some(v @ Value::Array(_)) => Some(v.clone()),
            Some(_) => {
                self.fail(key, "must be an array");
                None
            }
        }
    }

    /// `value` (read by this check), or 400 with every fault found.
    pub fn finish_with<T>(mut self, value: Option<T>) -> Outcome<T> {
        let errors = std::mem::take(&mut self.errors);
        match value {
            Some(value) if errors.is_empty() => Ok(value),
            _ => Err(Fault::fields(errors)),
        }
    }

    /// 400 with every fault found, or Ok.
    pub fn finish(mut self) -> Outcome<()> {
        if self.errors.is_empty() { Ok(()) } else { Err(Fault::fields(std::mem::take(&mut self.errors))) }
    }
}

/// A whole number as a [`Decimal`], for bounds.
pub fn dec(i: i64) -> Decimal {
    Decimal::from(i)
}

fn numeric(s: &str) -> bool {
    let body = s.strip_prefix('-').unwrap_or(s);
    let (int, frac) = body.split_once('.').map_or((body, None), |(i, f)| (i, Some(f)));
    !int.is_empty()
        && int.bytes().all(|b| b.is_ascii_digit())
        && frac.is_none_or(|f| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()))
}

/// A payout account: a 14-digit BBAN or an 18-character Danish IBAN with valid check
/// digits (spaces and dashes are not allowed on the wire). Returns the BBAN part.
pub fn payout_account(input: &str) -> Result<String, &'static str> {
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if input.len() == 14 && digits(input) {
        return Ok(input.to_owned());
    }
    let upper = input.to_ascii_uppercase();
    if upper.len() == 18 && upper.starts_with("DK") && digits(&upper[2..]) {
        let bban = &upper[4..];
        if crate::banks::danish_iban(bban) == upper {
            return Ok(bban.to_owned());
        }
        return Err("is not a valid Danish IBAN (check digits)");
    }
    Err("must be a 14-digit BBAN or an 18-character Danish IBAN")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trade::api::correlation_ok;

    #[test]
    fn correlation_ids_and_accounts() {
        assert!(correlation_ok("3f2c1b7e-9a4d-4e8f-8b21-5c6d7e8f9a0b"));
        assert!(!correlation_ok("not-a-uuid-but-long-enough"));
        assert!(!correlation_ok("c"));
        assert_eq!(payout_account("00400440116243").unwrap(), "00400440116243");
        assert_eq!(payout_account("DK5000400440116243").unwrap(), "00400440116243");
        assert!(payout_account("DK5100400440116243").is_err());
        assert!(payout_account("0040044011624").is_err());
    }

    #[test]
    fn checks_collect_every_fault() {
        let mut c = Check::parse(br#"{"a":"","b":7,"n":"4.999","m":"x"}"#).unwrap();
        c.string("a", 1, 64, true);
        c.string("b", 1, 64, true);
        c.number("n", Decimal::new(5, 0), Decimal::new(10, 0), true, true);
        c.number("m", Decimal::ZERO, Decimal::ONE, true, false);
        c.string("missing", 1, 2, true);
        assert_eq!(c.errors.len(), 4, "{:?}", c.errors);
        // 4.999 rounds to 5.00, which is in bounds.
        let mut c = Check::parse(br#"{"n":4.999}"#).unwrap();
        assert_eq!(c.number("n", Decimal::new(5, 0), Decimal::new(10, 0), true, true).unwrap().to_string(), "5.00");
    }
}
