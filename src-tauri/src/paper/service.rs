//! A deal's paper from its live record: read (never the mirror's copy: paper must show what
//! the service holds now), laid out, and written whole to the chosen file or to a file the
//! desktop's PDF viewer opens to print.

use super::Papers;
use super::statement::{Issue, PaperKind, paper};
use crate::desk::valid_id;
use crate::error::AppError;
use crate::save_as::kind::ExportKind;
use serde::Serialize;
use std::io::Write;
use std::path::{Path, PathBuf};
use ts_rs::TS;

/// Where a document went.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PaperFile {
    pub path: String,
}

impl PaperKind {
    fn export_kind(self) -> ExportKind {
        match self {
            Self::Statement => ExportKind::Statement,
            Self::Receipt => ExportKind::Receipt,
        }
    }
}

/// The issuer as typed in the settings: trimmed, 1–80 characters, no control characters.
fn checked_issuer(issuer: Option<&str>) -> Result<Option<String>, AppError> {
    let Some(text) = issuer.map(str::trim).filter(|s| !s.is_empty()) else { return Ok(None) };
    if text.chars().count() > 80 || text.chars().any(char::is_control) {
        return Err(AppError::validation("The company name on paper is 1 to 80 characters, on one line."));
    }
    Ok(Some(text.to_owned()))
}

impl Papers {
    /// The PDF of `kind` for the deal, issued by `issuer` (the environment's name when none).
    pub async fn paper_pdf(
        &self,
        transaction_id: &str,
        kind: PaperKind,
        issuer: Option<&str>,
    ) -> Result<Vec<u8>, AppError> {
        let issuer = checked_issuer(issuer)?;
        let id = valid_id(transaction_id)?;
        let (environment_id, client) = self.desk.active_client()?;
        let (transactions, split_payouts) = (client.transactions(), client.split_payouts());
        let (tx, splits) = futures::join!(transactions.get(id), split_payouts.list(id));
        let tx = tx?;
        // A statement without the split payouts would leave out the debt to the lender.
        let splits =
            if kind == PaperKind::Statement { splits?.items } else { splits.map(|p| p.items).unwrap_or_default() };
        if kind == PaperKind::Statement && tx.auto_information.is_none() {
            return Err(AppError::validation(
                "A settlement statement is for Auto deals; this deal can have a receipt.",
            ));
        }
        let issuer = match issuer {
            Some(name) => name,
            None => self
                .desk
                .list_environments()?
                .environments
                .into_iter()
                .find(|e| e.id == environment_id)
                .map(|e| e.name)
                .unwrap_or_default(),
        };
        let issue = Issue { issuer: &issuer, da: crate::shared::lang::danish(), at: chrono::Utc::now() };
        Ok(paper(kind, &tx, &splits, &issue).to_pdf())
    }

    /// Writes the deal's paper to the file chosen in the Save dialog (`save_token`).
    pub async fn save_paper(
        &self,
        transaction_id: &str,
        kind: PaperKind,
        issuer: Option<&str>,
        save_token: &str,
    ) -> Result<PaperFile, AppError> {
        let path = self.save_as.tokens().redeem(save_token, kind.export_kind())?;
        let bytes = self.paper_pdf(transaction_id, kind, issuer).await?;
        write_whole(&path, &bytes)?;
        tracing::info!(kind = kind.export_kind().as_str(), "paper saved");
        Ok(PaperFile { path: path.display().to_string() })
    }

    /// Writes the deal's paper to a new file in the temporary folder and opens it in the
    /// desktop's PDF viewer, whose Print the person uses (the OS's printers and dialog).
    pub async fn print_paper(
        &self,
        transaction_id: &str,
        kind: PaperKind,
        issuer: Option<&str>,
    ) -> Result<PaperFile, AppError> {
        let bytes = self.paper_pdf(transaction_id, kind, issuer).await?;
        let dir = std::env::temp_dir().join("escrow-desk-paper");
        std::fs::create_dir_all(&dir).map_err(AppError::storage)?;
        let safe: String = transaction_id.chars().filter(char::is_ascii_alphanumeric).take(40).collect();
        let path = dir.join(format!("{}-{safe}-{}.pdf", kind.export_kind().as_str(), uuid::Uuid::new_v4().simple()));
        write_whole(&path, &bytes)?;
        open::that_detached(&path).map_err(|e| {
            AppError::new(
                crate::error::ErrorCode::Internal,
                format!("No PDF viewer could open {}: {e}", path.display()),
            )
        })?;
        Ok(PaperFile { path: path.display().to_string() })
    }
}

/// `bytes` written beside `path`, synced, then renamed over it (never half a file).
fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), AppError> {
    let mut partial = path.as_os_str().to_owned();
    partial.push(".part");
    let partial = PathBuf::from(partial);
    let written = std::fs::File::create(&partial)
        .and_then(|mut f| f.write_all(bytes).and_then(|()| f.sync_all()))
        .and_then(|()| std::fs::rename(&partial, path));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&partial);
        return Err(AppError::storage(e));
    }
    Ok(())
}
