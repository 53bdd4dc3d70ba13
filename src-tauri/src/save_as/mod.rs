//! "Save as…" for every export: Rust opens the native save dialog (the web view has no
//! dialog or file permission) and hands the web view an opaque, single-use token for the
//! chosen file, which the export command redeems. A path typed or made up in the web view
//! is never accepted; the folder last chosen is remembered per export kind.

pub mod commands;
pub mod dialog;
pub mod folders;
pub mod kind;
mod state;
pub mod tokens;

pub use state::SaveAs;
