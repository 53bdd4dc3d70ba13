//! "Save as…" for every export: Rust opens the native save dialog (the web view has no
//! dialog or file permission) and hands the web view an opaque, single-use token for the
//! chosen file, which the export command redeems. A path typed or made up in the web view
//! is never accepted; the folder last chosen is remembered per export kind.

pub mod commands;
pub mod dialog;
pub mod folders;
pub mod kind;
pub mod tokens;

use crate::desk::Desk;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// "Save as…"'s state: the choices waiting for their export and where exports go without
/// a dialog. Tauri manages it and the dialog command takes it; every export holds a handle
/// (cheap to clone) to redeem its token.
#[derive(Clone)]
pub struct SaveAs {
    desk: Arc<Desk>,
    tokens: tokens::SaveTokens,
    export_dir: PathBuf,
}

impl SaveAs {
    /// `export_dir`: where exports go without a dialog (the user's Downloads folder in the app).
    pub fn new(desk: Arc<Desk>, export_dir: PathBuf) -> Self {
        Self { desk, tokens: tokens::SaveTokens::default(), export_dir }
    }

    /// The files chosen in the save dialog (the dialog command issues; exports redeem).
    pub fn tokens(&self) -> &tokens::SaveTokens {
        &self.tokens
    }

    /// Where exports are written without a dialog, and where the dialog first opens.
    pub fn export_dir(&self) -> &Path {
        &self.export_dir
    }
}
