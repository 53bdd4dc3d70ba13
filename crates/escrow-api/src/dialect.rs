//! The two wire dialects: the specs' names and routes, and those of the service's public
//! documentation (see `docs/published-api.md`).
//!
//! Decoding is tolerant in both: every response model accepts either name of a field the
//! two disagree on ([`accept_published`]), so a response reads the same whatever the
//! server speaks. The dialect chosen on the [`crate::ClientBuilder`] decides only what is
//! *sent*: field names in JSON bodies ([`to_published`]) and route presets.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// What the client sends: names and routes of the specs, or of the published documentation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub enum Dialect {
    /// The specs' field names and routes (the default and the reference).
    #[default]
    Spec,
    /// The public documentation's: `safepayAccountId`, `/v2/checkout/marketplace`, the
    /// published trade routes.
    Published,
}

impl Dialect {
    /// Every dialect.
    pub const ALL: [Self; 2] = [Self::Spec, Self::Published];

    /// `spec` or `published`, as profiles and the command line write it.
    pub fn name(self) -> &'static str {
        match self {
            Self::Spec => "spec",
            Self::Published => "published",
        }
    }

    /// The dialect named `name` (case-insensitive).
    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|d| d.name().eq_ignore_ascii_case(name.trim()))
    }
}

impl std::fmt::Display for Dialect {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Field names the specs and the published documentation disagree on, anywhere in a
/// body: (spec's name, published name).
pub const FIELD_NAMES: [(&str, &str); 2] =
    [("serviceAccountId", "safepayAccountId"), ("serviceUserId", "symblepayUserId")];

/// Names the published trade webhooks use for the account id (`symblepayAccountId`).
const ALSO_ACCEPTED: [(&str, &str); 1] = [("serviceAccountId", "symblepayAccountId")];

/// Moves published names of this object's own fields to the specs' names, in place: a
/// published value is taken only when the spec's key is absent or null (both may appear).
/// `also` are the model's own (spec's name, fallback) pairs, copied the same way (the
/// fallback key stays: it may be a field of its own, like `id` next to `transactionId`).
/// Nested objects are left to their own models.
pub fn accept_published(value: &mut Value, also: &[(&str, &str)]) {
    let Value::Object(map) = value else { return };
    for (spec, published) in FIELD_NAMES.iter().chain(ALSO_ACCEPTED.iter()) {
        take_fallback(map, spec, published);
    }
    for (spec, fallback) in also {
        if map.get(*spec).is_none_or(|v| v.is_null() || v.as_str() == Some(""))
            && let Some(v) = map.get(*fallback).filter(|v| !v.is_null()).cloned()
        {
            map.insert((*spec).to_owned(), v);
        }
    }
}

/// `map[spec]` = `map[fallback]` when the former is absent or null; the fallback key is removed.
pub(crate) fn take_fallback(map: &mut Map<String, Value>, spec: &str, fallback: &str) {
    let Some(other) = map.remove(fallback) else { return };
    if map.get(spec).is_none_or(Value::is_null) {
        map.insert(spec.to_owned(), other);
    }
}

/// Renames the specs' field names to the published ones at every depth of a request body,
/// and writes `operatingSystem` as the published integer (Android 0, iOS 1; digits as
/// their number; anything else is left as sent).
pub fn to_published(value: &mut Value) {
    match value {
        Value::Object(map) => {
            for (spec, published) in FIELD_NAMES {
                if let Some(v) = map.remove(spec) {
                    map.insert(published.to_owned(), v);
                }
            }
            if let Some(os) = map.get_mut("operatingSystem") {
                let code = match os.as_str().map(str::trim) {
                    Some(s) if s.eq_ignore_ascii_case("android") => Some(0),
                    Some(s) if s.eq_ignore_ascii_case("ios") => Some(1),
                    Some(s) => s.parse::<i64>().ok(),
                    None => None,
                };
                if let Some(code) = code {
                    *os = Value::from(code);
                }
            }
            map.values_mut().for_each(to_published);
        }
        Value::Array(items) => items.iter_mut().for_each(to_published),
        _ => {}
    }
}

/// Renames one top-level key of a JSON object (an operation's own published name).
pub(crate) fn rename_key(value: &mut Value, from: &str, to: &str) {
    if let Value::Object(map) = value
        && let Some(v) = map.remove(from)
    {
        map.insert(to.to_owned(), v);
    }
}

/// A JSON request body in the published dialect ([`to_published`]).
pub(crate) fn body_to_published(bytes: &[u8]) -> crate::error::Result<bytes::Bytes> {
    let mut value: Value =
        serde_json::from_slice(bytes).map_err(|e| crate::error::Error::validation("body", e.to_string()))?;
    to_published(&mut value);
    serde_json::to_vec(&value).map(Into::into).map_err(|e| crate::error::Error::validation("body", e.to_string()))
}

/// Gives models derived with `#[serde(remote = "Self")]` their `Serialize` (as derived)
/// and a tolerant `Deserialize` that reads published names too ([`accept_published`]).
macro_rules! tolerant_model {
    ($($ty:ty $({ $($spec:literal <- $fallback:literal),+ })?),+ $(,)?) => {$(
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                <$ty>::serialize(self, s)
            }
        }
        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let mut value = <serde_json::Value as serde::Deserialize>::deserialize(d)?;
                $crate::dialect::accept_published(&mut value, &[$($(($spec, $fallback)),+)?]);
                <$ty>::deserialize(value).map_err(<D::Error as serde::de::Error>::custom)
            }
        }
    )+};
}
pub(crate) use tolerant_model;

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn published_names_are_a_fallback_and_requests_are_renamed_at_every_depth() {
        let mut v = json!({"safepayAccountId": "a", "name": "x"});
        accept_published(&mut v, &[]);
        assert_eq!(v, json!({"serviceAccountId": "a", "name": "x"}));
        let mut both = json!({"serviceAccountId": "spec", "safepayAccountId": "published"});
        accept_published(&mut both, &[]);
        assert_eq!(both, json!({"serviceAccountId": "spec"}));
        let mut null_spec = json!({"serviceAccountId": null, "symblepayUserId": "u", "safepayAccountId": "p"});
        accept_published(&mut null_spec, &[]);
        assert_eq!(null_spec, json!({"serviceAccountId": "p", "serviceUserId": "u"}));
        let mut created = json!({"id": "t-1", "checkoutUrl": "c"});
        accept_published(&mut created, &[("transactionId", "id")]);
        assert_eq!(created, json!({"id": "t-1", "transactionId": "t-1", "checkoutUrl": "c"}));

        let mut req = json!({"serviceAccountId": "a", "items": [{"serviceAccountId": "b"}], "reason": null,
                             "appSwitch": {"operatingSystem": "Android"}});
        to_published(&mut req);
        assert_eq!(
            req,
            json!({"safepayAccountId": "a", "items": [{"safepayAccountId": "b"}], "reason": null, "appSwitch": {"operatingSystem": 0}})
        );
        assert_eq!(Dialect::parse(" Published "), Some(Dialect::Published));
        assert_eq!(Dialect::parse("other"), None);
    }
}
