// No console window on Windows release builds.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() {
    #[cfg(target_os = "linux")]
    if std::env::var_os("DISPLAY").is_none() && std::env::var_os("WAYLAND_DISPLAY").is_none() {
        eprintln!("escrow-desk: no display found; run it under Xvfb: xvfb-run -a escrow-desk");
        std::process::exit(2);
    }
    escrow_desk::run();
}
