//! The published dialect's names in the document: the dialect layer renames every field
//! of [`crate::dialect::FIELD_NAMES`] in the JSON bodies of the service's APIs (`/v2`, the
//! trade API), in and out, so their operations and every schema they reach take the
//! published names. Control routes and hosted pages keep the specs' names, as they do on
//! the wire; a schema both reach is an error of the types (a test checks there is none).

use crate::dialect::published_name;
use serde_json::{Map, Value, json};
use std::collections::BTreeSet;

/// Renames `paths`' operations whose bodies the dialect layer renames (`renamed_on_the_wire`)
/// and the schemas they reach, in place.
pub fn rename(paths: &mut Value, schemas: &mut Map<String, Value>, renamed_on_the_wire: impl Fn(&str) -> bool) {
    let (api, other) = reached(paths, schemas, &renamed_on_the_wire);
    if let Some(shared) = api.intersection(&other).find(|name| mentions_renamed(&schemas[name.as_str()])) {
        tracing::warn!("schema {shared} is used by both a renamed API and a control route");
    }
    if let Value::Object(paths) = paths {
        for (path, item) in paths.iter_mut() {
            if renamed_on_the_wire(path) {
                publish_names(item);
            }
        }
    }
    for name in &api {
        if let Some(schema) = schemas.get_mut(name) {
            publish_names(schema);
        }
    }
}

/// The schemas reached from renamed paths, and from the others.
fn reached(
    paths: &Value,
    schemas: &Map<String, Value>,
    renamed_on_the_wire: impl Fn(&str) -> bool,
) -> (BTreeSet<String>, BTreeSet<String>) {
    let (mut api, mut other) = (BTreeSet::new(), BTreeSet::new());
    for (path, item) in paths.as_object().into_iter().flatten() {
        let into = if renamed_on_the_wire(path) { &mut api } else { &mut other };
        reach(item, schemas, into);
    }
    (api, other)
}

fn reach(value: &Value, schemas: &Map<String, Value>, into: &mut BTreeSet<String>) {
    match value {
        Value::Object(map) => {
            if let Some(name) = map.get("$ref").and_then(Value::as_str).and_then(|r| r.rsplit('/').next())
                && into.insert(name.to_owned())
                && let Some(schema) = schemas.get(name)
            {
                reach(schema, schemas, into);
            }
            map.values().for_each(|v| reach(v, schemas, into));
        }
        Value::Array(items) => items.iter().for_each(|v| reach(v, schemas, into)),
        _ => {}
    }
}

/// Whether `schema` names a field the dialect renames.
fn mentions_renamed(schema: &Value) -> bool {
    match schema {
        Value::Object(map) => {
            map.get("properties")
                .and_then(Value::as_object)
                .is_some_and(|p| p.keys().any(|k| published_name(k).is_some()))
                || map.values().any(mentions_renamed)
        }
        Value::Array(items) => items.iter().any(mentions_renamed),
        _ => false,
    }
}

/// Renames the specs' field names to the published ones in `properties` and `required`.
fn publish_names(schema: &mut Value) {
    match schema {
        Value::Object(map) => {
            if let Some(Value::Object(props)) = map.get_mut("properties") {
                let renamed = std::mem::take(props)
                    .into_iter()
                    .map(|(k, v)| (published_name(&k).map_or(k, str::to_owned), v))
                    .collect();
                *props = renamed;
            }
            if let Some(Value::Array(required)) = map.get_mut("required") {
                for name in required.iter_mut() {
                    if let Some(published) = name.as_str().and_then(published_name) {
                        *name = json!(published);
                    }
                }
            }
            map.values_mut().for_each(publish_names);
        }
        Value::Array(items) => items.iter_mut().for_each(publish_names),
        _ => {}
    }
}
