//! Errors as they cross IPC: `{ code, message, ... }` so the UI can branch on `code`.
//! Messages never contain the API key (the client never puts it in one).

use escrow_api::{ErrorBody, ErrorKind};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// What kind of failure, for the UI to choose wording and next step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    Validation,
    NotFound,
    Unauthorized,
    BadRequest,
    Conflict,
    Timeout,
    Network,
    Server,
    UnreadableResponse,
    NoApiKey,
    KeychainUnavailable,
    KeychainLocked,
    EnvironmentNotFound,
    Storage,
    /// The disk of the data folder is full (SQLITE_FULL or ENOSPC): nothing was written.
    StorageFull,
    Internal,
}

impl ErrorCode {
    /// Every code, for the web view's list (`ERROR_CODES` in the bindings).
    pub const ALL: [ErrorCode; 16] = [
        Self::Validation,
        Self::NotFound,
        Self::Unauthorized,
        Self::BadRequest,
        Self::Conflict,
        Self::Timeout,
        Self::Network,
        Self::Server,
        Self::UnreadableResponse,
        Self::NoApiKey,
        Self::KeychainUnavailable,
        Self::KeychainLocked,
        Self::EnvironmentNotFound,
        Self::Storage,
        Self::StorageFull,
        Self::Internal,
    ];

    /// Compiles only while [`ErrorCode::ALL`] can name every variant: a new code must
    /// be added there too (the test below checks it is).
    #[cfg(test)]
    fn position(self) -> usize {
        match self {
            Self::Validation => 0,
            Self::NotFound => 1,
            Self::Unauthorized => 2,
            Self::BadRequest => 3,
            Self::Conflict => 4,
            Self::Timeout => 5,
            Self::Network => 6,
            Self::Server => 7,
            Self::UnreadableResponse => 8,
            Self::NoApiKey => 9,
            Self::KeychainUnavailable => 10,
            Self::KeychainLocked => 11,
            Self::EnvironmentNotFound => 12,
            Self::Storage => 13,
            Self::StorageFull => 14,
            Self::Internal => 15,
        }
    }
}

/// An error for the UI: a code, one readable line, and what the service said. Also how
/// the journal stores a failure, read back whole (a code this version does not know
/// reads as `internal`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize, TS, thiserror::Error)]
#[serde(rename_all = "camelCase")]
#[error("{message}")]
pub struct AppError {
    #[serde(deserialize_with = "code_or_internal")]
    pub code: ErrorCode,
    pub message: String,
    pub status: Option<u16>,
    pub title: Option<String>,
    pub detail: Option<String>,
    /// Quote this to the service's support.
    pub correlation_id: Option<String>,
    /// Faults of single request fields (the client's pre-send check or the service's 400 `errors`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub field_errors: Option<Vec<FieldErrorView>>,
    /// The likely cause when the service could not be reached or refused the key or path
    /// (see [`crate::error_cause`]): `dns`, `refused`, `tls`, `timeout`, `wrongKey`, ….
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub cause: Option<String>,
}

fn code_or_internal<'de, D: serde::Deserializer<'de>>(d: D) -> Result<ErrorCode, D::Error> {
    let value = serde_json::Value::deserialize(d)?;
    Ok(serde_json::from_value(value).unwrap_or(ErrorCode::Internal))
}

/// One request field and what is wrong with it (`field` as named on the wire, e.g. `businessId`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct FieldErrorView {
    pub field: String,
    pub message: String,
}

impl AppError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
            status: None,
            title: None,
            detail: None,
            correlation_id: None,
            field_errors: None,
            cause: None,
        }
    }

    pub fn validation(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::Validation, message)
    }

    /// A failure of the local database or data folder; a full disk (SQLITE_FULL, ENOSPC)
    /// gets its own code, so the UI can say what to do about it.
    pub fn storage<E: std::fmt::Display + 'static>(e: E) -> Self {
        let code = if is_disk_full(&e) { ErrorCode::StorageFull } else { ErrorCode::Storage };
        Self::new(code, format!("local database: {e}"))
    }
}

