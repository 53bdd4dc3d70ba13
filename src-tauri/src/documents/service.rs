//! Documents on a transaction and the Auto modules (bill of sale, debt information):
//! listing, links, and the journaled actions of [`super::actions`].

use super::Documents;
use super::actions::{DocumentAction, without_file_bytes};
use crate::error::AppError;
use crate::journal::Outcome;
use crate::shared::fields::id;
use crate::shared::files::FileUpload;
use crate::shared::views::HostedUrlView;
use escrow_api::Document;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Documents of one transaction. `filtered` is false when the service does not say which
/// transaction a document belongs to (the spec shows no fields for list items): then all
/// of the tenant's documents are listed.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DocumentsView {
    pub environment_id: String,
    pub documents: Vec<Document>,
    pub filtered: bool,
}

/// The upload form.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DocumentInput {
    /// Empty: a document attached to no transaction.
    pub transaction_id: String,
    pub title: String,
    pub signers_required: Option<i32>,
    pub file: FileUpload,
}

impl Documents {
    /// Documents of `transaction_id` (the client lists all; filtered here when the
    /// service says which transaction each belongs to).
    pub async fn list_documents(&self, transaction_id: &str) -> Result<DocumentsView, AppError> {
        let tid = id("transactionId", transaction_id)?;
        let (environment_id, client) = self.desk.active_client()?;
        let all = client.documents().list().await?.documents;
        let filtered = all.iter().any(|d| d.transaction_id.is_some());
        let documents =
            if filtered { all.into_iter().filter(|d| d.transaction_id.as_deref() == Some(tid)).collect() } else { all };
        Ok(DocumentsView { environment_id, documents, filtered })
    }

    /// Journaled; `value` is the new documentId.
    pub async fn upload_document(&self, input: &DocumentInput) -> Result<Outcome<DocumentAction>, AppError> {
        let request = DocumentAction::UploadDocument {
            transaction_id: input.transaction_id.trim().into(),
            title: input.title.trim().into(),
            signers_required: input.signers_required,
            file: input.file.clone(),
        };
        self.run_documents(&request).await
    }

    /// Journaled; `value` is the signer's unique signing URL.
    pub async fn sign_document(
        &self,
        document_id: &str,
        service_account_id: &str,
        return_url: Option<&str>,
    ) -> Result<Outcome<DocumentAction>, AppError> {
        let request = DocumentAction::SignDocument {
            document_id: document_id.trim().into(),
            service_account_id: service_account_id.trim().into(),
            return_url: return_url.map(str::trim).filter(|u| !u.is_empty()).map(Into::into),
        };
        self.run_documents(&request).await
    }

    /// A link to the signed version if signed, else the original.
    pub async fn download_document(&self, document_id: &str) -> Result<HostedUrlView, AppError> {
        let did = id("documentId", document_id)?;
        let (environment_id, client) = self.desk.active_client()?;
        let url = client.documents().download(did).await?.url;
        Ok(HostedUrlView { environment_id, url })
    }

    /// Journaled; also deletes the signed versions.
    pub async fn delete_document(&self, document_id: &str) -> Result<Outcome<DocumentAction>, AppError> {
        let request = DocumentAction::DeleteDocument { document_id: document_id.trim().into() };
        self.run_documents(&request).await
    }

    /// Runs a document action; the record comes back without the file's bytes (the UI
    /// sent them; the journal keeps them).
    async fn run_documents(&self, request: &DocumentAction) -> Result<Outcome<DocumentAction>, AppError> {
        let mut outcome = self.desk.run_with_value(request).await?;
        outcome.record = without_file_bytes(outcome.record);
        Ok(outcome)
    }
}

#[cfg(test)]
mod tests {
    use crate::shared::files::{FileData, FileUpload, check_document_file};
    use escrow_api::validate::MAX_FILE_BYTES;

    fn file(name: &str, bytes: &[u8]) -> FileUpload {
        FileUpload { file_name: name.into(), data: FileData(bytes.to_vec()) }
    }

    #[test]
    fn file_data_is_base64_both_ways() {
        let f = file("a.pdf", b"%PDF-1.4");
        let json = serde_json::to_string(&f).unwrap();
        assert_eq!(json, r#"{"fileName":"a.pdf","data":"JVBERi0xLjQ="}"#);
        assert_eq!(serde_json::from_str::<FileUpload>(&json).unwrap(), f);
        let url: FileUpload =
            serde_json::from_str(r#"{"fileName":"a.pdf","data":"data:application/pdf;base64,JVBERi0xLjQ="}"#).unwrap();
        assert_eq!(url, f);
        assert!(serde_json::from_str::<FileUpload>(r#"{"fileName":"a","data":"***"}"#).is_err());
        assert_eq!(format!("{:?}", f.data), "FileData(8 bytes)");
    }

    #[test]
    fn document_files_are_checked_by_name_and_content() {
        assert!(check_document_file(&file("a.pdf", b"%PDF-1.7 x")).is_ok());
        assert!(check_document_file(&file("notes.txt", b"hello")).is_ok());
        assert!(check_document_file(&file("fake.pdf", b"hello")).unwrap_err().message.contains("not a PDF"));
        assert!(check_document_file(&file("fake.png", b"%PDF-1.7")).is_err());
        assert!(check_document_file(&file("empty.txt", b"")).unwrap_err().message.contains("empty"));
        assert!(
            check_document_file(&file("big.txt", &vec![b'a'; MAX_FILE_BYTES + 1]))
                .unwrap_err()
                .message
                .contains("10 MB")
        );
        assert!(check_document_file(&file("max.txt", &vec![b'a'; MAX_FILE_BYTES])).is_ok());
        assert!(check_document_file(&file(" ", b"x")).is_err());
    }
}
