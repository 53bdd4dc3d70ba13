//! A profile's key replaced, or the profile deleted: the core's change, then what the mirror
//! kept for it forgotten (a new key may be another tenant's), in that order.

use super::Environments;
use crate::error::AppError;
use crate::settings::environments::SANDBOX_ID;

impl Environments {
    /// Stores (or replaces) a profile's key in the keychain. Returns nothing, ever.
    pub fn set_api_key(&self, profile_id: &str, api_key: &str) -> Result<(), AppError> {
        self.desk.store_api_key(profile_id, api_key)?;
        // A new key may be another tenant's: what was mirrored with the old one goes.
        self.mirror.forget(profile_id)?;
        self.desk.forget_client(profile_id)
    }

    pub fn delete_profile(&self, id: &str) -> Result<(), AppError> {
        self.desk.remove_profile(id)?;
        self.mirror.forget(id)?;
        if self.desk.active_id()? == id {
            self.desk.select_environment(SANDBOX_ID)?;
        }
        Ok(())
    }
}
