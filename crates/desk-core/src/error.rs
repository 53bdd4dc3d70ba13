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
    /// The app database is damaged (SQLITE_CORRUPT or SQLITE_NOTADB while running): nothing
    /// was written, and the next start moves it aside ([`crate::damage`]).
    StorageDamaged,
    /// A colleague's desk is doing the same money move now (a team's store keeps one open
    /// intent per environment, target and kind): the message names who and since when.
    InProgress,
    /// The team store's database refused it for this staff member's role.
    NotPermitted,
    /// The team store could not be reached: money actions wait until it can.
    TeamUnreachable,
    Internal,
}

impl ErrorCode {
    /// Every code, for the web view's list (`ERROR_CODES` in the bindings).
    pub const ALL: [ErrorCode; 20] = [
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
        Self::StorageDamaged,
        Self::InProgress,
        Self::NotPermitted,
        Self::TeamUnreachable,
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
            Self::StorageDamaged => 15,
            Self::InProgress => 16,
            Self::NotPermitted => 17,
            Self::TeamUnreachable => 18,
            Self::Internal => 19,
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
    /// When the local database failed under a journaled action (a full disk, a damaged
    /// file): what was not recorded, and so what became of the action.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub not_recorded: Option<NotRecorded>,
}

/// What a journaled action could not record when the local database failed under it; the
/// UI says the same in the user's language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum NotRecorded {
    /// The intent: nothing recorded, so nothing was sent.
    Intent,
    /// The service's answer: the action stays pending and a retry checks it first.
    Outcome,
    /// A dismissal: the action stays open; nothing was sent.
    Dismissal,
}

impl NotRecorded {
    /// The consequence in English words (the error's message).
    pub fn words(self) -> &'static str {
        match self {
            Self::Intent => "the action was not recorded, and nothing was sent.",
            Self::Outcome => {
                "the service's answer could not be recorded. The action stays pending; \
                 a retry first checks with the service whether it already took effect."
            }
            Self::Dismissal => "the dismissal was not recorded: the action stays open, and nothing was sent.",
        }
    }
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
            not_recorded: None,
        }
    }

    pub fn validation(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::Validation, message)
    }

    /// A failure of the local database or data folder; a full disk (SQLITE_FULL, ENOSPC)
    /// and a damaged database get their own codes, so the UI can say what to do about them.
    /// A damaged database is remembered for the next start, which moves it aside.
    pub fn storage<E: std::fmt::Display + 'static>(e: E) -> Self {
        match storage_code(&e) {
            ErrorCode::StorageDamaged => {
                crate::damage::noticed(&e.to_string());
                Self::new(ErrorCode::StorageDamaged, format!("The local database is damaged. {DAMAGED_NEXT}"))
            }
            code => Self::new(code, format!("local database: {e}")),
        }
    }
}

/// What happens to a damaged database, said after what the failure did.
pub const DAMAGED_NEXT: &str = "It will be moved aside and kept (never deleted) when Escrow Desk next starts, \
     and a fresh one started; restart Escrow Desk to go on.";

/// The code of a storage failure: full, damaged, or any other.
fn storage_code(e: &dyn std::any::Any) -> ErrorCode {
    if is_disk_full(e) {
        ErrorCode::StorageFull
    } else if is_damaged(e) {
        ErrorCode::StorageDamaged
    } else {
        ErrorCode::Storage
    }
}

/// SQLite's "database disk image is malformed" or "file is not a database".
pub(crate) fn is_damaged(e: &dyn std::any::Any) -> bool {
    matches!(
        e.downcast_ref::<rusqlite::Error>(),
        Some(rusqlite::Error::SqliteFailure(f, _))
            if matches!(f.code, rusqlite::ErrorCode::DatabaseCorrupt | rusqlite::ErrorCode::NotADatabase)
    )
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
            not_recorded: None,
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
            ErrorCode::StorageDamaged,
            ErrorCode::KeychainLocked,
            ErrorCode::UnreadableResponse,
        ] {
            let mut e = AppError::new(code, "x");
            e.field_errors = Some(vec![FieldErrorView { field: "amount".into(), message: "too big".into() }]);
            e.not_recorded = Some(NotRecorded::Outcome);
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

    /// The code alone: `AppError::storage` would also mark every database open in this
    /// test process as damaged (`src-tauri/tests/storage_damaged.rs` covers that).
    #[test]
    fn a_damaged_database_has_its_own_code() {
        let sqlite = |code| rusqlite::Error::SqliteFailure(rusqlite::ffi::Error::new(code), None);
        assert_eq!(storage_code(&sqlite(rusqlite::ffi::SQLITE_CORRUPT)), ErrorCode::StorageDamaged);
        assert_eq!(storage_code(&sqlite(rusqlite::ffi::SQLITE_NOTADB)), ErrorCode::StorageDamaged);
        assert_eq!(storage_code(&sqlite(rusqlite::ffi::SQLITE_FULL)), ErrorCode::StorageFull);
        assert_eq!(storage_code(&sqlite(rusqlite::ffi::SQLITE_IOERR)), ErrorCode::Storage);
        assert_eq!(storage_code(&"database disk image is malformed"), ErrorCode::Storage, "words are not a code");
    }
}
