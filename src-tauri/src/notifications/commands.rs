//! Notification settings as IPC commands.

use super::Notify;
use super::settings::NotificationSettings;
use crate::error::AppError;
use tauri::State;

#[tauri::command]
pub fn notification_settings(notify: State<'_, Notify>) -> Result<NotificationSettings, AppError> {
    notify.notification_settings()
}

#[tauri::command]
pub fn save_notification_settings(
    notify: State<'_, Notify>,
    settings: NotificationSettings,
) -> Result<NotificationSettings, AppError> {
    notify.save_notification_settings(&settings)
}
