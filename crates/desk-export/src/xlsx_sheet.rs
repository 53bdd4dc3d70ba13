//! A table as an XLSX workbook: amounts as numbers with two decimals, times as dates (in the
//! desk's local time, since a spreadsheet has no time zones), text as text (never a formula),
//! a bold, frozen header row with a filter. Rows stream to a temporary file (constant-memory
//! mode), so 100,000 rows do not sit in memory.

use crate::cell::{Cell, Column};
use crate::error::ExportError;
use chrono::Local;
use rust_xlsxwriter::{Format, Workbook, Worksheet};
use std::path::Path;

/// One worksheet of rows, saved as a workbook by [`XlsxSheet::save`].
pub struct XlsxSheet {
    workbook: Workbook,
    sheet: Worksheet,
    next_row: u32,
    columns: u16,
    amount: Format,
    time: Format,
}

impl XlsxSheet {
    /// Starts a workbook with one sheet named `name` and a header row in the chosen language.
    pub fn new(name: &str, columns: &[Column], da: bool) -> Result<Self, ExportError> {
        let mut workbook = Workbook::new();
        let mut sheet = workbook.new_worksheet_with_constant_memory()?;
        sheet.set_name(name)?;
        let header = Format::new().set_bold();
        let count = u16::try_from(columns.len()).map_err(|_| ExportError::Workbook("too many columns".into()))?;
        for (i, column) in (0u16..).zip(columns) {
            let label = column.label(da);
            let width = label.chars().count().clamp(10, 40) as f64 + 2.0;
            sheet.set_column_width(i, width)?;
            sheet.write_string_with_format(0, i, label, &header)?;
        }
        sheet.set_freeze_panes(1, 0)?;
        Ok(Self {
            workbook,
            sheet,
            next_row: 1,
            columns: count,
            amount: Format::new().set_num_format("#,##0.00"),
            time: Format::new().set_num_format("yyyy-mm-dd hh:mm"),
        })
    }

    /// One row, in the columns' order.
    pub fn row(&mut self, cells: &[Cell]) -> Result<(), ExportError> {
        let r = self.next_row;
        for (c, cell) in (0u16..).zip(cells) {
            match cell {
                Cell::Empty => {}
                Cell::Text(t) => {
                    self.sheet.write_string(r, c, t)?;
                }
                Cell::Amount(d) => {
                    let rounded = escrow_api::money::round(*d);
                    // XLSX stores every number as a double; the two-decimal amount's text is
                    // parsed to the nearest one, which displays back exactly.
                    let value: f64 = rounded.to_string().parse().unwrap_or_default();
                    self.sheet.write_number_with_format(r, c, value, &self.amount)?;
                }
                Cell::Count(n) => {
                    self.sheet.write_number(r, c, *n as f64)?;
                }
                Cell::Time(t) => {
                    let local = t.with_timezone(&Local).naive_local();
                    self.sheet.write_datetime_with_format(r, c, local, &self.time)?;
                }
            }
        }
        self.next_row += 1;
        Ok(())
    }

    /// Adds the header's filter and writes the workbook to `path`.
    pub fn save(mut self, path: &Path) -> Result<(), ExportError> {
        if self.columns > 0 {
            self.sheet.autofilter(0, 0, self.next_row - 1, self.columns - 1)?;
        }
        self.workbook.push_worksheet(self.sheet);
        self.workbook.save(path)?;
        Ok(())
    }
}
