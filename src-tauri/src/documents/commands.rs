//! IPC for documents and the Auto modules: thin wrappers over [`crate::documents::service`].
//! Files arrive as base64 and are checked in Rust before anything is journaled or sent.

use super::Documents;
use super::actions::DocumentAction;
use crate::documents::service::{DocumentInput, DocumentsView};
use crate::error::AppError;
use crate::journal::Outcome;
use crate::shared::views::HostedUrlView;
use tauri::State;

type Result<T> = std::result::Result<T, AppError>;

#[tauri::command]
pub async fn list_documents(documents: State<'_, Documents>, transaction_id: String) -> Result<DocumentsView> {
    documents.list_documents(&transaction_id).await
}

#[tauri::command]
pub async fn upload_document(documents: State<'_, Documents>, input: DocumentInput) -> Result<Outcome<DocumentAction>> {
    documents.upload_document(&input).await
}

#[tauri::command]
pub async fn sign_document(
    documents: State<'_, Documents>,
    document_id: String,
    service_account_id: String,
    return_url: Option<String>,
) -> Result<Outcome<DocumentAction>> {
    documents.sign_document(&document_id, &service_account_id, return_url.as_deref()).await
}

#[tauri::command]
pub async fn download_document(documents: State<'_, Documents>, document_id: String) -> Result<HostedUrlView> {
    documents.download_document(&document_id).await
}

#[tauri::command]
pub async fn delete_document(documents: State<'_, Documents>, document_id: String) -> Result<Outcome<DocumentAction>> {
    documents.delete_document(&document_id).await
}

/// Every document of the tenant (the Documents page).
#[tauri::command]
pub async fn list_all_documents(documents: State<'_, Documents>) -> Result<DocumentsView> {
    documents.list_all_documents().await
}

/// One document, as the service has it now.
#[tauri::command]
pub async fn get_document(documents: State<'_, Documents>, document_id: String) -> Result<super::browse::DocumentView> {
    documents.get_document(&document_id).await
}
