//! One error type for every call, so a caller can match on what went wrong.

use bytes::Bytes;
use serde::{Deserialize, Serialize};

/// An RFC 7807 problem-details body, as most client errors of the service carry.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[non_exhaustive]
pub struct Problem {
    /// The `type` member: a URI naming the kind of problem.
    #[serde(rename = "type")]
    pub kind: Option<String>,
    /// Short name of the fault, e.g. "Invalid amount"; the spec's titles are listed per call.
    pub title: Option<String>,
    /// The HTTP status, as repeated in the body.
    pub status: Option<u16>,
    /// What went wrong this time, for a person.
    pub detail: Option<String>,
    /// Field faults (`errors[{key, value}]`), as the trade API's 400s carry them; read
    /// from an array of `{key, value}` or an object of field → message(s).
    #[serde(deserialize_with = "field_errors", skip_serializing_if = "Option::is_none")]
    pub errors: Option<Vec<FieldError>>,
    /// The service's trace id for the request (trade API): quote it to its support.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trace_id: Option<String>,
    /// Machine-readable kind of fault (trade API), e.g. a not-found code.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub type_code: Option<String>,
}

/// One field fault of a problem: which request field, and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[non_exhaustive]
pub struct FieldError {
    /// The field as named on the wire, e.g. `amount` or `address.city`.
    pub key: String,
    /// What is wrong with it, for a person.
    pub value: String,
}

/// Reads `errors` leniently: an array of `{key, value}`, or an object of field →
/// message or messages; anything else is dropped rather than failing the problem.
fn field_errors<'de, D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Option<Vec<FieldError>>, D::Error> {
    use serde_json::Value;
    let text = |v: &Value| match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        Value::Array(items) => {
            items.iter().map(|i| i.as_str().map_or_else(|| i.to_string(), str::to_owned)).collect::<Vec<_>>().join("; ")
        }
        other => other.to_string(),
    };
    Ok(match Value::deserialize(d)? {
        Value::Array(items) => Some(
            items
                .iter()
                .filter_map(|i| i.as_object())
                .map(|o| FieldError {
                    key: o.get("key").map(text).unwrap_or_default(),
                    value: o.get("value").map(text).unwrap_or_default(),
                })
                .collect(),
        ),
        Value::Object(map) => Some(map.iter().map(|(k, v)| FieldError { key: k.clone(), value: text(v) }).collect()),
        _ => None,
    })
}

/// What an error response carried: problem details, a plain string, or nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorBody {
    /// Problem details, as most client errors carry.
    Problem(Box<Problem>),
    /// A plain string, as some 400s of update and reimburse carry.
    Text(String),
    /// No body, typical of 404.
    Empty,
}

impl ErrorBody {
    /// Reads an error body: problem details when it is one, else the text as sent.
    pub(crate) fn parse(bytes: &[u8]) -> Self {
        let text = String::from_utf8_lossy(bytes);
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Self::Empty;
        }
        if let Ok(problem) = serde_json::from_str::<Problem>(trimmed)
            && (problem.title.is_some() || problem.detail.is_some() || problem.status.is_some())
        {
            return Self::Problem(Box::new(problem));
        }
        // Some 400s carry a JSON string ("\"Amount too high\"") rather than raw text.
        if let Ok(s) = serde_json::from_str::<String>(trimmed) {
            return Self::Text(s);
        }
        Self::Text(trimmed.to_owned())
    }

    /// Exposes [`ErrorBody::parse`] to the crate's hostile-input tests.
    #[doc(hidden)]
    pub fn parse_for_tests(bytes: &[u8]) -> Self {
        Self::parse(bytes)
    }

    /// The problem title, if the body had one.
    pub fn title(&self) -> Option<&str> {
        match self {
            Self::Problem(p) => p.title.as_deref(),
            _ => None,
        }
    }

    /// The most useful single line for a person: detail, else title, else the text.
    pub fn message(&self) -> Option<String> {
        match self {
            Self::Problem(p) => match (&p.title, &p.detail) {
                (Some(t), Some(d)) if !d.is_empty() => Some(format!("{t}: {d}")),
                (Some(t), _) => Some(t.clone()),
                (None, Some(d)) => Some(d.clone()),
                (None, None) => None,
            },
            Self::Text(t) => Some(t.clone()),
            Self::Empty => None,
        }
    }
}

