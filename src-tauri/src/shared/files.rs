//! Files chosen in the UI (base64 over IPC and in the journal) and their checks: not
//! empty, at most 10 MiB, and a file named as a known type must be that type by content.

use crate::error::AppError;
use base64::Engine;
use escrow_api::Upload;
use escrow_api::validate::{FileType, MAX_FILE_BYTES};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use ts_rs::TS;

/// File bytes; base64 in JSON (IPC and the journal).
#[derive(Clone, PartialEq, Eq, Default)]
pub struct FileData(pub Vec<u8>);

impl std::fmt::Debug for FileData {
    /// The size only: file contents never end up in logs.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "FileData({} bytes)", self.0.len())
    }
}

impl Serialize for FileData {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&base64::engine::general_purpose::STANDARD.encode(&self.0))
    }
}

impl<'de> Deserialize<'de> for FileData {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        // base64 of 10 MiB is about 14 MB; refuse far larger input before decoding it.
        if text.len() > (MAX_FILE_BYTES / 3 + 2) * 4 + 1024 {
            return Err(serde::de::Error::custom("the file is larger than 10 MB"));
        }
        let text = text.strip_prefix("data:").and_then(|t| t.split_once(",").map(|(_, b)| b)).unwrap_or(&text);
        base64::engine::general_purpose::STANDARD
            .decode(text.trim())
            .map(FileData)
            .map_err(|_| serde::de::Error::custom("the file is not valid base64"))
    }
}

/// A file chosen in the UI: its name and its bytes (base64 over IPC).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct FileUpload {
    pub file_name: String,
    /// Base64 of the file's bytes.
    #[ts(type = "string")]
    pub data: FileData,
}

impl FileUpload {
    pub(crate) fn name(&self) -> &str {
        self.file_name.rsplit(['/', '\\']).next().unwrap_or("").trim()
    }
}

/// Not empty, at most 10 MiB, and a known type by name must be that type by content.
pub(crate) fn check_document_file(file: &FileUpload) -> Result<(), AppError> {
    let name = file.name();
    if name.is_empty() || name.chars().count() > 200 || name.chars().any(char::is_control) {
        return Err(AppError::validation("The file needs a name of at most 200 characters."));
    }
    let bytes = &file.data.0;
    if bytes.is_empty() {
        return Err(AppError::validation(format!("{name} is empty.")));
    }
    if bytes.len() > MAX_FILE_BYTES {
        return Err(AppError::validation(format!("{name} is larger than 10 MB ({MAX_FILE_BYTES} bytes).")));
    }
    if let Some(named) = FileType::from_file_name(name) {
        match FileType::sniff(bytes) {
            Some(actual) if actual == named => {}
            _ => {
                return Err(AppError::validation(format!(
                    "{name} is not a {} file (its content does not match its name).",
                    named.label()
                )));
            }
        }
    }
    Ok(())
}

pub(crate) fn upload_of(file: &FileUpload) -> Upload {
    Upload::new(file.name(), file.data.0.clone())
}
