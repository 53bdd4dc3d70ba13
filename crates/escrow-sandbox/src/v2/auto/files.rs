//! Files the Auto modules take and give: accepted types (decided by the bytes), the
//! multipart form they come in, and file responses.

use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::{FromRequest, Multipart, Request};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// Largest accepted file: 10 MiB (the spec's "10 MB").
pub const MAX_FILE_BYTES: usize = 10 * 1024 * 1024;
/// Largest request body: the file plus room for the other fields and multipart framing.
pub const MAX_BODY_BYTES: usize = MAX_FILE_BYTES + 256 * 1024;

/// A file type the modules accept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    Pdf,
    Jpeg,
    Png,
    Gif,
    Bmp,
    Webp,
}

impl FileKind {
    /// What the bytes are, from their signature.
    pub fn sniff(bytes: &[u8]) -> Option<Self> {
        if bytes.starts_with(b"%PDF-") {
            Some(Self::Pdf)
        } else if bytes.starts_with(&[0xff, 0xd8, 0xff]) {
            Some(Self::Jpeg)
        } else if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
            Some(Self::Png)
        } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
            Some(Self::Gif)
        } else if bytes.len() >= 14 && bytes.starts_with(b"BM") {
            Some(Self::Bmp)
        } else if bytes.len() >= 12 && bytes.starts_with(b"RIFF") && &bytes[8..12] == b"WEBP" {
            Some(Self::Webp)
        } else {
            None
        }
    }

    /// What the name says, from its extension.
    pub fn from_name(name: &str) -> Option<Self> {
        let ext = name.rsplit_once('.')?.1.to_ascii_lowercase();
        match ext.as_str() {
            "pdf" => Some(Self::Pdf),
            "jpg" | "jpeg" => Some(Self::Jpeg),
            "png" => Some(Self::Png),
            "gif" => Some(Self::Gif),
            "bmp" => Some(Self::Bmp),
            "webp" => Some(Self::Webp),
            _ => None,
        }
    }

    pub fn mime(self) -> &'static str {
        match self {
            Self::Pdf => "application/pdf",
            Self::Jpeg => "image/jpeg",
            Self::Png => "image/png",
            Self::Gif => "image/gif",
            Self::Bmp => "image/bmp",
            Self::Webp => "image/webp",
        }
    }

    pub(crate) fn label(self) -> &'static str {
        match self {
            Self::Pdf => "PDF",
            Self::Jpeg => "JPEG",
            Self::Png => "PNG",
            Self::Gif => "GIF",
            Self::Bmp => "BMP",
            Self::Webp => "WEBP",
        }
    }
}

pub(crate) const DEBT_KINDS: &[FileKind] =
    &[FileKind::Pdf, FileKind::Jpeg, FileKind::Png, FileKind::Gif, FileKind::Bmp, FileKind::Webp];
pub(crate) const BILL_OF_SALE_KINDS: &[FileKind] = &[FileKind::Pdf];

/// A file part of a multipart form.
pub(crate) struct Upload {
    pub(crate) file_name: String,
    pub(crate) bytes: Bytes,
}

/// A request form, multipart or urlencoded. Names match case-insensitively, as the
/// service's model binding does.
#[derive(Default)]
pub(crate) struct FormData {
    pub(crate) fields: Vec<(String, String)>,
    pub(crate) files: Vec<(String, Upload)>,
}

pub(crate) fn invalid(detail: impl Into<String>) -> ApiError {
    ApiError::bad_request("Invalid request", detail)
}

pub(crate) fn too_large() -> ApiError {
    ApiError::bad_request("File too large", "files may be at most 10 MB (10 485 760 bytes)")
}

pub(crate) async fn read_form(state: &AppState, req: Request) -> ApiResult<FormData> {
    let content_type =
        req.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("").to_ascii_lowercase();
    let mut form = FormData::default();
    if content_type.starts_with("multipart/form-data") {
        let mut multipart = Multipart::from_request(req, state).await.map_err(|e| invalid(e.body_text()))?;
        let part_error = |e: axum::extract::multipart::MultipartError| {
            if e.status() == StatusCode::PAYLOAD_TOO_LARGE { too_large() } else { invalid(e.body_text()) }
        };
        while let Some(field) = multipart.next_field().await.map_err(part_error)? {
            let name = field.name().unwrap_or("").to_owned();
            let file_name = field.file_name().map(str::to_owned);
            let bytes = field.bytes().await.map_err(part_error)?;
            match file_name {
                Some(file_name) => form.files.push((name, Upload { file_name, bytes })),
                None => {
                    let text =
                        String::from_utf8(bytes.to_vec()).map_err(|_| invalid(format!("{name} is not UTF-8 text")))?;
                    form.fields.push((name, text));
                }
            }
        }
    } else if content_type.starts_with("application/x-www-form-urlencoded") {
        let axum::Form(fields) = axum::Form::<Vec<(String, String)>>::from_request(req, state).await.map_err(|e| {
            if e.status() == StatusCode::PAYLOAD_TOO_LARGE { too_large() } else { invalid(e.body_text()) }
        })?;
        form.fields = fields;
    } else {
        return Err(invalid("send multipart/form-data or application/x-www-form-urlencoded"));
    }
    Ok(form)
}

