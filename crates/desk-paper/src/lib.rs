//! A document of paper: headings, rows of a label and a value (the value right-aligned, as
//! figures are on a statement), totals, notes and a footer, laid out on A4 pages and written
//! as PDF with `pdf-writer`.
//!
//! The text is set in Helvetica, one of the PDF standard fonts every reader and printer has,
//! so nothing is embedded and the file stays a few kilobytes; it is encoded in
//! WinAnsiEncoding, which covers Danish and English (æ ø å, €, dashes). Knows no domain: the
//! app decides what a statement says; this crate only puts it on paper.

mod layout;
mod metrics;
mod render;
mod winansi;

pub use layout::{Block, Paper};
