//! "Save as…" as an IPC command: the dialog opens here, in Rust; the web view gets a token
//! and the chosen file's name to show, never a way to name a path itself.

use super::SaveAs;
use super::kind::ExportKind;
use super::{dialog, folders};
use crate::error::{AppError, ErrorCode};
use serde::Serialize;
use tauri::{AppHandle, Manager, Runtime};
use ts_rs::TS;

/// The answer of the save dialog.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SaveChoice {
    /// For the export command; `None` when the user cancelled (then nothing is written).
    pub token: Option<String>,
    /// The chosen file, to show (the export answers the same path when it is written).
    pub path: Option<String>,
}

/// Opens the save dialog for `kind` in the remembered folder (Downloads at first),
/// proposing `suggested_name` (a plain file name; anything else gives the default).
#[tauri::command]
pub async fn choose_save_path<R: Runtime>(
    app: AppHandle<R>,
    kind: ExportKind,
    suggested_name: Option<String>,
) -> Result<SaveChoice, AppError> {
    let save_as =
        app.try_state::<SaveAs>().ok_or_else(|| AppError::new(ErrorCode::Internal, "the data is not open"))?;
    let folder = folders::start_folder(&save_as.desk.db, kind, save_as.export_dir())?;
    // A fresh account may have no Downloads folder yet; the dialog needs one to open in.
    let _ = std::fs::create_dir_all(&folder);
    let name = kind.suggested_name(suggested_name.as_deref());
    let da = crate::shared::lang::danish();
    let Some(path) = dialog::ask(&app, kind.title(da), &folder, &name, kind.filters(da)).await else {
        tracing::info!(kind = kind.as_str(), "save dialog cancelled");
        return Ok(SaveChoice { token: None, path: None });
    };
    folders::remember(&save_as.desk.db, kind, &path)?;
    let token = save_as.tokens.issue(kind, path.clone())?;
    Ok(SaveChoice { token: Some(token), path: Some(path.display().to_string()) })
}
