//! Keeps the active environment's mirror fresh in the background: every few seconds it
//! asks the desk what is due (a full pass, a refresh of the newest pages, or nothing) and
//! runs it. A failed sync waits one refresh interval before the next try.

use crate::desk::Desk;
use std::collections::HashMap;
use std::time::{Duration, Instant};
use tauri::Manager;

const TICK: Duration = Duration::from_secs(3);

pub fn spawn(app: tauri::AppHandle) {
    tauri::async_runtime::spawn(async move {
        let mut attempts: HashMap<String, Instant> = HashMap::new();
        let mut watch = crate::notify::watch::ChangeWatch::default();
        loop {
            tokio::time::sleep(TICK).await;
            let Some(desk) = app.try_state::<Desk>() else { continue };
            let Ok(env) = desk.active_id() else { continue };
            // What the last sync (scheduled or asked for) noticed that needs a person.
            if let Err(e) = desk.notify_new_changes(&env, &mut watch) {
                tracing::warn!("change notifications: {}", e.message);
            }
            let due = match desk.mirror_due(attempts.get(&env).copied()) {
                Ok(Some(kind)) => kind,
                Ok(None) => continue,
                Err(e) => {
                    tracing::warn!("mirror schedule: {}", e.message);
                    continue;
                }
            };
            attempts.insert(env, Instant::now());
            // No key, say: nothing to sync until the user adds one.
            let _ = desk.run_mirror_sync(due).await;
        }
    });
}
