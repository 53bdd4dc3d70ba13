//! The check and the verified download, on top of tauri-plugin-updater. The public key is
//! `plugins.updater.pubkey` in `tauri.conf.json` (with `requireSignedVersion`); the
//! endpoint is the user's setting, given per check. The plugin checks the minisign
//! signature of the downloaded bytes before anything installs them.

use crate::error::{AppError, ErrorCode};
use serde::Serialize;
use std::sync::Mutex;
use tauri::{AppHandle, Manager, Runtime};
use tauri_plugin_updater::{Error as UpdaterError, Update, UpdaterExt};
use ts_rs::TS;
use url::Url;

/// The updater plugin as the app registers it (its configuration comes from `tauri.conf.json`).
pub fn plugin<R: Runtime>() -> tauri::plugin::TauriPlugin<R, tauri_plugin_updater::Config> {
    tauri_plugin_updater::Builder::new().build()
}

/// The update the user was last shown: `install_update` installs only this one.
#[derive(Default)]
pub struct Pending(Mutex<Option<Update>>);

impl Pending {
    pub fn set(&self, update: Option<Update>) {
        if let Ok(mut slot) = self.0.lock() {
            *slot = update;
        }
    }

    /// The shown update if its version is the one the user agreed to.
    pub fn agreed(&self, version: &str) -> Option<Update> {
        self.0.lock().ok()?.as_ref().filter(|u| u.version == version).cloned()
    }
}

/// What a check found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase", tag = "state")]
pub enum UpdateCheck {
    /// No update URL is set: nothing was asked.
    Off,
    /// The server knows no newer version.
    Current {
        #[serde(rename = "currentVersion")]
        current_version: String,
    },
    /// A newer version, to show before anything is downloaded.
    Available(UpdateView),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct UpdateView {
    pub version: String,
    pub current_version: String,
    /// RFC 3339, when the manifest has a `pub_date`.
    pub date: Option<String>,
    pub notes: Option<String>,
}

impl UpdateView {
    pub fn of(update: &Update) -> Self {
        let date =
            update.date.and_then(|d| chrono::DateTime::from_timestamp(d.unix_timestamp(), 0)).map(|d| d.to_rfc3339());
        Self {
            version: update.version.clone(),
            current_version: update.current_version.clone(),
            date,
            notes: update.body.clone(),
        }
    }
}

/// Asks the manifest at `url` whether a newer version exists (nothing is downloaded), through
/// the desk's network (its proxy and extra CA certificates; the download of an update found
/// goes the same way).
pub async fn check<R: Runtime>(
    app: &AppHandle<R>,
    url: &Url,
    network: escrow_api::network::Network,
) -> Result<Option<Update>, UpdaterError> {
    let mut builder = app.updater_builder().endpoints(vec![url.clone()])?;
    // Checked once here; applying the same settings again cannot fail (the certificates are
    // already read, the address already parsed), so the closure keeps the updater's builder.
    if network.apply(reqwest::Client::builder()).is_ok() {
        builder = builder.configure_client(move |b| network.apply(b).unwrap_or_else(|_| reqwest::Client::builder()));
    }
    builder.build()?.check().await
}

/// Downloads the update and checks its signature against the app's public key; only
/// bytes that pass come back.
pub async fn download_verified(update: &Update) -> Result<Vec<u8>, UpdaterError> {
    update.download(|_, _| {}, || {}).await
}

/// Downloads, verifies and installs the update, then restarts into it. On Linux a deb
/// is installed with `pkexec dpkg -i` (the system asks for an administrator password;
/// refusing leaves the running version in place); an AppImage is replaced in place.
pub async fn install<R: Runtime>(app: &AppHandle<R>, update: Update) -> Result<(), AppError> {
    refuse_unpackaged()?;
    let bytes = download_verified(&update).await.map_err(to_app_error)?;
    tracing::info!(version = %update.version, bytes = bytes.len(), "update verified, installing");
    tauri::async_runtime::spawn_blocking(move || update.install(bytes))
        .await
        .map_err(|e| AppError::new(ErrorCode::Internal, format!("The installer stopped: {e}")))?
        .map_err(to_app_error)?;
    tracing::info!("update installed, restarting");
    app.restart()
}

/// The plugin replaces the running file when the app is not a deb, which for a build
/// run from the repository (no bundle marker) would overwrite it with a package.
fn refuse_unpackaged() -> Result<(), AppError> {
    use tauri::utils::{config::BundleType, platform::bundle_type};
    match bundle_type() {
        Some(BundleType::Deb | BundleType::AppImage) => Ok(()),
        _ if !cfg!(target_os = "linux") => Ok(()),
        _ => Err(AppError::validation(
            "This copy of Escrow Desk was not installed from a package; install the new version with its package.",
        )),
    }
}

/// The plugin's error as the UI shows it; a bad signature says so plainly.
pub fn to_app_error(e: UpdaterError) -> AppError {
    match e {
        UpdaterError::Minisign(_) | UpdaterError::SignedVersionMismatch { .. } | UpdaterError::MissingSignedVersion => {
            AppError::new(ErrorCode::Validation, format!("The update was refused: its signature does not match ({e})."))
        }
        UpdaterError::Reqwest(_) | UpdaterError::Network(_) => {
            AppError::new(ErrorCode::Network, format!("The update server could not be reached: {e}"))
        }
        other => AppError::new(ErrorCode::Internal, format!("Update failed: {other}")),
    }
}

/// The pending-update slot, created on first use.
pub fn pending<R: Runtime>(app: &AppHandle<R>) -> tauri::State<'_, Pending> {
    if app.try_state::<Pending>().is_none() {
        app.manage(Pending::default());
    }
    app.state::<Pending>()
}
