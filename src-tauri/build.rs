//! Declares the app's commands so capabilities can grant them one by one; a command
//! missing here is refused at the IPC boundary even if registered.

fn main() {
    let manifest = tauri_build::AppManifest::new().commands(escrow_desk_commands::NAMES);
    if let Err(e) = tauri_build::try_build(tauri_build::Attributes::new().app_manifest(manifest)) {
        eprintln!("tauri-build failed: {e:#}");
        std::process::exit(1);
    }
}

#[path = "src/command_names.rs"]
mod escrow_desk_commands;
