//! [`SaveAs`], the state this domain's commands take (Tauri manages it; see `wiring.rs`).

use crate::desk::Desk;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// "Save as…"'s state: the choices waiting for their export and where exports go without
/// a dialog. Tauri manages it and the dialog command takes it; every export holds a handle
/// (cheap to clone) to redeem its token.
#[derive(Clone)]
pub struct SaveAs {
    pub(super) desk: Arc<Desk>,
    pub(super) tokens: super::tokens::SaveTokens,
    pub(super) export_dir: PathBuf,
}

impl SaveAs {
    /// `export_dir`: where exports go without a dialog (the user's Downloads folder in the app).
    pub fn new(desk: Arc<Desk>, export_dir: PathBuf) -> Self {
        Self { desk, tokens: super::tokens::SaveTokens::default(), export_dir }
    }

    /// The files chosen in the save dialog (the dialog command issues; exports redeem).
    pub fn tokens(&self) -> &super::tokens::SaveTokens {
        &self.tokens
    }

    /// Where exports are written without a dialog, and where the dialog first opens.
    pub fn export_dir(&self) -> &Path {
        &self.export_dir
    }
}
