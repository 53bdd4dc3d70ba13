//! Deserializers that accept the several spellings the spec allows for one value.

use chrono::{DateTime, NaiveDateTime, Utc};
use serde::{Deserialize, Deserializer, de};

/// An int32 as a JSON integer or a numeric string (`^-?(?:0|[1-9]\d*)$`), as Skip/Take are.
pub fn int32<'de, D: Deserializer<'de>>(d: D) -> Result<i32, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw<'a> {
        Int(i64),
        Str(std::borrow::Cow<'a, str>),
    }
    match Raw::deserialize(d)? {
        Raw::Int(i) => i32::try_from(i).map_err(|_| de::Error::custom("integer out of int32 range")),
        Raw::Str(s) => parse_int32(&s).map_err(de::Error::custom),
    }
}

/// `int32` for an optional field.
pub fn optional_int32<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i32>, D::Error> {
    #[derive(Deserialize)]
    struct W(#[serde(deserialize_with = "int32")] i32);
    Ok(Option::<W>::deserialize(d)?.map(|w| w.0))
}

/// Parses the spec's int32 pattern strictly (no `+`, no leading zeros, no spaces).
pub fn parse_int32(s: &str) -> Result<i32, String> {
    let digits = s.strip_prefix('-').unwrap_or(s);
    let ok =
        !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) && (digits == "0" || !digits.starts_with('0'));
    if !ok {
        return Err(format!("`{s}` is not an integer"));
    }
    s.parse::<i32>().map_err(|_| format!("`{s}` is out of int32 range"))
}

/// A value the spec types as text (or gives no type for) that may arrive as a number:
/// kept as its digits; null or absent is `None`.
pub fn optional_text<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(match Option::<serde_json::Value>::deserialize(d)? {
        None | Some(serde_json::Value::Null) => None,
        Some(serde_json::Value::String(s)) => Some(s),
        Some(other) => Some(other.to_string()),
    })
}

/// A timestamp: RFC 3339 with an offset, or without one (read as UTC), as servers
/// written on other stacks often send.
pub fn datetime<'de, D: Deserializer<'de>>(d: D) -> Result<DateTime<Utc>, D::Error> {
    let s = std::borrow::Cow::<'de, str>::deserialize(d)?;
    parse_datetime(&s).map_err(de::Error::custom)
}

/// `datetime` for an optional field; an empty string is "not yet" (`None`), as the
/// published trade API writes unset dates.
pub fn optional_datetime<'de, D: Deserializer<'de>>(d: D) -> Result<Option<DateTime<Utc>>, D::Error> {
    match Option::<std::borrow::Cow<'de, str>>::deserialize(d)? {
        None => Ok(None),
        Some(s) if s.trim().is_empty() => Ok(None),
        Some(s) => parse_datetime(&s).map(Some).map_err(de::Error::custom),
    }
}

/// Reads an ISO 8601 date-time; one without an offset is taken as UTC.
pub fn parse_datetime(s: &str) -> Result<DateTime<Utc>, String> {
    if let Ok(t) = DateTime::parse_from_rfc3339(s) {
        return Ok(t.with_timezone(&Utc));
    }
    NaiveDateTime::parse_from_str(s, "%Y-%m-%dT%H:%M:%S%.f")
        .map(|t| t.and_utc())
        .map_err(|_| format!("`{s}` is not an ISO 8601 date-time"))
}

/// `null` read as the type's default, so a list or flag sent as `null` still decodes.
pub(crate) fn null_default<'de, D: Deserializer<'de>, T: Default + Deserialize<'de>>(d: D) -> Result<T, D::Error> {
    Ok(Option::<T>::deserialize(d)?.unwrap_or_default())
}

/// Picture addresses as `["https://…"]` (the request's shape) or `[{"url": "https://…"}]` (the
/// published record's `images`); any other shape reads as none, never as an error.
pub fn optional_image_urls<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<String>>, D::Error> {
    let serde_json::Value::Array(items) = serde_json::Value::deserialize(d)? else {
        return Ok(None);
    };
    let urls: Vec<String> = items
        .iter()
        .filter_map(|i| i.as_str().or_else(|| i.get("url").and_then(serde_json::Value::as_str)))
        .map(str::to_owned)
        .collect();
    Ok((!urls.is_empty()).then_some(urls))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ints_and_times() {
        assert_eq!(parse_int32("-12"), Ok(-12));
        assert!(parse_int32("012").is_err());
        assert!(parse_int32("2147483648").is_err());
        assert!(parse_int32("").is_err());
        assert!(parse_datetime("2026-01-02T03:04:05Z").is_ok());
        assert!(parse_datetime("2026-01-02T03:04:05.123+01:00").is_ok());
        assert!(parse_datetime("2026-01-02T03:04:05.1234567").is_ok());
        assert!(parse_datetime("yesterday").is_err());
    }

    use crate::v2::transactions::models::Transaction;

    fn images_of(extra: &str) -> Option<Vec<String>> {
        let json = format!(r#"{{"transactionId":"t","status":"CREATED","amount":1{extra}}}"#);
        serde_json::from_str::<Transaction>(&json).map(|t| t.image_urls).unwrap_or_else(|e| panic!("{e}: {json}"))
    }

    #[test]
    fn image_urls_read_as_strings_or_url_objects_and_any_other_shape_as_none() {
        let one = Some(vec!["https://cdn.example/a.jpg".to_owned()]);
        assert_eq!(images_of(r#","imageUrls":["https://cdn.example/a.jpg"]"#), one);
        assert_eq!(images_of(r#","images":[{"url":"https://cdn.example/a.jpg"},{"id":3}]"#), one);
        assert_eq!(images_of(""), None);
        assert_eq!(images_of(r#","imageUrls":null"#), None);
        assert_eq!(images_of(r#","imageUrls":"https://cdn.example/a.jpg""#), None);
        assert_eq!(images_of(r#","imageUrls":{"a":1}"#), None);
        assert_eq!(images_of(r#","imageUrls":[]"#), None);
    }
}
