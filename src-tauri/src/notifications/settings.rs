//! The notification setting: change notifications are off until the user turns them on
//! (one key in the app database's settings). Export and bulk notices need no setting: they
//! come only when the window is unfocused.

use super::Notify;
use crate::error::AppError;
use crate::settings::environments::{get_setting, set_setting};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

const CHANGES_KEY: &str = "notify_changes";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct NotificationSettings {
    /// A desktop notification when a mirror refresh notices deals paid or payments failed.
    pub changes: bool,
}

impl Notify {
    pub fn notification_settings(&self) -> Result<NotificationSettings, AppError> {
        Ok(NotificationSettings { changes: get_setting(&self.desk.db, CHANGES_KEY)?.as_deref() == Some("on") })
    }

    pub fn save_notification_settings(&self, s: &NotificationSettings) -> Result<NotificationSettings, AppError> {
        set_setting(&self.desk.db, CHANGES_KEY, if s.changes { "on" } else { "off" })?;
        self.notification_settings()
    }
}