/// SQLite's "database or disk is full" (also what `max_page_count` gives) or the OS's
/// "no space left on device".
fn is_disk_full(e: &dyn std::any::Any) -> bool {
    if let Some(rusqlite::Error::SqliteFailure(f, _)) = e.downcast_ref::<rusqlite::Error>() {
        return f.code == rusqlite::ErrorCode::DiskFull;
    }
    if let Some(io) = e.downcast_ref::<std::io::Error>() {
        return io.kind() == std::io::ErrorKind::StorageFull;
    }
    false
}

impl From<escrow_api::Error> for AppError {
    fn from(e: escrow_api::Error) -> Self {
        let code = match &e.kind {
            ErrorKind::Validation { .. } | ErrorKind::Config(_) => ErrorCode::Validation,
            ErrorKind::Timeout => ErrorCode::Timeout,
            ErrorKind::Connect(_) | ErrorKind::Network(_) => ErrorCode::Network,
            ErrorKind::Unauthorized(_) => ErrorCode::Unauthorized,
            ErrorKind::NotFound(_) => ErrorCode::NotFound,
            ErrorKind::BadRequest(_) | ErrorKind::Client { .. } | ErrorKind::IdempotencyKeyReused(_) => {
                ErrorCode::BadRequest
            }
            ErrorKind::Conflict(_) => ErrorCode::Conflict,
            ErrorKind::Server { .. } => ErrorCode::Server,
            // An answer too large to read is as unusable as an unreadable one.
            ErrorKind::Decode { .. } | ErrorKind::TooLarge { .. } => ErrorCode::UnreadableResponse,
            _ => ErrorCode::Internal,
        };
        let (title, detail) = match e.body() {
            Some(ErrorBody::Problem(p)) => (p.title.clone(), p.detail.clone()),
            Some(ErrorBody::Text(t)) => (None, Some(t.clone())),
            _ => (None, None),
        };
        let field_errors =
            match (&e.kind, e.body()) {
                (ErrorKind::Validation { field, message }, _) => {
                    Some(vec![FieldErrorView { field: field.clone(), message: message.clone() }])
                }
                (_, Some(ErrorBody::Problem(p))) => p.errors.as_ref().filter(|v| !v.is_empty()).map(|v| {
                    v.iter().map(|f| FieldErrorView { field: f.key.clone(), message: f.value.clone() }).collect()
                }),
                _ => None,
            };
        Self {
            code,
            message: e.to_string(),
            status: e.status(),
            title,
            detail,
            correlation_id: e.correlation_id.clone(),
            field_errors,
            cause: crate::error_cause::cause_of(&e).map(str::to_owned),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_listed_once() {
        for (i, code) in ErrorCode::ALL.iter().enumerate() {
            assert_eq!(code.position(), i);
        }
    }

    #[test]
    fn a_stored_error_reads_back_with_its_code_and_an_unknown_code_as_internal() {
        for code in [
            ErrorCode::NoApiKey,
            ErrorCode::Storage,
            ErrorCode::StorageFull,
            ErrorCode::KeychainLocked,
            ErrorCode::UnreadableResponse,
        ] {
            let mut e = AppError::new(code, "x");
            e.field_errors = Some(vec![FieldErrorView { field: "amount".into(), message: "too big".into() }]);
            let back: AppError = serde_json::from_str(&serde_json::to_string(&e).unwrap()).unwrap();
            assert_eq!(back, e);
        }
        let future: AppError = serde_json::from_str(r#"{"code":"quota_exceeded","message":"m"}"#).unwrap();
        assert_eq!((future.code, future.message.as_str()), (ErrorCode::Internal, "m"));
    }

    #[test]
    fn a_full_disk_has_its_own_code_and_other_storage_faults_do_not() {
        let full = rusqlite::Error::SqliteFailure(rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_FULL), None);
        assert_eq!(AppError::storage(full).code, ErrorCode::StorageFull);
        #[cfg(unix)]
        assert_eq!(AppError::storage(std::io::Error::from_raw_os_error(28)).code, ErrorCode::StorageFull, "ENOSPC");
        let busy = rusqlite::Error::SqliteFailure(rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_BUSY), None);
        assert_eq!(AppError::storage(busy).code, ErrorCode::Storage);
        assert_eq!(AppError::storage("lock poisoned").code, ErrorCode::Storage);
    }
}