impl FormData {
    /// Values of `name`, also sent as `name[0]`, `name[1]`, ... (list binding).
    pub(crate) fn values(&self, name: &str) -> Vec<&str> {
        self.fields.iter().filter(|(k, _)| names_match(k, name)).map(|(_, v)| v.as_str()).collect()
    }

    /// A single text value; empty means null. Sent twice with different values: 400.
    pub(crate) fn text(&self, name: &str) -> ApiResult<Option<String>> {
        let values = self.values(name);
        match values.as_slice() {
            [] => Ok(None),
            [first, rest @ ..] => {
                if rest.iter().any(|v| v != first) {
                    return Err(invalid(format!("{name} was sent more than once")));
                }
                let v = first.trim();
                Ok((!v.is_empty()).then(|| v.to_owned()))
            }
        }
    }

    /// The file sent as `name`, if any. An empty part without a file name (what a
    /// browser sends for "no file chosen") and an empty text value mean null.
    pub(crate) fn file(&self, name: &str) -> ApiResult<Option<&Upload>> {
        if self.values(name).iter().any(|v| !v.trim().is_empty()) {
            return Err(ApiError::bad_request(
                "Invalid file",
                format!("{name} must be sent as a file part of a multipart/form-data request"),
            ));
        }
        let files: Vec<&Upload> = self
            .files
            .iter()
            .filter(|(k, u)| names_match(k, name) && !(u.file_name.is_empty() && u.bytes.is_empty()))
            .map(|(_, u)| u)
            .collect();
        match files.as_slice() {
            [] => Ok(None),
            [one] => Ok(Some(one)),
            _ => Err(ApiError::bad_request("Invalid file", format!("send one {name} file, not {}", files.len()))),
        }
    }
}

/// `key` is `name` or `name[<index>]`, ignoring case.
pub(crate) fn names_match(key: &str, name: &str) -> bool {
    if key.eq_ignore_ascii_case(name) {
        return true;
    }
    key.len() > name.len() + 2
        && key.is_char_boundary(name.len())
        && key[..name.len()].eq_ignore_ascii_case(name)
        && key[name.len()..].starts_with('[')
        && key.ends_with(']')
        && key[name.len() + 1..key.len() - 1].bytes().all(|b| b.is_ascii_digit())
}

/// Checks a file: non-empty, at most 10 MiB, a name whose extension is allowed, and
/// bytes that really are that type.
pub(crate) fn check_file(field: &str, upload: &Upload, allowed: &[FileKind]) -> ApiResult<(FileKind, String)> {
    let bad = |detail: String| ApiError::bad_request("Invalid file", detail);
    let allowed_text = allowed.iter().map(|k| k.label()).collect::<Vec<_>>().join(", ");
    if upload.bytes.is_empty() {
        return Err(bad(format!("{field} is empty")));
    }
    if upload.bytes.len() > MAX_FILE_BYTES {
        return Err(too_large());
    }
    // Only the last path component of a name is kept (browsers on Windows send paths).
    let name = upload.file_name.rsplit(['/', '\\']).next().unwrap_or("").trim();
    if name.is_empty() {
        return Err(bad(format!("{field} needs a file name")));
    }
    let named = FileKind::from_name(name)
        .filter(|k| allowed.contains(k))
        .ok_or_else(|| bad(format!("{field} must be one of {allowed_text}; the name {name:?} does not say so")))?;
    let actual = FileKind::sniff(&upload.bytes);
    if actual != Some(named) {
        return Err(bad(format!(
            "{field} is named as {} but its content is {}",
            named.label(),
            actual.map_or("not a recognised file type", FileKind::label)
        )));
    }
    let name: String = name.chars().take(255).collect();
    Ok((named, name))
}

pub(crate) fn file_response(bytes: Vec<u8>, content_type: &str, name: Option<&str>) -> Response {
    let safe: String = name
        .unwrap_or("document")
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') { c } else { '_' })
        .collect();
    let disposition = HeaderValue::from_str(&format!("attachment; filename=\"{safe}\""))
        .unwrap_or(HeaderValue::from_static("attachment"));
    let content_type =
        HeaderValue::from_str(content_type).unwrap_or(HeaderValue::from_static("application/octet-stream"));
    (
        StatusCode::OK,
        [
            (header::CONTENT_TYPE, content_type),
            (header::CONTENT_DISPOSITION, disposition),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
            (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
        ],
        bytes,
    )
        .into_response()
}
