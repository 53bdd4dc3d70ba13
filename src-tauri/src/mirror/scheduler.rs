//! Keeps the active environment's mirror fresh in the background: every few seconds it
//! asks the mirror what is due (a full pass, a refresh of the newest pages, or nothing) and
//! runs it. A failed sync waits one refresh interval before the next try.

use super::MirrorService;
use crate::notifications::Notify;
use std::collections::HashMap;
use std::time::{Duration, Instant};

const TICK: Duration = Duration::from_secs(3);
/// The first look comes soon after start, once the window has drawn its first page: a sync
/// started sooner competes with the start itself (cold start 1.14–1.36 s with 0.5 s,
/// 0.85–1.00 s with 2.5 s, in alternating release runs).
const FIRST: Duration = Duration::from_millis(2500);

pub fn spawn(mirror: MirrorService, notify: Notify) {
    tauri::async_runtime::spawn(async move {
        let mut attempts: HashMap<String, Instant> = HashMap::new();
        let mut watch = crate::notifications::watch::ChangeWatch::default();
        tokio::time::sleep(FIRST).await;
        loop {
            step(&mirror, &notify, &mut attempts, &mut watch).await;
            tokio::time::sleep(TICK).await;
        }
    });
}

/// Runs what is due for the active environment, if anything.
async fn step(
    mirror: &MirrorService,
    notify: &Notify,
    attempts: &mut HashMap<String, Instant>,
    watch: &mut crate::notifications::watch::ChangeWatch,
) {
    let Ok(env) = mirror.desk.active_id() else { return };
    // What the last sync (scheduled or asked for) noticed that needs a person.
    if let Err(e) = notify.notify_new_changes(&env, watch) {
        tracing::warn!("change notifications: {}", e.message);
    }
    let due = match mirror.mirror_due(attempts.get(&env).copied()) {
        Ok(Some(kind)) => kind,
        Ok(None) => return,
        Err(e) => {
            tracing::warn!("mirror schedule: {}", e.message);
            return;
        }
    };
    attempts.insert(env, Instant::now());
    // No key, say: nothing to sync until the user adds one.
    // Noted on both sides: a long sync is work throughout, and its caches and garbage go
    // back to the OS once it is over (see `idle`).
    crate::platform::idle::note_work();
    let _ = mirror.run_mirror_sync(due).await;
    crate::platform::idle::note_work();
}
