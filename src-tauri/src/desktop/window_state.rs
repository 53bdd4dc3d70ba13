//! The window's size, position and maximized state, restored at start
//! (tauri-plugin-window-state). An overridden data folder keeps its own state file, so test
//! runs start at the default size and never disturb a user's window.

use std::path::{Path, PathBuf};

const FILE: &str = ".window-state.json";

/// The plugin's state file name: absolute inside an overridden data folder (the plugin joins
/// it to the OS config folder, and joining an absolute path yields that path).
pub fn file_name(data_dir_override: Option<&Path>) -> PathBuf {
    match data_dir_override {
        Some(dir) => dir.join(FILE),
        None => PathBuf::from(FILE),
    }
}

pub fn plugin<R: tauri::Runtime>(data_dir_override: Option<&Path>) -> tauri::plugin::TauriPlugin<R> {
    tauri_plugin_window_state::Builder::new().with_filename(file_name(data_dir_override).to_string_lossy()).build()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_overridden_folder_keeps_the_state_inside_it() {
        assert_eq!(file_name(Some(Path::new("/tmp/x"))), PathBuf::from("/tmp/x/.window-state.json"));
        assert_eq!(file_name(None), PathBuf::from(".window-state.json"));
    }
}
