//! Links as IPC commands: the window takes what the desktop handed over, and has the link to a
//! place in the active environment put on the clipboard ("Copy link"; by Rust, since the web
//! view's clipboard needs a user gesture that an awaited answer no longer carries).

use super::Links;
use super::parse::{LinkTarget, format};
use super::resolve::{LinkView, name_of, view};
use crate::error::{AppError, ErrorCode};
use tauri::{AppHandle, Manager, Runtime, State};
use tauri_plugin_clipboard_manager::ClipboardExt;

/// The links handed over since the last call, each with the environment it opens in or why
/// it opens nothing.
#[tauri::command]
pub fn take_links(links: State<'_, Links>) -> Result<Vec<LinkView>, AppError> {
    links.take_views()
}

/// Puts the `escrow-desk://` link to `target` in the active environment on the clipboard, and
/// answers it.
#[tauri::command]
pub fn copy_link<R: Runtime>(app: AppHandle<R>, target: LinkTarget) -> Result<String, AppError> {
    let links = app.try_state::<Links>().ok_or_else(|| AppError::new(ErrorCode::Internal, "the data is not open"))?;
    let link = links.link_to(&target)?;
    app.clipboard()
        .write_text(link.clone())
        .map_err(|e| AppError::new(ErrorCode::Internal, format!("Could not write to the clipboard: {e}")))?;
    Ok(link)
}

impl Links {
    pub fn take_views(&self) -> Result<Vec<LinkView>, AppError> {
        let raw = self.take();
        if raw.is_empty() {
            return Ok(Vec::new());
        }
        let environments = self.desk.list_environments()?.environments;
        Ok(raw.iter().map(|r| view(r, &environments)).collect())
    }

    pub fn link_to(&self, target: &LinkTarget) -> Result<String, AppError> {
        let list = self.desk.list_environments()?;
        let env = list
            .environments
            .iter()
            .find(|e| e.id == list.active_id)
            .ok_or_else(|| AppError::new(ErrorCode::Internal, "no active environment"))?;
        // Checked as a link would be read: an id that no link could carry is refused here.
        let link = format(&name_of(env), target);
        super::parse::parse(&link).map_err(AppError::validation)?;
        Ok(link)
    }
}
