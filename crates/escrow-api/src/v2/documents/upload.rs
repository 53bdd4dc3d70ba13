//! A document to upload, checked and turned into the multipart form the service reads.

use crate::error::{Error, Result};
use bytes::Bytes;
use std::path::Path;

/// A document to upload: the file's bytes, name and content type, and the form fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UploadDocument {
    /// Required, not blank.
    pub title: String,
    /// Required, not empty.
    pub bytes: Bytes,
    /// Name the file is uploaded under; required.
    pub file_name: String,
    /// Media type of the file, e.g. `application/pdf`.
    pub content_type: String,
    /// How many signatures the document needs: any int32 (the spec); `None` leaves it to the
    /// service.
    pub signers_required: Option<i32>,
    /// Attaches the document to this transaction.
    pub transaction_id: Option<String>,
}

impl UploadDocument {
    /// A document with its required parts and no optional fields.
    pub fn new(
        title: impl Into<String>,
        bytes: impl Into<Bytes>,
        file_name: impl Into<String>,
        content_type: impl Into<String>,
    ) -> Self {
        Self {
            title: title.into(),
            bytes: bytes.into(),
            file_name: file_name.into(),
            content_type: content_type.into(),
            signers_required: None,
            transaction_id: None,
        }
    }

    /// Reads a file; its name is the file name and its content type is guessed from
    /// the extension.
    pub fn from_path(title: impl Into<String>, path: impl AsRef<Path>) -> Result<Self> {
        let path = path.as_ref();
        let bytes = std::fs::read(path)
            .map_err(|e| Error::validation("document", format!("cannot read {}: {e}", path.display())))?;
        let file_name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "document".into());
        let content_type = content_type_for(&file_name);
        Ok(Self::new(title, bytes, file_name, content_type))
    }

    /// Checks what the spec requires before anything is sent.
    pub fn validate(&self) -> Result<()> {
        if self.title.trim().is_empty() {
            return Err(Error::validation("title", "is required"));
        }
        if self.bytes.is_empty() {
            return Err(Error::validation("document", "is empty"));
        }
        // signersRequired: any int32 or null (the spec); a narrower range is the server's
        // to refuse, or an app's own form limit.
        if self.file_name.trim().is_empty() {
            return Err(Error::validation("fileName", "is required"));
        }
        if self.content_type.parse::<reqwest::header::HeaderValue>().is_err() || !self.content_type.contains('/') {
            return Err(Error::validation("contentType", "is not a media type"));
        }
        Ok(())
    }

    pub(crate) fn form(&self) -> Result<reqwest::multipart::Form> {
        let part = reqwest::multipart::Part::bytes(self.bytes.to_vec())
            .file_name(self.file_name.clone())
            .mime_str(&self.content_type)
            .map_err(|_| Error::validation("contentType", "is not a media type"))?;
        let mut form = reqwest::multipart::Form::new().text("title", self.title.clone()).part("document", part);
        if let Some(n) = self.signers_required {
            form = form.text("signersRequired", n.to_string());
        }
        if let Some(t) = self.transaction_id.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
            form = form.text("transactionId", t.to_owned());
        }
        Ok(form)
    }
}

/// A content type from a file name's extension (the types the service takes elsewhere).
pub fn content_type_for(file_name: &str) -> &'static str {
    let ext = file_name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default();
    match ext.as_str() {
        "pdf" => "application/pdf",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "bmp" => "image/bmp",
        "webp" => "image/webp",
        "txt" => "text/plain",
        _ => "application/octet-stream",
    }
}
