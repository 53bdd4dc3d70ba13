//! Declares the app's commands so capabilities can grant them one by one; a command
//! missing here is refused at the IPC boundary even if registered. The names come from
//! the one command list (`src/ipc/list.rs`).

macro_rules! commands {
    ($($domain:ident : $kind:ident $(($state:ty))? $name:ident ( $($arg:ident : $ty:ty),* ) -> $ret:ty ;)+) => {
        const NAMES: &[&str] = &[$(stringify!($name)),+];
    };
}
include!("src/ipc/list.rs");

fn main() {
    println!("cargo:rerun-if-changed=src/ipc/list.rs");
    let manifest = tauri_build::AppManifest::new().commands(NAMES);
    if let Err(e) = tauri_build::try_build(tauri_build::Attributes::new().app_manifest(manifest)) {
        eprintln!("tauri-build failed: {e:#}");
        std::process::exit(1);
    }
}
