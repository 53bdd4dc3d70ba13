//! Documents: uploaded files that users sign and transactions carry.

use crate::lenient::{self, null_default};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// Whether a `signed` value (type not shown in the spec: a timestamp, a flag, ...)
/// means signed: anything but absent, `null` or `false`.
fn is_signed_value(v: &Option<serde_json::Value>) -> bool {
    !matches!(v, None | Some(serde_json::Value::Null) | Some(serde_json::Value::Bool(false)))
}

/// `signersRequired` as an int32 or a numeric string; anything else is `None`.
fn signer_count<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<i32>, D::Error> {
    Ok(match serde_json::Value::deserialize(d)? {
        serde_json::Value::Number(n) => n.as_i64().and_then(|n| i32::try_from(n).ok()),
        serde_json::Value::String(s) => lenient::parse_int32(s.trim()).ok(),
        _ => None,
    })
}

/// A person asked to sign a document.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[serde(remote = "Self")]
#[non_exhaustive]
pub struct Signer {
    /// The signer's account.
    pub service_account_id: String,
    /// The tenant's own user id of the signer.
    pub reference_id: Option<String>,
    /// The signer's name.
    pub name: Option<String>,
    /// The signer's role on the document (e.g. "Køber").
    pub title: Option<String>,
    /// As sent (the spec only says nullable); see [`Signer::has_signed`].
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub signed: Option<serde_json::Value>,
}
crate::dialect::tolerant_model!(Signer);

impl Signer {
    /// Whether this signer has signed: `signed` is anything but absent, `null` or `false`.
    pub fn has_signed(&self) -> bool {
        is_signed_value(&self.signed)
    }
}

/// A document (`GET /v2/documents/{documentId}`, and the items of the list, whose
/// fields the spec does not show).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[non_exhaustive]
pub struct Document {
    /// The document's id; `documentId` on a transaction attaches it.
    pub document_id: String,
    /// The title given at upload.
    pub title: Option<String>,
    /// As sent (the spec only says nullable); see [`Document::is_signed`].
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub signed: Option<serde_json::Value>,
    /// The people asked to sign, each with whether they have.
    #[serde(deserialize_with = "null_default")]
    pub signers: Vec<Signer>,
    /// Not in the spec's record (the upload's `signersRequired`, sent back by the sandbox):
    /// the signatures needed before the document counts as signed; `None` means every
    /// invited signer. An integer or a numeric string; any other value reads as `None`
    /// (a field outside the spec never breaks reading the document).
    #[serde(deserialize_with = "signer_count")]
    pub signers_required: Option<i32>,
    /// Not in the spec; sent by the sandbox. Absent stays `None`.
    pub transaction_id: Option<String>,
    /// Not in the spec; sent by the sandbox.
    #[serde(deserialize_with = "lenient::optional_datetime")]
    pub created: Option<DateTime<Utc>>,
    /// Not in the spec; the uploaded file's name, sent by the sandbox.
    pub file_name: Option<String>,
}

impl Document {
    /// Whether the document counts as signed: `signed` is anything but absent, `null` or
    /// `false`.
    pub fn is_signed(&self) -> bool {
        is_signed_value(&self.signed)
    }
}

/// `GET /v2/documents` answer.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[non_exhaustive]
pub struct DocumentList {
    /// The tenant's documents.
    #[serde(deserialize_with = "null_default")]
    pub documents: Vec<Document>,
}

/// Answer to an upload.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[non_exhaustive]
pub struct CreatedDocument {
    /// The new document's id.
    pub document_id: String,
}

/// `POST /v2/documents/{documentId}/sign` body: who signs, and where they return.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SignRequest {
    /// Who signs; required, a connected account.
    pub service_account_id: String,
    /// The signer's role on the document (e.g. "Køber").
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub title: Option<String>,
    /// The tenant's own user id of the signer.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub reference_id: Option<String>,
    /// Where the signer goes after signing.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub return_url: Option<String>,
    /// Whether the signer may sign as a private person; `None` leaves the service's default.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub allow_private: Option<bool>,
    /// Whether the signer may sign for a business; `None` leaves the service's default.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub allow_business: Option<bool>,
}

impl SignRequest {
    /// A request for `service_account_id` to sign, with every optional field unset.
    pub fn new(service_account_id: impl Into<String>) -> Self {
        Self { service_account_id: service_account_id.into(), ..Self::default() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_signer_count_is_read_as_the_sandbox_sends_it() {
        let read = |v: serde_json::Value| -> Option<i32> {
            let doc: Document = serde_json::from_value(serde_json::json!({
                "documentId": "d-1", "title": "Slutseddel", "signed": null, "signers": [], "signersRequired": v,
            }))
            .expect("a document");
            doc.signers_required
        };
        assert_eq!(read(serde_json::json!(2)), Some(2));
        assert_eq!(read(serde_json::json!("2")), Some(2));
        assert_eq!(read(serde_json::Value::Null), None);
        assert_eq!(read(serde_json::json!("two")), None, "another shape never breaks the document");
        assert_eq!(read(serde_json::json!(2.5)), None);
        let absent: Document = serde_json::from_value(serde_json::json!({ "documentId": "d-2" })).expect("a document");
        assert_eq!(absent.signers_required, None);
        let back = serde_json::to_value(Document { signers_required: Some(2), ..absent }).expect("json");
        assert_eq!(back["signersRequired"], 2, "sent on to the window under the same name");
    }
}
