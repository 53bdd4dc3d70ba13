//! Paper: a settlement statement of an Auto deal and a receipt of any deal, as PDF made in
//! Rust from the live record (`statement`, laid out by `desk-paper`), in the chosen language
//! and its formats (`figures`, `words`); saved where the Save dialog says, or opened in the
//! desktop's PDF viewer to print (`service`).

pub mod commands;
pub mod figures;
pub mod service;
pub mod statement;
pub mod words;

mod state;

pub use state::Papers;
