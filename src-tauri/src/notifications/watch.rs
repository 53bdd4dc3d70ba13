//! Change notifications: after each mirror refresh, the changes recorded since the last
//! look that need a person become one notification (when the setting is on). What was
//! already in the mirror when the app started is never announced.

use super::Notify;
use super::note::changes_need_action;
use crate::error::AppError;
use desk_mirror::changes::{after, newest};
use std::collections::HashMap;

/// The newest change each environment was checked up to, this session.
#[derive(Default)]
pub struct ChangeWatch {
    seen: HashMap<String, i64>,
}

impl Notify {
    /// Sends one notification for the changes of `env` recorded since the last call that
    /// need a person, if the setting is on; answers whether one was sent. The first call
    /// for an environment only notes where its changes stand.
    pub fn notify_new_changes(&self, env: &str, watch: &mut ChangeWatch) -> Result<bool, AppError> {
        let conn = self.mirror.lock()?;
        let Some(&seen) = watch.seen.get(env) else {
            watch.seen.insert(env.to_owned(), newest(&conn, env)?);
            return Ok(false);
        };
        let fresh = after(&conn, env, seen)?;
        drop(conn);
        let Some(last) = fresh.last().map(|c| c.seq) else { return Ok(false) };
        watch.seen.insert(env.to_owned(), last);
        if !self.notification_settings()?.changes {
            return Ok(false);
        }
        match changes_need_action(&fresh, crate::shared::lang::danish()) {
            Some(note) => {
                self.notices.always(&note);
                Ok(true)
            }
            None => Ok(false),
        }
    }
}
