//! The built-in Sandbox as a profile named "Sandbox", reached as the app reaches it: the
//! shared sandbox server named by `ESCROW_DESK_SANDBOX_URL` when that is set, otherwise started
//! in this process on the app's own sandbox database (`DATA_DIR/sandbox`, the demo tenant and
//! its key, webhooks to its own receiver until a URL is set) for as long as the command runs.
//!
//! Started here, it holds the data folder's lock (`escrow-desk.lock`, the app's) while it runs:
//! two processes delivering the same database's webhooks would deliver some twice, so the CLI
//! and an open app never run it at the same time; the refusal says how to share one instead.

use crate::exit::Failure;
use crate::profile;
use escrow_sandbox::{RunningSandbox, SandboxConfig, ServeOptions};
use std::fs::{File, OpenOptions, TryLockError};
use std::path::PathBuf;

/// The profile name of the built-in Sandbox, as the app shows it.
pub const NAME: &str = "Sandbox";
/// A sandbox server standing in for the built-in Sandbox, as in the app.
pub const SHARED_ENV: &str = "ESCROW_DESK_SANDBOX_URL";
/// The data folder's lock file, as the app names it.
const LOCK_FILE: &str = "escrow-desk.lock";

/// Whether `--profile NAME` names the built-in Sandbox.
pub fn is_named(name: &str) -> bool {
    name.trim().eq_ignore_ascii_case(NAME)
}

/// How the built-in Sandbox is reached, decided before any runtime exists.
#[derive(Debug)]
pub enum Reach {
    /// A sandbox server already running (`ESCROW_DESK_SANDBOX_URL`).
    Shared(String),
    /// Started in this process on this folder, whose data folder's lock is held.
    InProcess { dir: PathBuf, lock: File },
}

/// The shared sandbox's address, when one is named.
pub fn shared_url() -> Option<String> {
    std::env::var(SHARED_ENV).ok().map(|u| u.trim().trim_end_matches('/').to_owned()).filter(|u| !u.is_empty())
}

/// The shared sandbox, or the app's sandbox folder with the data folder's lock taken.
pub fn reach() -> Result<Reach, Failure> {
    if let Some(url) = shared_url() {
        return Ok(Reach::Shared(url));
    }
    let data = profile::data_dir()?;
    std::fs::create_dir_all(&data)
        .map_err(|e| Failure::local(format!("cannot create the data folder {}: {e}", data.display())))?;
    let lock = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(data.join(LOCK_FILE))
        .map_err(|e| Failure::local(format!("cannot open {}: {e}", data.join(LOCK_FILE).display())))?;
    match lock.try_lock() {
        Ok(()) => Ok(Reach::InProcess { dir: data.join("sandbox"), lock }),
        Err(TryLockError::WouldBlock) => Err(Failure::usage(format!(
            "the built-in Sandbox of {} is in use: Escrow Desk (or another `escrow --profile Sandbox`) is open with \
             this data folder and runs it. Close it, or run one sandbox server for both (escrow-sandbox) and set \
             {SHARED_ENV} to its address for the app and the command line",
            data.display()
        ))),
        Err(TryLockError::Error(e)) => Err(Failure::local(format!("cannot lock {}: {e}", data.display()))),
    }
}

/// The built-in Sandbox ready to be called: its address, and the server when it runs here.
pub struct Ready {
    pub url: String,
    /// Whether it was started by this command (it stops with it).
    pub in_process: bool,
    running: Option<(RunningSandbox, File)>,
}

impl Ready {
    /// Stops the sandbox started here (letting requests in flight finish), then frees the folder.
    pub async fn stop(self) {
        if let Some((running, lock)) = self.running {
            running.shutdown().await;
            drop(lock);
        }
    }
}

/// Starts the sandbox when it runs here; the shared one is only named.
pub async fn start(reach: Reach) -> Result<Ready, Failure> {
    match reach {
        Reach::Shared(url) => Ok(Ready { url, in_process: false, running: None }),
        Reach::InProcess { dir, lock } => {
            let options = ServeOptions { own_receiver: true, ..Default::default() };
            let running = escrow_sandbox::start_with(SandboxConfig::demo(&dir), options)
                .await
                .map_err(|e| Failure::local(format!("cannot start the built-in Sandbox in {}: {e}", dir.display())))?;
            Ok(Ready { url: running.url.clone(), in_process: true, running: Some((running, lock)) })
        }
    }
}
