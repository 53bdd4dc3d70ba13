//! The answers still rendered with `json!` by their handlers (trades, the control API's
//! lists), described here next to each other until their renderers become types of their
//! own. Each is a schema-only type, so registrations name them like the generated ones
//! (`Op::returns::<Trade>()`).

use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde_json::{Value, json};
use std::borrow::Cow;

fn string() -> Value {
    json!({ "type": "string" })
}

fn nullable(kind: &str) -> Value {
    json!({ "type": [kind, "null"] })
}

fn object(required: &[&str], properties: Value, closed: bool) -> Value {
    let mut schema = json!({ "type": "object", "required": required, "properties": properties });
    if closed {
        schema["additionalProperties"] = json!(false);
    }
    schema
}

fn reference<T: JsonSchema>(generator: &mut SchemaGenerator) -> Value {
    generator.subschema_for::<T>().to_value()
}

/// A schema-only type named `$name` whose schema `$build` makes with the generator.
macro_rules! kept {
    ($(#[$doc:meta])* $ty:ident, $name:literal, |$g:ident| $build:expr) => {
        $(#[$doc])*
        pub struct $ty;
        impl JsonSchema for $ty {
            fn schema_name() -> Cow<'static, str> {
                $name.into()
            }
            fn json_schema($g: &mut SchemaGenerator) -> Schema {
                let value: Value = $build;
                Schema::try_from(value).unwrap_or_default()
            }
        }
    };
}

kept!(
    /// A trade's details.
    Trade, "Trade", |_g| object(&["tradeId", "payer", "payee", "price", "phases"], json!({
    "tradeId": string(), "payer": { "type": "object" }, "payee": { "type": "object" },
    "createdBy": {}, "referenceId": nullable("string"), "title": string(), "description": string(),
    "price": { "type": "number" }, "prioritizedPayees": {}, "phases": {}, "images": { "type": "array" },
}), true));

kept!(
    /// A user's trades.
    TradeList, "TradeList", |g| object(&["trades", "pagination"], json!({
    "trades": { "type": "array", "items": reference::<Trade>(g) },
    "pagination": object(&["page", "pageSize"], json!({ "page": { "type": "integer" }, "pageSize": { "type": "integer" } }), true),
}), true));

kept!(
    /// A control-API list (`{items: [...]}`).
    SandboxItems, "SandboxItems", |_g| object(&["items"], json!({ "items": { "type": "array", "items": { "type": "object" } } }), false));
