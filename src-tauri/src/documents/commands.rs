//! IPC for documents and the Auto modules: thin wrappers over [`crate::documents::service`].
//! Files arrive as base64 and are checked in Rust before anything is journaled or sent.

use super::actions::DocumentAction;
use crate::desk::Desk;
use crate::documents::service::{DocumentInput, DocumentsView};
use crate::error::AppError;
use crate::journal::Outcome;
use crate::shared::views::HostedUrlView;
use std::sync::Arc;
use tauri::State;

type Result<T> = std::result::Result<T, AppError>;

#[tauri::command]
pub async fn list_documents(desk: State<'_, Arc<Desk>>, transaction_id: String) -> Result<DocumentsView> {
    desk.list_documents(&transaction_id).await
}

#[tauri::command]
pub async fn upload_document(desk: State<'_, Arc<Desk>>, input: DocumentInput) -> Result<Outcome<DocumentAction>> {
    desk.upload_document(&input).await
}

#[tauri::command]
pub async fn sign_document(
    desk: State<'_, Arc<Desk>>,
    document_id: String,
    service_account_id: String,
    return_url: Option<String>,
) -> Result<Outcome<DocumentAction>> {
    desk.sign_document(&document_id, &service_account_id, return_url.as_deref()).await
}

#[tauri::command]
pub async fn download_document(desk: State<'_, Arc<Desk>>, document_id: String) -> Result<HostedUrlView> {
    desk.download_document(&document_id).await
}

#[tauri::command]
pub async fn delete_document(desk: State<'_, Arc<Desk>>, document_id: String) -> Result<Outcome<DocumentAction>> {
    desk.delete_document(&document_id).await
}

/// Every document of the tenant (the Documents page).
#[tauri::command]
pub async fn list_all_documents(desk: State<'_, Arc<Desk>>) -> Result<DocumentsView> {
    desk.list_all_documents().await
}

/// One document, as the service has it now.
#[tauri::command]
pub async fn get_document(desk: State<'_, Arc<Desk>>, document_id: String) -> Result<super::browse::DocumentView> {
    desk.get_document(&document_id).await
}
