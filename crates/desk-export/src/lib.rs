//! The exports staff open without thinking: a table of [`Cell`]s written either as CSV in the
//! convention of the chosen language ([`Convention`]: Danish Excel wants `;` and a decimal
//! comma) or as an XLSX workbook whose amounts and times are real numbers and dates.
//!
//! The app and the `escrow` CLI write every export through [`SheetFile`], so the two never
//! disagree on byte-order mark, line ends, number formats or formula defusing.

mod cell;
mod convention;
mod csv_sheet;
mod defuse;
mod error;
mod sheet_file;
pub mod transactions;
pub mod words;
mod xlsx_sheet;

pub use cell::{Cell, Column};
pub use convention::Convention;
pub use csv_sheet::CsvSheet;
pub use defuse::defuse;
pub use error::ExportError;
pub use sheet_file::{Format, SheetFile};
pub use xlsx_sheet::XlsxSheet;
