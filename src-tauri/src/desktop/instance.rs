//! One window per data folder. A second start on the same folder hands over to the first
//! (which comes to the front) and exits, through tauri-plugin-single-instance on the session
//! bus; the data folder's own lock (`appdb::lock`) refuses a second owner whatever starts it.
//! The bus name carries the data folder when it is overridden, so separate folders (tests,
//! a second profile folder) can run side by side.

use std::path::Path;
use tauri::{AppHandle, Manager, Runtime};

/// The session-bus name prefix of the instance owning `data_dir_override` (or the default
/// data folder when `None`).
pub fn bus_id(identifier: &str, data_dir_override: Option<&Path>) -> String {
    match data_dir_override {
        None => identifier.to_owned(),
        Some(dir) => {
            let mut short = crate::audit::digest::sha256_hex(dir.to_string_lossy().as_bytes());
            short.truncate(12);
            // A bus name element must not start with a digit.
            format!("{identifier}.d{short}")
        }
    }
}

/// Brings the running window to the front when a second start is handed over.
pub fn focus<R: Runtime>(app: &AppHandle<R>) {
    tracing::info!("a second start on this data folder was handed over to this window");
    if let Some(window) = app.get_webview_window("main") {
        let _ = window.unminimize();
        let _ = window.show();
        let _ = window.set_focus();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_overridden_folder_has_its_own_bus_name() {
        let a = bus_id("dk.escrowdesk.app", Some(Path::new("/tmp/a")));
        let b = bus_id("dk.escrowdesk.app", Some(Path::new("/tmp/b")));
        assert_ne!(a, b);
        assert!(a.starts_with("dk.escrowdesk.app.d"));
        assert_eq!(bus_id("dk.escrowdesk.app", None), "dk.escrowdesk.app");
        assert_eq!(a, bus_id("dk.escrowdesk.app", Some(Path::new("/tmp/a"))));
    }
}
