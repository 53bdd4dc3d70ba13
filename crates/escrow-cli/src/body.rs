//! A request body from the command line: a JSON file (`--input`) and `--field` pairs over it,
//! for operations whose bodies are too rich for one flag per field (and for `escrow api`).
//!
//! `key=value` sets a string (amounts are strings too, so never a float); `key:=json` sets
//! any JSON value (`count:=3`, `allowed:=true`, `list:=["a"]`); a dotted key
//! (`address.city=Aarhus`) sets a field of a nested object.

use crate::exit::Failure;
use clap::Args;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
use std::io::Read;
use std::path::PathBuf;

/// Larger than any request body of either API (uploads have their own path).
const MAX_INPUT_BYTES: u64 = 16 * 1024 * 1024;

/// `--field` and `--input`.
#[derive(Debug, Clone, Default, Args)]
pub struct BodyArgs {
    /// A body field with the specs' name: KEY=TEXT (a string), KEY:=JSON (a number, true, an array…);
    /// dots name nested fields (address.city=Aarhus). Repeatable; applied over --input
    #[arg(long = "field", short = 'F', value_name = "KEY=VALUE")]
    pub fields: Vec<String>,
    /// A JSON file with the body (`-` reads standard input); --field values override its fields
    #[arg(long, value_name = "FILE")]
    pub input: Option<PathBuf>,
}

/// One `--field`: its path of keys and its value.
#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    pub path: Vec<String>,
    pub value: Value,
}

impl BodyArgs {
    /// Whether neither `--input` nor `--field` was given.
    pub fn is_empty(&self) -> bool {
        self.fields.is_empty() && self.input.is_none()
    }

    /// Every `--field`, parsed.
    pub fn parsed_fields(&self) -> Result<Vec<Field>, Failure> {
        self.fields.iter().map(|f| parse_field(f)).collect()
    }

    /// The body: `--input`'s JSON (an object, or `{}`) with every `--field` set on it.
    pub fn value(&self) -> Result<Value, Failure> {
        let mut body = match &self.input {
            Some(path) => read_json(path)?,
            None => Value::Object(Map::new()),
        };
        for field in self.parsed_fields()? {
            set(&mut body, &field)?;
        }
        Ok(body)
    }

    /// The body read as `T` (the client's request model); `what` names the operation in messages.
    pub fn parse<T: DeserializeOwned>(&self, what: &str) -> Result<T, Failure> {
        serde_json::from_value(self.value()?)
            .map_err(|e| Failure::usage(format!("the body of {what} does not fit: {e} (see --field and --input)")))
    }
}

/// `key=text` or `key:=json`.
pub fn parse_field(text: &str) -> Result<Field, Failure> {
    let bad = |why: &str| Failure::usage(format!("--field `{text}`: {why}"));
    let eq = text.find('=').ok_or_else(|| bad("write KEY=TEXT or KEY:=JSON"))?;
    let (key, value) = if text[..eq].ends_with(':') {
        let raw = &text[eq + 1..];
        let value = serde_json::from_str(raw).map_err(|e| bad(&format!("not JSON after := ({e})")))?;
        (&text[..eq - 1], value)
    } else {
        (&text[..eq], Value::String(text[eq + 1..].to_owned()))
    };
    let path: Vec<String> = key.split('.').map(str::to_owned).collect();
    if path.iter().any(|k| k.trim().is_empty()) {
        return Err(bad("the key is empty"));
    }
    Ok(Field { path, value })
}

/// Sets `field` in `body`, making the objects its path needs.
fn set(body: &mut Value, field: &Field) -> Result<(), Failure> {
    let mut at = body;
    let last = field.path.len() - 1;
    for (i, key) in field.path.iter().enumerate() {
        let Value::Object(map) = at else {
            return Err(Failure::usage(format!("--field {}: its parent is not an object", field.path.join("."))));
        };
        if i == last {
            map.insert(key.clone(), field.value.clone());
            return Ok(());
        }
        at = map.entry(key.clone()).or_insert_with(|| Value::Object(Map::new()));
    }
    Ok(())
}

/// A JSON object from a file or (`-`) standard input.
fn read_json(path: &std::path::Path) -> Result<Value, Failure> {
    let name = path.display().to_string();
    let bytes = read_limited(path)?;
    let value: Value =
        serde_json::from_slice(&bytes).map_err(|e| Failure::usage(format!("--input {name} is not JSON: {e}")))?;
    Ok(value)
}

/// A file's bytes, or standard input's for `-`, refusing more than [`MAX_INPUT_BYTES`].
pub fn read_limited(path: &std::path::Path) -> Result<Vec<u8>, Failure> {
    let name = path.display().to_string();
    let mut bytes = Vec::new();
    let read = if name == "-" {
        std::io::stdin().lock().take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|f| f.take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes))
    };
    read.map_err(|e| Failure::usage(format!("cannot read {name}: {e}")))?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(Failure::usage(format!("{name} is larger than {MAX_INPUT_BYTES} bytes")));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn fields_are_strings_unless_given_as_json_and_dots_nest() {
        let body = BodyArgs {
            fields: vec![
                "amount=1250.50".into(),
                "count:=3".into(),
                "address.city=Aarhus".into(),
                "address.zip=8000".into(),
                "note=a=b".into(),
            ],
            input: None,
        };
        assert_eq!(
            body.value().unwrap(),
            json!({"amount": "1250.50", "count": 3, "address": {"city": "Aarhus", "zip": "8000"}, "note": "a=b"})
        );
        for bad in ["nokey", "=x", "a..b=1", "n:=nope"] {
            assert!(parse_field(bad).is_err(), "{bad}");
        }
        let clash = BodyArgs { fields: vec!["a=1".into(), "a.b=2".into()], input: None };
        assert!(clash.value().is_err());
    }
}
