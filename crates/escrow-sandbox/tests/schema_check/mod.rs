//! A small JSON Schema checker for the OpenAPI document's component schemas: `true`, `$ref`,
//! `anyOf`, `oneOf`, `type` (one or a list), `const`, `enum`, `properties`, `required`,
//! `additionalProperties: false` and `items`: what the document uses.

use serde_json::Value;

/// Every `$ref` in `doc`.
pub fn collect_refs(doc: &Value, out: &mut Vec<String>) {
    match doc {
        Value::Object(map) => {
            if let Some(Value::String(r)) = map.get("$ref") {
                out.push(r.clone());
            }
            map.values().for_each(|v| collect_refs(v, out));
        }
        Value::Array(items) => items.iter().for_each(|v| collect_refs(v, out)),
        _ => {}
    }
}

/// Panics naming every place where `value` does not fit the component schema `name`.
pub fn fits(doc: &Value, name: &str, value: &Value) {
    let mut errors = Vec::new();
    check(doc, &doc["components"]["schemas"][name], value, name, &mut errors);
    assert!(errors.is_empty(), "{name}: {errors:#?}\n{value}");
}

/// Whether `value` fits `schema` (no errors recorded).
fn fits_quietly(doc: &Value, schema: &Value, value: &Value) -> bool {
    let mut errors = Vec::new();
    check(doc, schema, value, "", &mut errors);
    errors.is_empty()
}

fn type_fits(kind: &str, value: &Value) -> bool {
    match kind {
        "string" => value.is_string(),
        "number" => value.is_number(),
        "integer" => value.is_i64() || value.is_u64(),
        "boolean" => value.is_boolean(),
        "object" => value.is_object(),
        "array" => value.is_array(),
        "null" => value.is_null(),
        _ => false,
    }
}

fn check(doc: &Value, schema: &Value, value: &Value, at: &str, errors: &mut Vec<String>) {
    if schema == &Value::Bool(true) {
        return; // any JSON
    }
    assert!(schema.is_object(), "no schema at {at}");
    if let Some(r) = schema["$ref"].as_str() {
        let name = r.trim_start_matches("#/components/schemas/");
        return check(doc, &doc["components"]["schemas"][name], value, at, errors);
    }
    if let Some(options) = schema["anyOf"].as_array() {
        if !options.iter().any(|s| fits_quietly(doc, s, value)) {
            errors.push(format!("{at}: fits none of {}", schema["anyOf"]));
        }
        return;
    }
    if let Some(options) = schema["oneOf"].as_array() {
        if options.iter().filter(|s| fits_quietly(doc, s, value)).count() != 1 {
            errors.push(format!("{at}: fits not exactly one of {}", schema["oneOf"]));
        }
        return;
    }
    let kinds: Vec<&str> = match &schema["type"] {
        Value::String(k) => vec![k.as_str()],
        Value::Array(ks) => ks.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    if !kinds.is_empty() && !kinds.iter().any(|k| type_fits(k, value)) {
        errors.push(format!("{at}: {value} is not {kinds:?}"));
        return;
    }
    if let Some(expected) = schema.get("const")
        && expected != value
    {
        errors.push(format!("{at}: {value} is not {expected}"));
    }
    if let Some(allowed) = schema["enum"].as_array()
        && !allowed.contains(value)
    {
        errors.push(format!("{at}: {value} is not one of {allowed:?}"));
    }
    if let Some(object) = value.as_object() {
        for name in schema["required"].as_array().into_iter().flatten().filter_map(Value::as_str) {
            if !object.contains_key(name) {
                errors.push(format!("{at}: `{name}` is missing"));
            }
        }
        let properties = schema["properties"].as_object();
        for (key, v) in object {
            match properties.and_then(|p| p.get(key)) {
                Some(property) => check(doc, property, v, &format!("{at}.{key}"), errors),
                None if schema["additionalProperties"] == Value::Bool(false) => {
                    errors.push(format!("{at}: `{key}` is not documented"))
                }
                None => {}
            }
        }
    }
    if let (Some(items), Some(item_schema)) = (value.as_array(), schema.get("items")) {
        for (i, item) in items.iter().enumerate() {
            check(doc, item_schema, item, &format!("{at}[{i}]"), errors);
        }
    }
}
