//! Notification settings as IPC commands.

use super::settings::NotificationSettings;
use crate::desk::Desk;
use crate::error::AppError;
use std::sync::Arc;
use tauri::State;

#[tauri::command]
pub fn notification_settings(desk: State<'_, Arc<Desk>>) -> Result<NotificationSettings, AppError> {
    desk.notification_settings()
}

#[tauri::command]
pub fn save_notification_settings(
    desk: State<'_, Arc<Desk>>,
    settings: NotificationSettings,
) -> Result<NotificationSettings, AppError> {
    desk.save_notification_settings(&settings)
}
