//! Every way a command can fail, its exit code, and how it is reported on stderr (and, with
//! `--json`, as an `{"error": ...}` object on stdout for failures of a call to the service).

use escrow_api::{ErrorBody, ErrorKind};
use serde_json::{Value, json};
use std::io::Write;
use std::path::PathBuf;

/// Exit codes (also listed in `escrow --help`).
pub mod code {
    pub const LOCAL: u8 = 1;
    pub const USAGE: u8 = 2;
    pub const REFUSED: u8 = 3;
    pub const NETWORK: u8 = 4;
    pub const UNDECODABLE: u8 = 5;
    pub const INTERRUPTED: u8 = 130;
}

/// Why a command failed.
#[derive(Debug)]
pub enum Failure {
    /// A bad flag or value, no API key, an unknown profile (exit 2).
    Usage(String),
    /// A call to the service failed; `hint` says what to do next (e.g. retry with the same key).
    Api { error: Box<escrow_api::Error>, hint: Option<String> },
    /// A local file could not be read or written (exit 1).
    Local(String),
    /// A webhook payload that is not a webhook (exit 5).
    Payload(String),
    /// Ctrl+C (exit 130).
    Interrupted,
    /// `escrow api`: no answer from the service (exit 4).
    Network(String),
    /// `escrow api`: an answer with an error status, whose body is already printed (exit 3).
    Status(u16),
}

impl From<escrow_api::Error> for Failure {
    fn from(error: escrow_api::Error) -> Self {
        Self::Api { error: Box::new(error), hint: None }
    }
}

impl Failure {
    pub fn usage(message: impl Into<String>) -> Self {
        Self::Usage(message.into())
    }

    pub fn local(message: impl Into<String>) -> Self {
        Self::Local(message.into())
    }

    /// Names the address when the service could not be reached and nothing better was said.
    pub fn at_address(self, base_url: &str) -> Self {
        match self {
            Self::Api { error, hint: None } if matches!(error.kind, ErrorKind::Connect(_) | ErrorKind::Timeout) => {
                let hint = Some(format!("is {base_url} the right address (--base-url), and is the service up?"));
                Self::Api { error, hint }
            }
            other => other,
        }
    }

    pub fn code(&self) -> u8 {
        match self {
            Self::Usage(_) => code::USAGE,
            Self::Local(_) => code::LOCAL,
            Self::Payload(_) => code::UNDECODABLE,
            Self::Interrupted => code::INTERRUPTED,
            Self::Network(_) => code::NETWORK,
            Self::Status(_) => code::REFUSED,
            Self::Api { error, .. } => api_code(&error.kind),
        }
    }

    /// Prints the failure: a message on stderr; with `json`, a service failure also as JSON on stdout.
    pub fn report(&self, json: bool) {
        let mut lines = Vec::new();
        match self {
            Self::Usage(m) | Self::Local(m) | Self::Payload(m) | Self::Network(m) => lines.push(m.clone()),
            Self::Status(status) => lines.push(format!("the service answered {status}")),
            Self::Interrupted => lines.push("interrupted".into()),
            Self::Api { error, hint } => {
                let saved = match &error.kind {
                    ErrorKind::Decode { raw, .. } => Some(save_raw(raw)),
                    _ => None,
                };
                lines.extend(describe(error, saved.as_ref()));
                if let Some(h) = hint {
                    lines.push(h.clone());
                }
                if json {
                    crate::stdout::json_best_effort(&error_json(error, self.code(), saved.as_ref()));
                }
            }
        }
        let mut err = std::io::stderr().lock();
        for line in lines {
            let _ = writeln!(err, "escrow: {line}");
        }
    }
}

fn api_code(kind: &ErrorKind) -> u8 {
    match kind {
        ErrorKind::Validation { .. } | ErrorKind::Config(_) => code::USAGE,
        ErrorKind::Unauthorized(_)
        | ErrorKind::NotFound(_)
        | ErrorKind::BadRequest(_)
        | ErrorKind::Conflict(_)
        | ErrorKind::IdempotencyKeyReused(_)
        | ErrorKind::Client { .. }
        | ErrorKind::Server { .. } => code::REFUSED,
        ErrorKind::Timeout | ErrorKind::Connect(_) | ErrorKind::Network(_) | ErrorKind::Inconsistent(_) => {
            code::NETWORK
        }
        ErrorKind::Decode { .. } | ErrorKind::TooLarge { .. } => code::UNDECODABLE,
        _ => code::LOCAL,
    }
}

/// The error's own line, then the problem details and the correlation id.
fn describe(error: &escrow_api::Error, saved: Option<&Result<PathBuf, String>>) -> Vec<String> {
    let mut lines = vec![error.to_string()];
    if let Some(ErrorBody::Problem(p)) = error.body() {
        let mut field = |name: &str, value: Option<String>| {
            if let Some(v) = value.filter(|v| !v.is_empty()) {
                lines.push(format!("  {name:<8} {v}"));
            }
        };
        field("status", p.status.map(|s| s.to_string()));
        field("title", p.title.clone());
        field("detail", p.detail.clone());
        field("type", p.kind.clone());
        for e in p.errors.iter().flatten() {
            field("field", Some(format!("{}: {}", e.key, e.value)));
        }
        field("trace id", p.trace_id.clone());
    }
    // Only when a request may have reached the service: then its support can find it.
    if let Some(id) = error.correlation_id.as_ref().filter(|_| !matches!(error.kind, ErrorKind::Connect(_))) {
        lines.push(format!("  correlation id {id} (quote it to the service's support)"));
    }
    match saved {
        Some(Ok(path)) => lines.push(format!("the raw response body was saved to {}", path.display())),
        Some(Err(why)) => lines.push(format!("the raw response body could not be saved: {why}")),
        None => {}
    }
    lines
}

fn error_json(error: &escrow_api::Error, code: u8, saved: Option<&Result<PathBuf, String>>) -> Value {
    let mut e = json!({ "exitCode": code, "message": error.to_string() });
    let mut set = |k: &str, v: Value| {
        if let Value::Object(m) = &mut e {
            m.insert(k.to_owned(), v);
        }
    };
    if let Some(status) = error.status() {
        set("status", json!(status));
    }
    match error.body() {
        Some(ErrorBody::Problem(p)) => set("problem", serde_json::to_value(p).unwrap_or(Value::Null)),
        Some(ErrorBody::Text(t)) => set("text", json!(t)),
        _ => {}
    }
    if let Some(id) = &error.correlation_id {
        set("correlationId", json!(id));
    }
    if let Some(Ok(path)) = saved {
        set("rawBodyFile", json!(path.display().to_string()));
    }
    json!({ "error": e })
}

/// Writes an undecodable body to a new file in the temporary folder; its path, or why not.
fn save_raw(raw: &[u8]) -> Result<PathBuf, String> {
    let path = std::env::temp_dir().join(format!("escrow-response-{}.body", uuid::Uuid::new_v4()));
    let mut file = std::fs::OpenOptions::new().write(true).create_new(true).open(&path).map_err(|e| e.to_string())?;
    file.write_all(raw).and_then(|()| file.sync_all()).map_err(|e| e.to_string())?;
    Ok(path)
}
