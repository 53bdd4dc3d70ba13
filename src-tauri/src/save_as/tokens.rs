//! Opaque, single-use tokens for files chosen in the save dialog: the web view holds the
//! token, never the path, and an export command trades it for the path exactly once.
//! Unknown, expired, reused or other-kind tokens are refused.

use super::kind::ExportKind;
use crate::error::AppError;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a choice waits for its export (the export starts right after the dialog).
pub const TTL: Duration = Duration::from_secs(10 * 60);

struct Issued {
    kind: ExportKind,
    path: PathBuf,
    at: Instant,
}

/// The choices of this app session, by token.
#[derive(Default, Clone)]
pub struct SaveTokens {
    issued: Arc<Mutex<HashMap<String, Issued>>>,
}

fn refused() -> AppError {
    AppError::validation("Choose where to save the file first (the choice was not found, used, or too old).")
}

impl SaveTokens {
    /// Records the chosen `path` and answers a fresh 128-bit random token for it.
    pub fn issue(&self, kind: ExportKind, path: PathBuf) -> Result<String, AppError> {
        self.issue_at(kind, path, Instant::now())
    }

    fn issue_at(&self, kind: ExportKind, path: PathBuf, at: Instant) -> Result<String, AppError> {
        let mut bytes = [0u8; 16];
        getrandom::fill(&mut bytes).map_err(|e| AppError::new(crate::error::ErrorCode::Internal, e.to_string()))?;
        let token: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        let mut issued = self.issued.lock().map_err(|_| refused())?;
        issued.retain(|_, i| at.saturating_duration_since(i.at) < TTL);
        issued.insert(token.clone(), Issued { kind, path, at });
        Ok(token)
    }

    /// The path chosen for `token`, once: the token is gone afterwards, whatever the answer.
    pub fn redeem(&self, token: &str, kind: ExportKind) -> Result<PathBuf, AppError> {
        self.redeem_at(token, kind, Instant::now())
    }

    fn redeem_at(&self, token: &str, kind: ExportKind, now: Instant) -> Result<PathBuf, AppError> {
        let issued = self.issued.lock().map_err(|_| refused())?.remove(token.trim()).ok_or_else(refused)?;
        if now.saturating_duration_since(issued.at) >= TTL || !issued.kind.redeemable_as(kind) {
            return Err(refused());
        }
        Ok(issued.path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_redeems_once_for_its_path() {
        let tokens = SaveTokens::default();
        let token = tokens.issue(ExportKind::Transactions, PathBuf::from("/tmp/a.csv")).unwrap();
        assert_eq!(token.len(), 32);
        assert_eq!(tokens.redeem(&token, ExportKind::Transactions).unwrap(), PathBuf::from("/tmp/a.csv"));
        assert!(tokens.redeem(&token, ExportKind::Transactions).is_err(), "reused");
    }

    #[test]
    fn unknown_tokens_and_paths_are_refused() {
        let tokens = SaveTokens::default();
        tokens.issue(ExportKind::Audit, PathBuf::from("/tmp/a.csv")).unwrap();
        for guess in ["", "/tmp/a.csv", "00000000000000000000000000000000"] {
            assert_eq!(tokens.redeem(guess, ExportKind::Audit).unwrap_err().code, crate::error::ErrorCode::Validation);
        }
    }

    #[test]
    fn an_expired_token_is_refused() {
        let tokens = SaveTokens::default();
        let then = Instant::now();
        let token = tokens.issue_at(ExportKind::Audit, PathBuf::from("/tmp/a.csv"), then).unwrap();
        assert!(tokens.redeem_at(&token, ExportKind::Audit, then + TTL).is_err());
        let token = tokens.issue_at(ExportKind::Audit, PathBuf::from("/tmp/a.csv"), then).unwrap();
        assert!(tokens.redeem_at(&token, ExportKind::Audit, then + TTL - Duration::from_secs(1)).is_ok());
    }

    #[test]
    fn a_token_of_another_kind_is_refused_and_spent() {
        let tokens = SaveTokens::default();
        let token = tokens.issue(ExportKind::Transactions, PathBuf::from("/tmp/a.csv")).unwrap();
        assert!(tokens.redeem(&token, ExportKind::Audit).is_err());
        assert!(tokens.redeem(&token, ExportKind::Transactions).is_err(), "a refused token is spent too");
    }
}
