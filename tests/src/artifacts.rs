//! Where screenshots go, and the X-server capture behind every one of them.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Where the tests put their screenshots (`ESCROW_DESK_ARTIFACTS`, else tests/artifacts).
pub fn artifacts() -> PathBuf {
    let dir = std::env::var_os("ESCROW_DESK_ARTIFACTS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("artifacts"));
    let _ = std::fs::create_dir_all(&dir);
    dir
}

/// Captures the app's window ("Escrow Desk") on X display `display`, or its whole screen
/// when no such window is mapped, as `name` in [`artifacts`]. Talks to the X server only
/// (xdotool, ImageMagick's `import`), each bounded by `timeout`, so it cannot wait on
/// WebKit. Answers the file's path, or what went wrong.
pub fn capture_display(display: &str, name: &str) -> String {
    let path = artifacts().join(name);
    let window = Command::new("timeout")
        .args(["5", "xdotool", "search", "--onlyvisible", "--name", "^Escrow Desk$"])
        .env("DISPLAY", display)
        .stderr(Stdio::null())
        .output()
        .ok()
        .and_then(|o| String::from_utf8_lossy(&o.stdout).lines().next().map(str::to_owned))
        .unwrap_or_else(|| "root".to_owned());
    let status = Command::new("timeout")
        .args(["10", "import", "-window", &window])
        .arg(&path)
        .env("DISPLAY", display)
        .stderr(Stdio::null())
        .status();
    match status {
        Ok(s) if s.success() => path.display().to_string(),
        Ok(s) => format!("import -window {window} on {display}: {s}"),
        Err(e) => format!("import: {e}"),
    }
}

/// Copies the app's log files (`logs/` in its data folder) to `name` in [`artifacts`]: a
/// failed test's data folder is deleted with it, and the log says what the app was doing.
/// Answers the folder's path, or what went wrong.
pub fn keep_logs(data_dir: &Path, name: &str) -> String {
    let to = artifacts().join(name);
    let files = match std::fs::read_dir(data_dir.join("logs")) {
        Ok(files) => files,
        Err(e) => return format!("none ({}: {e})", data_dir.join("logs").display()),
    };
    let _ = std::fs::remove_dir_all(&to);
    if let Err(e) = std::fs::create_dir_all(&to) {
        return format!("{}: {e}", to.display());
    }
    for file in files.flatten() {
        let _ = std::fs::copy(file.path(), to.join(file.file_name()));
    }
    to.display().to_string()
}
