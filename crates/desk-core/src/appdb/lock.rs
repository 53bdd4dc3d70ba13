//! One owner of a data folder: an exclusive OS lock (`escrow-desk.lock`, flock on Unix,
//! LockFileEx on Windows) taken before the database opens, held as long as any handle of
//! it lives in this process. A second process — a second window, the CLI writing, a
//! script — is refused with a clear message instead of sharing the journal.

use crate::error::{AppError, ErrorCode};
use std::fs::{File, OpenOptions, TryLockError};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, Weak};

/// The held lock; released when the last handle is dropped (or the process ends).
#[derive(Debug)]
pub struct FolderLock {
    _file: File,
}

/// Folders this process holds, so a second handle in the same process shares the lock.
static HELD: Mutex<Vec<(PathBuf, Weak<FolderLock>)>> = Mutex::new(Vec::new());

pub fn acquire(dir: &Path) -> Result<Arc<FolderLock>, AppError> {
    let key = dir.canonicalize().map_err(AppError::storage)?;
    let mut held = HELD.lock().map_err(|_| AppError::storage("lock registry poisoned"))?;
    held.retain(|(_, w)| w.strong_count() > 0);
    if let Some(lock) = held.iter().find(|(p, _)| *p == key).and_then(|(_, w)| w.upgrade()) {
        return Ok(lock);
    }
    let file = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(key.join("escrow-desk.lock"))
        .map_err(AppError::storage)?;
    match try_lock_briefly(&file) {
        Ok(()) => {}
        Err(TryLockError::WouldBlock) => {
            return Err(AppError::new(
                ErrorCode::Storage,
                format!(
                    "Escrow Desk is already open with this data folder ({}). Switch to that window, or close it first.",
                    key.display()
                ),
            ));
        }
        Err(TryLockError::Error(e)) => return Err(AppError::storage(e)),
    }
    let lock = Arc::new(FolderLock { _file: file });
    held.push((key, Arc::downgrade(&lock)));
    Ok(lock)
}

/// A flock belongs to the open file description, which a child process shares from fork
/// to exec: a lock this process just released can stay held for a moment by a child
/// another thread is starting (`id -un`, D-Bus autolaunch). A short retry rides that out;
/// a second app really holding the folder is still refused within a second.
fn try_lock_briefly(file: &File) -> Result<(), TryLockError> {
    const TRIES: u32 = 20;
    for _ in 1..TRIES {
        match file.try_lock() {
            Err(TryLockError::WouldBlock) => std::thread::sleep(std::time::Duration::from_millis(50)),
            other => return other,
        }
    }
    file.try_lock()
}
