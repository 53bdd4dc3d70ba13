//! `client.documents()`.

use super::models::{CreatedDocument, Document, DocumentList, SignRequest};
use super::upload::UploadDocument;
use crate::client::{Body, CallOptions, Client, Request};
use crate::error::Result;
use crate::routes::v2::V2Route;
use crate::v2::connect::models::HostedUrl;
use crate::validate::{check_return_url, non_empty};
use serde::de::IgnoredAny;
use std::sync::Arc;

/// Borrows the client: one per call costs nothing.
#[derive(Debug, Clone, Copy)]
pub struct DocumentsHandler<'c> {
    client: &'c Client,
}

impl Client {
    /// Documents: upload, list, read, sign, download, delete.
    pub fn documents(&self) -> DocumentsHandler<'_> {
        DocumentsHandler { client: self }
    }
}

impl DocumentsHandler<'_> {
    /// `POST /v2/documents` (multipart/form-data). 404 when `transactionId` is unknown.
    pub async fn upload(&self, upload: &UploadDocument) -> Result<CreatedDocument> {
        upload.validate()?;
        upload.form()?; // fails here, not inside the send loop
        let upload = Arc::new(upload.clone());
        let make = move || upload.form().unwrap_or_else(|_| reqwest::multipart::Form::new());
        let req = Request::post(self.client.path(V2Route::UploadDocument, &[]), Body::Form(Arc::new(make)));
        Ok(self.client.send(req, &CallOptions::default()).await?.value)
    }

    /// `GET /v2/documents`.
    pub async fn list(&self) -> Result<DocumentList> {
        Ok(self
            .client
            .send(Request::get(self.client.path(V2Route::ListDocuments, &[])), &CallOptions::default())
            .await?
            .value)
    }

    /// `GET /v2/documents/{documentId}`.
    pub async fn get(&self, document_id: &str) -> Result<Document> {
        let id = non_empty("documentId", document_id)?;
        Ok(self
            .client
            .send(Request::get(self.client.path(V2Route::GetDocument, &[("documentId", id)])), &CallOptions::default())
            .await?
            .value)
    }

    /// `POST /v2/documents/{documentId}/sign`: a unique signing page for one signer.
    pub async fn sign(&self, document_id: &str, request: &SignRequest) -> Result<HostedUrl> {
        let id = non_empty("documentId", document_id)?;
        non_empty("serviceAccountId", &request.service_account_id)?;
        if let Some(url) = request.return_url.as_deref() {
            check_return_url("returnUrl", url)?;
        }
        let req = Request::post(self.client.path(V2Route::SignDocument, &[("documentId", id)]), Body::json(request)?);
        Ok(self.client.send(req, &CallOptions::default()).await?.value)
    }

    /// `GET /v2/documents/{documentId}/download`: a link to the signed version if the
    /// document is signed, else to the original.
    pub async fn download(&self, document_id: &str) -> Result<HostedUrl> {
        let id = non_empty("documentId", document_id)?;
        let req = Request::get(self.client.path(V2Route::DownloadDocument, &[("documentId", id)]));
        Ok(self.client.send(req, &CallOptions::default()).await?.value)
    }

    /// `POST /v2/documents/{documentId}/delete`: also deletes the signed versions.
    pub async fn delete(&self, document_id: &str) -> Result<()> {
        let id = non_empty("documentId", document_id)?;
        let req = Request::post(self.client.path(V2Route::DeleteDocument, &[("documentId", id)]), Body::Empty);
        self.client.send::<IgnoredAny>(req, &CallOptions::default()).await.map(|_| ())
    }
}
