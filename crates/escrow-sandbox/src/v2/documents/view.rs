//! The document as `/v2` answers it: the record, the list and the answer to an upload, as
//! types the handlers write and the OpenAPI document describes. Written through a
//! `serde_json::Value` (sorted keys), so a body reads byte for byte as the `json!` it replaced.

use super::store::{DocumentDoc, SignerDoc};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Value, json};

/// The spec's Document shape (also the list's items, whose fields the spec does not show:
/// the same fields, plus the attached transaction and creation time).
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Document {
    pub document_id: String,
    pub title: String,
    /// When the last required signer signed.
    pub signed: Option<String>,
    pub signers: Vec<SignerDoc>,
    pub signers_required: Option<i32>,
    pub transaction_id: Option<String>,
    pub created: String,
    pub file_name: String,
    pub content_type: String,
    pub size: u64,
}

/// `GET /v2/documents`, newest first.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DocumentList {
    pub documents: Vec<Document>,
}

/// `POST /v2/documents`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DocumentCreated {
    pub document_id: String,
}

fn document(d: &DocumentDoc) -> Document {
    Document {
        document_id: d.document_id.clone(),
        title: d.title.clone(),
        signed: d.signed.clone(),
        signers: d.signers.clone(),
        signers_required: d.signers_required,
        transaction_id: d.transaction_id.clone(),
        created: d.created.clone(),
        file_name: d.original.file_name.clone(),
        content_type: d.original.content_type.clone(),
        size: d.original.size,
    }
}

/// `GET /v2/documents/{id}`.
pub fn record(d: &DocumentDoc) -> Value {
    json!(document(d))
}

/// `GET /v2/documents`.
pub fn list(docs: &[DocumentDoc]) -> Value {
    json!(DocumentList { documents: docs.iter().map(document).collect() })
}
