//! Files named on the command line for an upload, checked before anything is sent.
//!
//! A document gets the app's own rule (Escrow Desk's `check_document_file`, which lives in the
//! app; rebuilt here from the same constants of `escrow_api::validate`): a name of at most
//! 200 characters, not empty, at most [`MAX_FILE_BYTES`], and when the name claims a known
//! type, content of that type. Auto uploads (bill of sale, debt documentation) are checked by
//! the client itself, as in the app (`escrow_api::validate::file` with the allowed types).

use crate::exit::Failure;
use escrow_api::documents::{UploadDocument, content_type_for};
use escrow_api::validate::{FileType, MAX_FILE_BYTES};
use std::path::Path;

/// The file's name and bytes, refusing a file over the upload limit without reading it whole.
fn read(path: &Path) -> Result<(String, Vec<u8>), Failure> {
    let shown = path.display();
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| Failure::usage(format!("{shown} has no usable file name")))?
        .to_owned();
    let meta = std::fs::metadata(path).map_err(|e| Failure::usage(format!("cannot read {shown}: {e}")))?;
    if !meta.is_file() {
        return Err(Failure::usage(format!("{shown} is not a file")));
    }
    if meta.len() > MAX_FILE_BYTES as u64 {
        return Err(Failure::usage(format!("{name} is larger than 10 MB ({MAX_FILE_BYTES} bytes)")));
    }
    let bytes = std::fs::read(path).map_err(|e| Failure::usage(format!("cannot read {shown}: {e}")))?;
    Ok((name, bytes))
}

/// The app's rule for a document's file (see the module's note).
pub fn check_document(name: &str, bytes: &[u8]) -> Result<(), String> {
    if name.is_empty() || name.chars().count() > 200 || name.chars().any(char::is_control) {
        return Err("the file needs a name of at most 200 characters".into());
    }
    if bytes.is_empty() {
        return Err(format!("{name} is empty"));
    }
    if bytes.len() > MAX_FILE_BYTES {
        return Err(format!("{name} is larger than 10 MB ({MAX_FILE_BYTES} bytes)"));
    }
    if let Some(named) = FileType::from_file_name(name)
        && FileType::sniff(bytes) != Some(named)
    {
        return Err(format!("{name} is not a {} file (its content does not match its name)", named.label()));
    }
    Ok(())
}

/// A document to upload from `path`, checked as the app checks it.
pub fn document(path: &Path, title: &str) -> Result<UploadDocument, Failure> {
    let (name, bytes) = read(path)?;
    check_document(&name, &bytes).map_err(Failure::usage)?;
    let content_type = content_type_for(&name);
    Ok(UploadDocument::new(title.trim(), bytes, name, content_type))
}

/// A file for an Auto module (checked by the client against the module's types on sending).
pub fn auto_file(path: &Path) -> Result<escrow_api::Upload, Failure> {
    escrow_api::Upload::from_path(path).map_err(Failure::from)
}

#[cfg(test)]
mod tests {
    use super::check_document;

    #[test]
    fn the_apps_document_rule() {
        assert!(check_document("a.pdf", b"%PDF-1.7 x").is_ok());
        assert!(check_document("notes.txt", b"hello").is_ok());
        assert!(check_document("fake.pdf", b"hello").unwrap_err().contains("not a PDF"));
        assert!(check_document("fake.png", b"%PDF-1.7").is_err());
        assert!(check_document("empty.txt", b"").unwrap_err().contains("empty"));
        let big = vec![b'a'; escrow_api::validate::MAX_FILE_BYTES + 1];
        assert!(check_document("big.txt", &big).unwrap_err().contains("10 MB"));
        assert!(check_document(&"n".repeat(201), b"x").is_err());
    }
}
