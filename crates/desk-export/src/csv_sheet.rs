//! A table as CSV: UTF-8 with a byte-order mark (so spreadsheets read æ, ø, å), a header row of
//! the columns' keys, CRLF line ends (RFC 4180), fields quoted only when they must be.

use crate::cell::{Cell, Column};
use crate::convention::Convention;
use crate::defuse::defuse;
use crate::error::ExportError;
use std::io::Write;

/// Writes rows to `W` as they come (nothing is held in memory).
pub struct CsvSheet<W: Write> {
    out: csv::Writer<W>,
    convention: Convention,
}

impl<W: Write> CsvSheet<W> {
    /// Starts the file: the byte-order mark (when `bom`) and the header row.
    pub fn new(mut out: W, convention: Convention, columns: &[Column], bom: bool) -> Result<Self, ExportError> {
        if bom {
            out.write_all("\u{feff}".as_bytes())?;
        }
        let out = csv::WriterBuilder::new()
            .delimiter(convention.delimiter())
            .terminator(csv::Terminator::CRLF)
            .from_writer(out);
        let mut sheet = Self { out, convention };
        sheet.out.write_record(columns.iter().map(|c| c.key))?;
        Ok(sheet)
    }

    /// One row, in the columns' order.
    pub fn row(&mut self, cells: &[Cell]) -> Result<(), ExportError> {
        let c = self.convention;
        let fields = cells.iter().map(|cell| match cell {
            Cell::Empty => String::new(),
            Cell::Text(t) => defuse(t).into_owned(),
            Cell::Amount(d) => c.amount(*d),
            Cell::Count(n) => n.to_string(),
            Cell::Time(t) => c.time(*t),
        });
        self.out.write_record(fields)?;
        Ok(())
    }

    /// Flushes and hands back the writer.
    pub fn finish(self) -> Result<W, ExportError> {
        self.out.into_inner().map_err(|e| ExportError::Io(std::io::Error::other(e.to_string())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal::Decimal;

    const COLUMNS: [Column; 3] =
        [Column::new("title", "Title", "Titel"), Column::new("amount", "Amount", "Beløb"), Column::new("n", "N", "N")];

    fn write(convention: Convention, cells: &[Cell]) -> String {
        let mut sheet = CsvSheet::new(Vec::new(), convention, &COLUMNS, true).unwrap();
        sheet.row(cells).unwrap();
        String::from_utf8(sheet.finish().unwrap()).unwrap()
    }

    #[test]
    fn danish_files_use_semicolons_and_decimal_commas() {
        let cells = [Cell::Text("Bil; blå".into()), Cell::Amount(Decimal::new(12345, 2)), Cell::Count(7)];
        assert_eq!(write(Convention::Danish, &cells), "\u{feff}title;amount;n\r\n\"Bil; blå\";123,45;7\r\n");
        assert_eq!(write(Convention::English, &cells), "\u{feff}title,amount,n\r\nBil; blå,123.45,7\r\n");
    }

    #[test]
    fn quotes_line_breaks_and_formulas_are_kept_harmless() {
        let cells = [Cell::Text("say \"hi\"\nthere".into()), Cell::Text("=1+1".into()), Cell::Empty];
        assert_eq!(
            write(Convention::English, &cells),
            "\u{feff}title,amount,n\r\n\"say \"\"hi\"\"\nthere\",'=1+1,\r\n"
        );
    }
}
