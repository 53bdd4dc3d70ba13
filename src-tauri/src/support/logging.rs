//! Log files support can ask for: one file per day (`escrow-desk.YYYY-MM-DD.log`, the last
//! 14 kept) in the OS log folder, every line with its local time and offset, its level, and
//! the spans it happened in (command, action id and idempotency key, the client's call with
//! its correlation id). Lines pass through [`super::redact`] on their way to the file.
//! `ESCROW_DESK_LOG` sets the filter (default `info`); `ESCROW_DESK_LOG_DIR` the folder.

use super::recent::RecentProblems;
use super::redact::Redacting;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use tracing_appender::rolling::{RollingFileAppender, RollingWriter, Rotation};
use tracing_subscriber::EnvFilter;
use tracing_subscriber::fmt::MakeWriter;
use tracing_subscriber::fmt::time::ChronoLocal;
use tracing_subscriber::prelude::*;

/// Overrides the log folder.
pub const LOG_DIR_ENV: &str = "ESCROW_DESK_LOG_DIR";
/// The filter (`info`, `debug`, `escrow_api=trace,info`, …).
pub const LOG_FILTER_ENV: &str = "ESCROW_DESK_LOG";
const KEEP_FILES: usize = 14;

static DIR: OnceLock<PathBuf> = OnceLock::new();

/// Where the log files go: `ESCROW_DESK_LOG_DIR`, else `logs` in an overridden data folder
/// (tests keep everything of a run together), else the OS log folder.
pub fn resolve_dir(data_dir_override: Option<&Path>, os_log_dir: Option<PathBuf>, fallback: &Path) -> PathBuf {
    if let Some(dir) = std::env::var_os(LOG_DIR_ENV).filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    if let Some(data) = data_dir_override {
        return data.join("logs");
    }
    os_log_dir.unwrap_or_else(|| fallback.join("logs"))
}

/// The folder the log files are written to, once logging has started.
pub fn dir() -> Option<&'static Path> {
    DIR.get().map(PathBuf::as_path)
}

/// Opens the log folder in the file manager; answers its path.
pub fn open_dir() -> Result<&'static Path, String> {
    let dir = dir().ok_or_else(|| "The app is not writing log files.".to_owned())?;
    open::that_detached(dir).map_err(|e| format!("Could not open {}: {e}", dir.display()))?;
    Ok(dir)
}

/// Starts logging to daily files in `dir`. A folder that cannot be written leaves logging to
/// standard error only: the app must start even when it cannot log.
pub fn init(dir: &Path) -> Result<(), String> {
    let filter = || EnvFilter::try_from_env(LOG_FILTER_ENV).unwrap_or_else(|_| EnvFilter::new("info"));
    let timer = || ChronoLocal::new("%Y-%m-%dT%H:%M:%S%.3f%:z".into());
    let files = std::fs::create_dir_all(dir).map_err(|e| e.to_string()).and_then(|()| {
        RollingFileAppender::builder()
            .rotation(Rotation::DAILY)
            .filename_prefix("escrow-desk")
            .filename_suffix("log")
            .max_log_files(KEEP_FILES)
            .build(dir)
            .map_err(|e| e.to_string())
    });
    let (file_layer, problem) = match files {
        Ok(appender) => {
            let _ = DIR.set(dir.to_path_buf());
            let layer = tracing_subscriber::fmt::layer()
                .with_ansi(false)
                .with_timer(timer())
                .with_writer(RedactingFiles(appender))
                .with_filter(filter());
            (Some(layer), None)
        }
        Err(e) => (None, Some(format!("cannot write log files in {}: {e}", dir.display()))),
    };
    let stderr = tracing_subscriber::fmt::layer()
        .with_timer(timer())
        .with_writer(|| Redacting(std::io::stderr()))
        .with_filter(EnvFilter::new("warn"));
    tracing_subscriber::registry()
        .with(file_layer)
        .with(stderr)
        .with(RecentProblems)
        .try_init()
        .map_err(|e| e.to_string())?;
    log_panics();
    match problem {
        Some(p) => Err(p),
        None => Ok(()),
    }
}

/// Panics reach the log file too (the default hook still prints them).
fn log_panics() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        tracing::error!(panic = %info, "the app panicked");
        previous(info);
    }));
}

struct RedactingFiles(RollingFileAppender);

impl<'a> MakeWriter<'a> for RedactingFiles {
    type Writer = Redacting<RollingWriter<'a>>;

    fn make_writer(&'a self) -> Self::Writer {
        Redacting(self.0.make_writer())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_overridden_data_folder_keeps_its_logs() {
        if std::env::var_os(LOG_DIR_ENV).is_some() {
            return;
        }
        let dir = resolve_dir(Some(Path::new("/tmp/d")), Some(PathBuf::from("/os/logs")), Path::new("/x"));
        assert_eq!(dir, PathBuf::from("/tmp/d/logs"));
        let dir = resolve_dir(None, Some(PathBuf::from("/os/logs")), Path::new("/x"));
        assert_eq!(dir, PathBuf::from("/os/logs"));
        assert_eq!(resolve_dir(None, None, Path::new("/x")), PathBuf::from("/x/logs"));
    }
}
