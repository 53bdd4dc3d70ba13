//! Helpers every `/v2` feature uses: reading a JSON body and checking a return URL.

use crate::error::ApiError;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// Parses a JSON request body into `T`, answering 400 (problem details) with the reason when
/// it does not fit.
pub fn parse_json<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    read(body).map_err(|why| ApiError::bad_request("Invalid request", why))
}

/// [`parse_json`] for the routes whose 400 is a plain JSON string (update, reimburse-payer).
pub fn parse_json_text<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    read(body).map_err(|why| ApiError::BadRequestText(format!("Invalid request: {why}")))
}

/// A request body as the object the spec's requests are: an empty body reads as `{}`;
/// anything else that is not an object (an array, a string, null) is refused, as the service
/// would, rather than read field by field as serde reads a sequence into a struct.
pub fn object(body: &[u8]) -> Result<Map<String, Value>, String> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(Map::new());
    }
    match serde_json::from_slice::<Value>(body) {
        Ok(Value::Object(obj)) => Ok(obj),
        Ok(other) => Err(format!("the body must be a JSON object, not {}", kind_of(&other))),
        Err(e) => Err(format!("the body is not valid JSON (line {}, column {})", e.line(), e.column())),
    }
}

fn read<T: DeserializeOwned>(body: &[u8]) -> Result<T, String> {
    serde_json::from_value(Value::Object(object(body)?)).map_err(|e| plain(&e))
}

fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "true or false",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// A field's fault in the client's words: never a type of this program (`struct CreateBody`,
/// `enum Recipient`, `u32`).
fn plain(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let mut out = String::with_capacity(text.len());
    let mut words = text.split(' ').peekable();
    while let Some(w) = words.next() {
        if matches!(w, "struct" | "enum") && words.peek().is_some() {
            let _ = words.next();
            out.push_str(if w == "struct" { "an object" } else { "one of the allowed values" });
        } else {
            out.push_str(match w.trim_end_matches([',', '.']) {
                "u8" | "u16" | "u32" | "u64" | "i32" | "i64" | "usize" => "a whole number",
                "f64" | "f32" => "a number",
                _ => w,
            });
            if let Some(p) = w.strip_prefix(w.trim_end_matches([',', '.'])) {
                out.push_str(p);
            }
        }
        out.push(' ');
    }
    out.trim_end().to_owned()
}

/// Valid absolute http(s) URL, as returnUrl must be.
pub fn is_web_url(url: &str) -> bool {
    let url = url.trim();
    let rest = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://"));
    rest.is_some_and(|r| {
        !r.is_empty() && !r.starts_with('/') && !url.chars().any(|c| c.is_whitespace() || c.is_control())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct CreateBody {
        amount: u32,
        reason: String,
    }

    #[test]
    fn only_an_object_is_read_and_no_message_names_a_type_of_this_program() {
        assert_eq!(
            parse_json::<CreateBody>(br#"[1, "because"]"#).unwrap_err().to_string(),
            "Invalid request: the body must be a JSON object, not an array"
        );
        assert!(object(b"null").unwrap_err().contains("not null"));
        assert!(object(b"{").unwrap_err().starts_with("the body is not valid JSON"));
        assert!(object(b"  ").unwrap().is_empty());
        let wrong = parse_json::<CreateBody>(br#"{"amount": "x", "reason": "r"}"#).unwrap_err().to_string();
        assert!(!wrong.contains("u32") && wrong.contains("a whole number"), "{wrong}");
        let missing = parse_json::<CreateBody>(br#"{"amount": 1}"#).unwrap_err().to_string();
        assert!(missing.contains("missing field `reason`") && !missing.contains("CreateBody"), "{missing}");
        assert!(matches!(parse_json_text::<CreateBody>(b"[]"), Err(ApiError::BadRequestText(_))));
    }
}
