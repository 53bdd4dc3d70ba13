//! What a trade-API body reader reads, as a JSON Schema: [`Check`](super::check::Check)
//! notes every field it is asked for (its name, kind, bounds and whether it is required), so
//! the OpenAPI document describes a body from the very reader that reads it
//! ([`schema_of_reader`]), not from a description kept beside it.

use serde_json::{Map, Value, json};
use std::cell::RefCell;

/// The fields one reader asked for.
#[derive(Debug, Default)]
pub struct Described {
    properties: Map<String, Value>,
    required: Vec<String>,
}

impl Described {
    /// Notes that `key` is read with `schema` (and must be there when `required`).
    pub fn field(&mut self, key: &str, schema: Value, required: bool) {
        self.properties.insert(key.to_owned(), schema);
        if required && !self.required.iter().any(|k| k == key) {
            self.required.push(key.to_owned());
        }
    }

    /// The object schema of every field noted; other fields are ignored by the reader.
    pub fn schema(&self) -> Value {
        json!({ "type": "object", "required": self.required, "properties": self.properties })
    }
}

thread_local! {
    /// While [`schema_of_reader`] runs: the schema of the last reader that finished.
    static CAPTURED: RefCell<Option<Option<Value>>> = const { RefCell::new(None) };
}

/// Runs `read` (a reader given an empty body) and answers the schema of the body it read:
/// that of the last `Check` dropped while it ran (an object of no known field if none).
pub fn schema_of_reader(read: impl FnOnce()) -> Value {
    CAPTURED.with(|c| *c.borrow_mut() = Some(None));
    read();
    let captured = CAPTURED.with(|c| c.borrow_mut().take()).flatten();
    captured.unwrap_or_else(|| json!({ "type": "object" }))
}

/// A schema-only type `$ty`, named `$name` in the document, whose schema is what `$read` (a
/// reader given an empty body) reads: `Op::takes::<$ty>()` documents a body from its reader.
macro_rules! body_read_by {
    ($(#[$doc:meta])* $ty:ident, $name:literal, $read:expr) => {
        $(#[$doc])*
        pub struct $ty;

        impl schemars::JsonSchema for $ty {
            fn schema_name() -> std::borrow::Cow<'static, str> {
                $name.into()
            }

            fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
                let schema = $crate::trade::described::schema_of_reader(|| {
                    let _ = $read;
                });
                schemars::Schema::try_from(schema).unwrap_or_default()
            }
        }
    };
}
pub(crate) use body_read_by;

/// Called as a `Check` is dropped: keeps its schema when [`schema_of_reader`] is running.
pub(super) fn finished(described: &Described) {
    CAPTURED.with(|c| {
        if let Some(slot) = c.borrow_mut().as_mut() {
            *slot = Some(described.schema());
        }
    });
}

/// A string of `min..=max` characters (`null` reads as absent unless required).
pub fn string(min: usize, max: usize, required: bool) -> Value {
    let kind = if required { json!("string") } else { json!(["string", "null"]) };
    json!({ "type": kind, "minLength": min, "maxLength": max })
}

/// A number or a numeric string; `bounds` when the value is compared as sent (not rounded
/// first: a rounded one is only described as a number, so no value the reader takes falls
/// outside the schema).
pub fn number(bounds: Option<(String, String)>, required: bool) -> Value {
    let mut number = json!({ "type": "number" });
    if let Some((min, max)) = bounds {
        number["minimum"] = serde_json::from_str(&min).unwrap_or(Value::Null);
        number["maximum"] = serde_json::from_str(&max).unwrap_or(Value::Null);
    }
    let numeric = json!({ "type": "string", "pattern": "^-?[0-9]+(\\.[0-9]+)?$" });
    let mut options = vec![number, numeric];
    if !required {
        options.push(json!({ "type": "null" }));
    }
    json!({ "oneOf": options })
}

/// `kind` (a JSON Schema type name), or also `null` unless required.
pub fn kind(kind: &str, required: bool) -> Value {
    if required { json!({ "type": kind }) } else { json!({ "type": [kind, "null"] }) }
}

#[cfg(test)]
mod tests {
    use super::schema_of_reader;
    use crate::trade::check::Check;
    use rust_decimal::Decimal;
    use serde_json::json;

    #[test]
    fn a_reader_run_on_an_empty_body_gives_the_schema_of_what_it_reads() {
        let schema = schema_of_reader(|| {
            let Ok(mut c) = Check::parse(b"") else { return };
            c.string("name", 1, 64, true);
            c.number("fee", Decimal::ZERO, Decimal::ONE_HUNDRED, false, false);
            c.boolean("byHand");
            let _ = c.finish();
        });
        assert_eq!(schema["required"], json!(["name"]));
        assert_eq!(schema["properties"]["name"], json!({ "type": "string", "minLength": 1, "maxLength": 64 }));
        assert_eq!(schema["properties"]["fee"]["oneOf"][0], json!({ "type": "number", "minimum": 0, "maximum": 100 }));
        assert_eq!(schema["properties"]["byHand"], json!({ "type": ["boolean", "null"] }));
        // Outside a description, a reader leaves nothing behind.
        let _ = Check::parse(b"{}");
        assert_eq!(schema_of_reader(|| {}), json!({ "type": "object" }));
    }
}
