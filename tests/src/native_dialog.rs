//! The app's native (GTK) Save dialog, driven with `xdotool` on the test's own X display:
//! it is not part of the web view, so WebDriver cannot reach it. Every call is bounded.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn xdotool(display: &str, args: &[&str]) -> Option<String> {
    let out = Command::new("timeout")
        .arg("10")
        .arg("xdotool")
        .args(args)
        .env("DISPLAY", display)
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

/// The id of the visible window titled `title` on `display`, waited for up to `wait`.
pub async fn find_dialog(display: &str, title: &str, wait: Duration) -> Option<String> {
    let deadline = Instant::now() + wait;
    while Instant::now() < deadline {
        let found = xdotool(display, &["search", "--onlyvisible", "--name", title]);
        if let Some(id) = found.as_deref().and_then(|ids| ids.lines().last()) {
            return Some(id.to_owned());
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    None
}

/// Whether a visible window titled `title` is on `display` now.
pub fn dialog_open(display: &str, title: &str) -> bool {
    xdotool(display, &["search", "--onlyvisible", "--name", title]).is_some_and(|ids| !ids.is_empty())
}

/// Gives the dialog `id` the keyboard (no window manager runs on the test display, so the
/// input focus is set directly), then sends `keys` (xdotool key names).
async fn keys(display: &str, id: &str, keys: &[&str]) {
    let _ = xdotool(display, &["windowfocus", id]);
    tokio::time::sleep(Duration::from_millis(300)).await;
    for key in keys {
        let _ = xdotool(display, &["key", "--clearmodifiers", key]);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Replaces the file name in the Save dialog `id` with `name` (a name, or a full path) and
/// presses Enter, as a person would.
pub async fn save_as(display: &str, id: &str, name: &str) {
    keys(display, id, &["ctrl+a"]).await;
    let _ = xdotool(display, &["type", "--delay", "30", name]);
    tokio::time::sleep(Duration::from_millis(300)).await;
    keys(display, id, &["Return"]).await;
}

/// Closes the Save dialog `id` with Escape (Cancel).
pub async fn cancel(display: &str, id: &str) {
    keys(display, id, &["Escape"]).await;
}
