//! Memory back to the OS once the app is quiet after work. A page of the list, a search, a
//! mirror sync: each fills SQLite's page caches (the app's connections and the built-in
//! Sandbox's) and leaves freed blocks in the allocator's heaps. Kept, they are the app's idle
//! memory for the rest of the session; given back a moment after the work, the next read
//! fills the caches again from the OS's file cache in microseconds.
//!
//! Work is noted where it happens (every command from the window, every mirror sync) with
//! [`note_work`]; a loop looks once a second and releases when the last work is `QUIET` old.
//! What to release is handed in by the shell (`lib.rs`), so this knows no domain.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// How long after the last work the memory goes back: long enough that a user paging or
/// typing keeps warm caches, short enough that "idle" is what the app is most of the day.
pub const QUIET: Duration = Duration::from_secs(2);
const LOOK: Duration = Duration::from_secs(1);

/// Work since the last release, and when the last work was (ms since `epoch()`).
static DIRTY: AtomicBool = AtomicBool::new(false);
static LAST_WORK_MS: AtomicU64 = AtomicU64::new(0);

fn epoch() -> Instant {
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    *EPOCH.get_or_init(Instant::now)
}

fn now_ms() -> u64 {
    epoch().elapsed().as_millis() as u64
}

/// Notes that work just happened (cheap: two atomic stores).
pub fn note_work() {
    LAST_WORK_MS.store(now_ms(), Ordering::Relaxed);
    DIRTY.store(true, Ordering::Release);
}

/// Whether a release is due: there was work since the last one, and none for `quiet`.
/// Answers `true` once per quiet spell (it takes the work as released).
pub fn release_due(quiet: Duration) -> bool {
    if !DIRTY.load(Ordering::Acquire) {
        return false;
    }
    let last = LAST_WORK_MS.load(Ordering::Relaxed);
    if now_ms().saturating_sub(last) < quiet.as_millis() as u64 {
        return false;
    }
    DIRTY.swap(false, Ordering::AcqRel)
}

/// One thing that can give memory back (a database's caches, say).
pub type Release = Arc<dyn Fn() + Send + Sync>;

/// Looks once a second; when a release is due, runs each of `releases` and then trims the
/// allocator, on the blocking pool (a cache is released only from a connection not in use,
/// so nothing waits on a query).
pub fn spawn(releases: Vec<Release>) {
    tauri::async_runtime::spawn(async move {
        loop {
            tokio::time::sleep(LOOK).await;
            if !release_due(QUIET) {
                continue;
            }
            let releases = releases.clone();
            let _ = tokio::task::spawn_blocking(move || {
                for release in &releases {
                    release();
                }
                crate::platform::memory::trim();
            })
            .await;
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    // One test: the state is process-wide.
    #[test]
    fn due_once_after_work_and_a_quiet_spell() {
        note_work();
        assert!(!release_due(Duration::from_secs(3600)), "due before the quiet spell");
        assert!(release_due(Duration::ZERO), "not due after work and a quiet spell");
        assert!(!release_due(Duration::ZERO), "due twice for the same work");
        note_work();
        assert!(release_due(Duration::ZERO), "new work is released again");
    }
}
