//! The staff member's name, set under Settings and written into every audit row next to
//! the OS user (several people may share one OS account at a desk). Kept in the app
//! database's settings; optional.

use super::Environments;
use crate::audit::actor::STAFF_NAME_SETTING;
use crate::error::AppError;
use crate::settings::environments as envs;

/// Longest staff name accepted.
pub const MAX_CHARS: usize = 80;

impl Environments {
    /// The staff name, `None` when none is set.
    pub fn staff_name(&self) -> Result<Option<String>, AppError> {
        Ok(envs::get_setting(&self.desk.db, STAFF_NAME_SETTING)?.filter(|n| !n.trim().is_empty()))
    }

    /// Whether a name was ever saved, an empty one (the question put off) included.
    pub fn staff_name_asked(&self) -> Result<bool, AppError> {
        Ok(envs::get_setting(&self.desk.db, STAFF_NAME_SETTING)?.is_some())
    }

    /// Sets the staff name (trimmed; empty clears it); answers what is stored.
    pub fn set_staff_name(&self, name: &str) -> Result<Option<String>, AppError> {
        let name = name.trim();
        if name.chars().count() > MAX_CHARS || name.chars().any(char::is_control) {
            return Err(AppError::validation(format!(
                "The staff name must be at most {MAX_CHARS} visible characters."
            )));
        }
        envs::set_setting(&self.desk.db, STAFF_NAME_SETTING, name)?;
        self.staff_name()
    }
}
