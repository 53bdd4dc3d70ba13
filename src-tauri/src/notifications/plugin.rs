//! The desktop's notifications (tauri-plugin-notification, sent from Rust) and the window
//! focus that decides whether one is due.

use super::note::Note;
use super::sender::{Notices, Notifier};
use tauri::{AppHandle, Runtime};
use tauri_plugin_notification::NotificationExt;

/// Sends through the plugin; a desktop without a notification server logs and goes on.
pub struct Desktop<R: Runtime>(pub AppHandle<R>);

impl<R: Runtime> Notifier for Desktop<R> {
    fn send(&self, note: &Note) {
        let shown = self.0.notification().builder().title(&note.title).body(&note.body).show();
        match shown {
            Ok(()) => tracing::info!(title = %note.title, "notification sent"),
            Err(e) => tracing::warn!(title = %note.title, "notification not shown: {e}"),
        }
    }
}

/// Follows the main window's focus (called for every window event).
pub fn track_focus(notices: &Notices, event: &tauri::WindowEvent) {
    if let tauri::WindowEvent::Focused(focused) = event {
        notices.set_focused(*focused);
    }
}
