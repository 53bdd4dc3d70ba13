//! Updates, as IPC commands. `install_update` takes the version the user agreed to in the
//! dialog, and installs only the update the last check showed with that version.

use super::Updates;
use super::service::{self, UpdateCheck, UpdateView};
use super::settings::UpdateSettings;
use crate::error::AppError;
use tauri::{AppHandle, Manager, Runtime, State};

type Result<T> = std::result::Result<T, AppError>;

#[tauri::command]
pub fn update_settings(updates: State<'_, Updates>) -> Result<UpdateSettings> {
    updates.update_settings()
}

#[tauri::command]
pub fn save_update_url(updates: State<'_, Updates>, url: String) -> Result<UpdateSettings> {
    updates.save_update_url(&url)
}

/// Checks the configured URL; with none set, asks nothing and answers `Off`.
#[tauri::command]
pub async fn check_for_update<R: Runtime>(app: AppHandle<R>) -> Result<UpdateCheck> {
    let (url, network) = match app.try_state::<Updates>() {
        Some(updates) => (updates.update_url()?, updates.desk.network()?),
        None => (None, Default::default()),
    };
    let Some(url) = url else { return Ok(UpdateCheck::Off) };
    let found = service::check(&app, &url, network).await.map_err(service::to_app_error)?;
    let answer = match &found {
        Some(update) => UpdateCheck::Available(UpdateView::of(update)),
        None => UpdateCheck::Current { current_version: app.package_info().version.to_string() },
    };
    service::pending(&app).set(found);
    Ok(answer)
}

/// Installs the update the user agreed to, then restarts (does not return on success).
#[tauri::command]
pub async fn install_update<R: Runtime>(app: AppHandle<R>, version: String) -> Result<()> {
    let update = service::pending(&app)
        .agreed(&version)
        .ok_or_else(|| AppError::validation(format!("No update {version} is waiting; check for updates again.")))?;
    service::install(&app, update).await
}
