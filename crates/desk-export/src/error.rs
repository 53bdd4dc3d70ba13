//! Why an export could not be written.

/// A failure writing an export file.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The file could not be created, written or renamed.
    #[error("the file could not be written: {0}")]
    Io(#[from] std::io::Error),
    /// The workbook could not be assembled (the XLSX writer's own message).
    #[error("the workbook could not be written: {0}")]
    Workbook(String),
}

impl From<csv::Error> for ExportError {
    fn from(e: csv::Error) -> Self {
        match e.into_kind() {
            csv::ErrorKind::Io(io) => Self::Io(io),
            other => Self::Io(std::io::Error::other(format!("{other:?}"))),
        }
    }
}

impl From<rust_xlsxwriter::XlsxError> for ExportError {
    fn from(e: rust_xlsxwriter::XlsxError) -> Self {
        match e {
            rust_xlsxwriter::XlsxError::IoError(io) => Self::Io(io),
            other => Self::Workbook(other.to_string()),
        }
    }
}
