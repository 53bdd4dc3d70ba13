//! A deal's paper as IPC commands.

use super::Papers;
use super::service::PaperFile;
use super::statement::PaperKind;
use crate::error::AppError;
use tauri::State;

/// Writes the deal's statement or receipt to the file chosen in the Save dialog.
#[tauri::command]
pub async fn save_paper(
    papers: State<'_, Papers>,
    transaction_id: String,
    kind: PaperKind,
    issuer: Option<String>,
    save_token: String,
) -> Result<PaperFile, AppError> {
    papers.save_paper(&transaction_id, kind, issuer.as_deref(), &save_token).await
}

/// Opens the deal's statement or receipt in the desktop's PDF viewer, to print.
#[tauri::command]
pub async fn print_paper(
    papers: State<'_, Papers>,
    transaction_id: String,
    kind: PaperKind,
    issuer: Option<String>,
) -> Result<PaperFile, AppError> {
    papers.print_paper(&transaction_id, kind, issuer.as_deref()).await
}