/// Each kind of failure, named.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The request was refused before sending: the input breaks a rule of the spec.
    Validation {
        /// The request field, as named on the wire, that breaks the rule.
        field: String,
        /// What is wrong with it, for a person.
        message: String,
    },
    /// The client is misconfigured (bad base URL, key with invalid characters).
    Config(String),
    /// No response in time. The server may or may not have acted.
    Timeout,
    /// Could not connect: nothing was sent.
    Connect(String),
    /// The connection failed after the request may have been sent.
    Network(String),
    /// 401: the API key is missing or invalid.
    Unauthorized(ErrorBody),
    /// 404: not found, or not owned by this tenant (the service does not tell which).
    NotFound(ErrorBody),
    /// 400: the request is malformed or breaks a business rule.
    BadRequest(ErrorBody),
    /// 409: a request with the same Idempotency-Key is still being processed.
    Conflict(ErrorBody),
    /// 422: the Idempotency-Key was already used for a different request.
    IdempotencyKeyReused(ErrorBody),
    /// Any other 4xx.
    Client {
        /// The HTTP status.
        status: u16,
        /// What the response carried.
        body: ErrorBody,
    },
    /// 5xx: the server failed; an idempotent retry is safe.
    Server {
        /// The HTTP status.
        status: u16,
        /// What the response carried.
        body: ErrorBody,
    },
    /// A success status whose body could not be decoded; the raw bytes are kept.
    Decode {
        /// The (successful) HTTP status.
        status: u16,
        /// Why the body could not be decoded.
        message: String,
        /// The body as received, for a report.
        raw: Bytes,
    },
    /// The response body was longer than the client's limit
    /// ([`crate::ClientBuilder::max_response_bytes`]); it was not read in full, so a
    /// hostile or broken server cannot exhaust memory.
    TooLarge {
        /// The HTTP status of the refused response.
        status: u16,
        /// The limit in bytes.
        limit: u64,
    },
    /// Answers that cannot be reconciled with each other (a multi-page read whose pages
    /// no longer line up after re-reading); running the whole operation again is safe.
    Inconsistent(String),
}

impl ErrorKind {
    /// A short fixed name of the kind (`timeout`, `server`, …) for logs and metrics:
    /// unlike the message it carries nothing the server sent.
    pub fn label(&self) -> &'static str {
        match self {
            Self::Validation { .. } => "validation",
            Self::Config(_) => "config",
            Self::Timeout => "timeout",
            Self::Connect(_) => "connect",
            Self::Network(_) => "network",
            Self::Unauthorized(_) => "unauthorized",
            Self::NotFound(_) => "not_found",
            Self::BadRequest(_) => "bad_request",
            Self::Conflict(_) => "conflict",
            Self::IdempotencyKeyReused(_) => "idempotency_key_reused",
            Self::Client { .. } => "client",
            Self::Server { .. } => "server",
            Self::Decode { .. } => "decode",
            Self::TooLarge { .. } => "too_large",
            Self::Inconsistent(_) => "inconsistent",
        }
    }
}

/// An error from a call, with what is needed to report or reconcile it.
#[derive(Debug, Clone, thiserror::Error)]
#[error("{}", self.describe())]
#[non_exhaustive]
pub struct Error {
    /// What went wrong.
    pub kind: ErrorKind,
    /// The X-Correlation-Id sent with the call (quote it to the service's support).
    pub correlation_id: Option<String>,
    /// How many requests were sent (0 when refused before sending).
    pub attempts: u32,
    /// Whether the response carried `Idempotency-Replayed: true`.
    pub replayed: bool,
}

impl Error {
    pub(crate) fn new(kind: ErrorKind) -> Self {
        Self { kind, correlation_id: None, attempts: 0, replayed: false }
    }

