//! The native save dialog (tauri-plugin-dialog's Rust API), awaited without blocking: the
//! plugin builds the dialog on the main thread and answers on its own thread, so neither
//! the main thread nor the async runtime waits on the user.

use std::path::{Path, PathBuf};
use tauri::{AppHandle, Manager, Runtime};
use tauri_plugin_dialog::DialogExt;

/// What the user chose: a file, or nothing (Cancel, Escape, or the dialog closed).
pub async fn ask<R: Runtime>(
    app: &AppHandle<R>,
    title: &str,
    folder: &Path,
    name: &str,
    filters: &[(&str, &[&str])],
) -> Option<PathBuf> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    let mut dialog = app.dialog().file().set_title(title).set_directory(folder).set_file_name(name);
    for (label, extensions) in filters {
        dialog = dialog.add_filter(*label, extensions);
    }
    if let Some(window) = app.get_webview_window("main") {
        dialog = dialog.set_parent(&window);
    }
    dialog.save_file(move |chosen| {
        let _ = tx.send(chosen.and_then(|p| p.into_path().ok()));
    });
    rx.await.ok().flatten()
}
