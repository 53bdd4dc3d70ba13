//! The tenant's documents for the Documents page: the whole list and one document
//! (`GET /v2/documents/{id}`). Changes go through the journaled actions of
//! [`super::actions`] like the documents panel's.

use super::Documents;
use super::service::DocumentsView;
use crate::error::AppError;
use crate::shared::fields::id;
use escrow_api::Document;
use serde::Serialize;
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DocumentView {
    pub environment_id: String,
    pub document: Document,
}

impl Documents {
    /// Every document of the tenant, attached to a transaction or not.
    pub async fn list_all_documents(&self) -> Result<DocumentsView, AppError> {
        let (environment_id, client) = self.desk.active_client()?;
        let documents = client.documents().list().await?.documents;
        Ok(DocumentsView { environment_id, documents, filtered: false })
    }

    pub async fn get_document(&self, document_id: &str) -> Result<DocumentView, AppError> {
        let did = id("documentId", document_id)?;
        let (environment_id, client) = self.desk.active_client()?;
        let document = client.documents().get(did).await?;
        Ok(DocumentView { environment_id, document })
    }
}