    pub(crate) fn validation(field: &str, message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Validation { field: field.to_owned(), message: message.into() })
    }

    /// The HTTP status, when there was a response.
    pub fn status(&self) -> Option<u16> {
        match &self.kind {
            ErrorKind::Unauthorized(_) => Some(401),
            ErrorKind::NotFound(_) => Some(404),
            ErrorKind::BadRequest(_) => Some(400),
            ErrorKind::Conflict(_) => Some(409),
            ErrorKind::IdempotencyKeyReused(_) => Some(422),
            ErrorKind::Client { status, .. }
            | ErrorKind::Server { status, .. }
            | ErrorKind::Decode { status, .. }
            | ErrorKind::TooLarge { status, .. } => Some(*status),
            _ => None,
        }
    }

    /// The response body of an error status, if any.
    pub fn body(&self) -> Option<&ErrorBody> {
        match &self.kind {
            ErrorKind::Unauthorized(b)
            | ErrorKind::NotFound(b)
            | ErrorKind::BadRequest(b)
            | ErrorKind::Conflict(b)
            | ErrorKind::IdempotencyKeyReused(b)
            | ErrorKind::Client { body: b, .. }
            | ErrorKind::Server { body: b, .. } => Some(b),
            _ => None,
        }
    }

    /// True when the server may have executed the request although we saw no success:
    /// the outcome must be reconciled (GET) before anything new is sent.
    pub fn outcome_unknown(&self) -> bool {
        matches!(
            self.kind,
            ErrorKind::Timeout | ErrorKind::Network(_) | ErrorKind::Server { .. } | ErrorKind::Conflict(_)
        )
    }

    /// Whether a retry with the same Idempotency-Key may succeed. 429 (too many
    /// requests) is retried too: the server asks to come back later.
    pub(crate) fn is_retryable(&self) -> bool {
        matches!(
            self.kind,
            ErrorKind::Timeout
                | ErrorKind::Connect(_)
                | ErrorKind::Network(_)
                | ErrorKind::Server { .. }
                | ErrorKind::Conflict(_)
                | ErrorKind::Client { status: 429, .. }
        )
    }

    fn describe(&self) -> String {
        let body = self.body().and_then(ErrorBody::message);
        let base = match &self.kind {
            ErrorKind::Validation { field, message } => format!("invalid {field}: {message}"),
            ErrorKind::Config(m) => format!("client configuration: {m}"),
            ErrorKind::Timeout => "the service did not answer in time".into(),
            ErrorKind::Connect(m) => format!("could not connect to the service: {m}"),
            ErrorKind::Network(m) => format!("network error: {m}"),
            ErrorKind::Unauthorized(_) => "the API key was refused (401)".into(),
            ErrorKind::NotFound(_) => "not found (404)".into(),
            ErrorKind::BadRequest(_) => "the service refused the request (400)".into(),
            ErrorKind::Conflict(_) => "the same request is still being processed (409)".into(),
            ErrorKind::IdempotencyKeyReused(_) => {
                "the idempotency key was already used for a different request (422)".into()
            }
            ErrorKind::Client { status, .. } => format!("the service refused the request ({status})"),
            ErrorKind::Server { status, .. } => format!("the service failed ({status})"),
            ErrorKind::Decode { status, message, .. } => {
                format!("unreadable response ({status}): {message}")
            }
            ErrorKind::TooLarge { status, limit } => {
                format!("response too large ({status}): over the limit of {limit} bytes")
            }
            ErrorKind::Inconsistent(m) => format!("inconsistent answers from the service: {m}"),
        };
        match body {
            Some(b) => format!("{base}: {b}"),
            None => base,
        }
    }
}

/// The result of every call of this crate.
pub type Result<T> = std::result::Result<T, Error>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_each_body_shape() {
        let p = ErrorBody::parse(br#"{"type":"about:blank","title":"Invalid amount","status":400,"detail":"too low"}"#);
        assert_eq!(p.title(), Some("Invalid amount"));
        assert_eq!(p.message().unwrap(), "Invalid amount: too low");
        assert_eq!(ErrorBody::parse(b"\"Amount too high\""), ErrorBody::Text("Amount too high".into()));
        assert_eq!(ErrorBody::parse(b"plain words"), ErrorBody::Text("plain words".into()));
        assert_eq!(ErrorBody::parse(b"  "), ErrorBody::Empty);
        assert_eq!(ErrorBody::parse(b"{\"unrelated\":1}"), ErrorBody::Text("{\"unrelated\":1}".into()));
        assert_eq!(ErrorBody::parse(&[0xff, 0xfe]), ErrorBody::Text("\u{fffd}\u{fffd}".into()));
    }
}
