//! Document actions: upload, sign and delete a document. Checked with the client's validators before anything is written;
//! the journal keeps the exact request, file included, so a retry sends the same file.

use crate::error::AppError;
use crate::journal::{Action, Record, Sent};
use crate::shared::fields::{id, text};
use crate::shared::files::{FileData, FileUpload, check_document_file};
use escrow_api::SignRequest;
use escrow_api::documents::{UploadDocument, content_type_for};
use escrow_api::{Client, IdempotencyKey};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The journal target of an upload without a transaction (the document has no id yet).
pub const NEW_DOCUMENT: &str = "new-document";

/// A document action as the journal stores it (JSON tagged by `kind`). Amounts are decimal
/// strings (never floats).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum DocumentAction {
    /// `transaction_id` empty: a document of its own, attached to no transaction.
    UploadDocument {
        transaction_id: String,
        title: String,
        signers_required: Option<i32>,
        file: FileUpload,
    },
    SignDocument {
        document_id: String,
        service_account_id: String,
        return_url: Option<String>,
    },
    DeleteDocument {
        document_id: String,
    },
}

impl Action for DocumentAction {
    /// The new documentId (upload) or the signing URL (sign).
    type Answer = Option<String>;

    fn kind(&self) -> &'static str {
        match self {
            Self::UploadDocument { .. } => "uploadDocument",
            Self::SignDocument { .. } => "signDocument",
            Self::DeleteDocument { .. } => "deleteDocument",
        }
    }

    fn target(&self) -> &str {
        match self {
            Self::SignDocument { document_id, .. } | Self::DeleteDocument { document_id } => document_id,
            Self::UploadDocument { transaction_id, .. } if transaction_id.trim().is_empty() => NEW_DOCUMENT,
            Self::UploadDocument { transaction_id, .. } => transaction_id,
        }
    }

    fn target_field(&self) -> &'static str {
        match self {
            Self::SignDocument { .. } | Self::DeleteDocument { .. } => "documentId",
            Self::UploadDocument { .. } => "transactionId",
        }
    }

    fn amount(&self) -> Option<&str> {
        None
    }
    fn moves_money(&self) -> bool {
        false
    }

    fn validate(&self) -> Result<(), AppError> {
        validate(self)
    }

    async fn send(&self, client: &Client, _key: &IdempotencyKey) -> Result<Sent<Option<String>>, AppError> {
        send(client, self).await
    }

    async fn reconcile(&self, _client: &Client) -> Result<Option<bool>, AppError> {
        Ok(None) // a transaction's GET does not show documents; the resend is the safe way
    }

    fn note(&self, _answer: &Option<String>) -> Option<String> {
        None
    }
}

/// Field checks of the document and Auto actions, with the client's validators
/// (`escrow_api::validate`), before anything is written or sent.
fn validate(req: &DocumentAction) -> Result<(), AppError> {
    match req {
        DocumentAction::UploadDocument { transaction_id, title, signers_required, file } => {
            if !transaction_id.trim().is_empty() {
                id("transactionId", transaction_id)?;
            }
            let t = title.trim();
            if t.is_empty() || t.chars().count() > 200 {
                return Err(AppError::validation("A title is 1 to 200 characters."));
            }
            // A local choice of the app's own form: 1 to 20 signers. The spec allows any
            // int32 or null and the client sends whatever it is given; the app may be
            // stricter than the service for its own form.
            if signers_required.is_some_and(|n| !(1..=20).contains(&n)) {
                return Err(AppError::validation("Signers required is 1 to 20 (or empty)."));
            }
            check_document_file(file)
        }
        DocumentAction::SignDocument { document_id, service_account_id, return_url } => {
            id("documentId", document_id)?;
            id("serviceAccountId", service_account_id)?;
            if let Some(u) = text(return_url) {
                match url::Url::parse(&u) {
                    Ok(p) if matches!(p.scheme(), "http" | "https") && p.host().is_some() => {}
                    _ => return Err(AppError::validation("The return URL must be an absolute http or https URL.")),
                }
            }
            Ok(())
        }
        DocumentAction::DeleteDocument { document_id } => id("documentId", document_id).map(drop),
    }
}

/// Sends one document or Auto action (first attempt and retries alike).
async fn send(client: &Client, req: &DocumentAction) -> Result<Sent<Option<String>>, AppError> {
    Ok(match req {
        DocumentAction::UploadDocument { transaction_id, title, signers_required, file } => {
            let name = file.name();
            let mut upload = UploadDocument::new(title.trim(), file.data.0.clone(), name, content_type_for(name));
            upload.signers_required = *signers_required;
            upload.transaction_id = Some(transaction_id.trim().to_owned()).filter(|t| !t.is_empty());
            Sent { correlation_id: None, answer: Some(client.documents().upload(&upload).await?.document_id) }
        }
        DocumentAction::SignDocument { document_id, service_account_id, return_url } => {
            let mut sign = SignRequest::new(service_account_id.trim());
            sign.return_url = text(return_url);
            Sent { correlation_id: None, answer: Some(client.documents().sign(document_id.trim(), &sign).await?.url) }
        }
        DocumentAction::DeleteDocument { document_id } => {
            client.documents().delete(document_id.trim()).await?;
            Sent { correlation_id: None, answer: None }
        }
    })
}

/// The record as the UI gets it: without the file's bytes (it sent them; the journal keeps them).
pub fn without_file_bytes(mut record: Record<DocumentAction>) -> Record<DocumentAction> {
    match &mut record.request {
        DocumentAction::UploadDocument { file, .. } => file.data = FileData::default(),
        DocumentAction::SignDocument { .. } | DocumentAction::DeleteDocument { .. } => {}
    }
    record
}

#[cfg(test)]
mod tests {
    use super::DocumentAction;

    /// A blank document id is refused on the journal's path as `documentId`, not as a deal's id.
    #[test]
    fn a_blank_document_id_is_named_as_such() {
        let delete = DocumentAction::DeleteDocument { document_id: " ".into() };
        let err = crate::journal::check(&delete).err().expect("a blank id is refused");
        assert!(err.message.starts_with("documentId "), "{}", err.message);
    }
}
