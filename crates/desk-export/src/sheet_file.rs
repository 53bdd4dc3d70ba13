//! An export file of either kind, chosen by the name the person gave it: `.xlsx` is a
//! workbook, anything else CSV in the convention of the chosen language. Written beside the
//! target first and renamed over it when complete, so a cancelled or failed export never
//! leaves a half-written file.

use crate::cell::{Cell, Column};
use crate::convention::Convention;
use crate::csv_sheet::CsvSheet;
use crate::error::ExportError;
use crate::xlsx_sheet::XlsxSheet;
use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};

/// Which kind of file to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Csv(Convention),
    /// An XLSX workbook with its header in Danish (`true`) or English.
    Xlsx {
        da: bool,
    },
}

impl Format {
    /// The format a file named `path` asks for, in the language chosen in the app (`da`).
    pub fn of_path(path: &Path, da: bool) -> Self {
        let xlsx = path.extension().and_then(|e| e.to_str()).is_some_and(|e| e.eq_ignore_ascii_case("xlsx"));
        if xlsx { Self::Xlsx { da } } else { Self::Csv(Convention::of_language(da)) }
    }
}

enum Writer {
    Csv(Box<CsvSheet<BufWriter<File>>>),
    Xlsx(Box<XlsxSheet>),
}

/// An export being written to `path` (under a temporary name until [`SheetFile::finish`]).
/// Dropped unfinished (cancelled, failed, interrupted), it removes what it wrote.
pub struct SheetFile {
    writer: Option<Writer>,
    partial: PathBuf,
    path: PathBuf,
}

impl SheetFile {
    /// Starts the file; `sheet_name` names the workbook's sheet.
    pub fn create(path: &Path, format: Format, columns: &[Column], sheet_name: &str) -> Result<Self, ExportError> {
        let partial = partial_of(path);
        let writer = match format {
            Format::Csv(convention) => {
                let file = BufWriter::new(File::create(&partial)?);
                Writer::Csv(Box::new(CsvSheet::new(file, convention, columns, true)?))
            }
            Format::Xlsx { da } => Writer::Xlsx(Box::new(XlsxSheet::new(sheet_name, columns, da)?)),
        };
        Ok(Self { writer: Some(writer), partial, path: path.to_owned() })
    }

    /// One row, in the columns' order.
    pub fn row(&mut self, cells: &[Cell]) -> Result<(), ExportError> {
        match &mut self.writer {
            Some(Writer::Csv(sheet)) => sheet.row(cells),
            Some(Writer::Xlsx(sheet)) => sheet.row(cells),
            None => Err(ExportError::Io(std::io::Error::other("the export is already finished"))),
        }
    }

    /// Writes the file whole, synced, and renames it into place (replacing a file the person
    /// agreed to replace).
    pub fn finish(mut self) -> Result<PathBuf, ExportError> {
        let writer = self.writer.take().ok_or_else(|| ExportError::Io(std::io::Error::other("already finished")))?;
        write_out(writer, &self.partial)?;
        std::fs::rename(&self.partial, &self.path)?;
        Ok(self.path.clone())
    }

    /// Drops what was written so far (a cancelled or failed export).
    pub fn abandon(self) {}
}

impl Drop for SheetFile {
    fn drop(&mut self) {
        // After a successful finish the partial has been renamed away: nothing to remove.
        drop(self.writer.take());
        let _ = std::fs::remove_file(&self.partial);
    }
}

fn write_out(writer: Writer, partial: &Path) -> Result<(), ExportError> {
    match writer {
        Writer::Csv(sheet) => {
            let file = sheet.finish()?.into_inner().map_err(|e| ExportError::Io(e.into_error()))?;
            file.sync_all()?;
        }
        Writer::Xlsx(sheet) => sheet.save(partial)?,
    }
    Ok(())
}

/// The file written while the export runs, beside `path`.
fn partial_of(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".part");
    PathBuf::from(name)
}
