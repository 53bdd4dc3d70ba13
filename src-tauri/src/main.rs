// No console window on Windows release builds.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() {
    // `escrow-desk verify-audit FILE`: a command-line check, no window, no display needed.
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    // What is installed, without a window (an IT person's check, a rollout script's).
    if args.first().is_some_and(|a| a == "--version" || a == "-V") {
        println!("escrow-desk {}", env!("CARGO_PKG_VERSION"));
        return;
    }
    if args.first().is_some_and(|a| a == "--help" || a == "-h") {
        println!(
            "escrow-desk {}: the desktop back office for escrow transactions.\n\
             Without arguments it opens its window; with an escrow-desk:// link it opens\n\
             that place (in the running window, if there is one). Also: --version, verify-audit FILE,\n\
             team init|add-staff|join|leave|status (see man escrow-desk).",
            env!("CARGO_PKG_VERSION")
        );
        return;
    }
    if args.first().is_some_and(|a| a == escrow_desk::audit::cli::COMMAND) {
        let keychain = escrow_desk::settings::keychain::Keychain::default();
        std::process::exit(escrow_desk::audit::cli::verify_audit(&args[1..], &keychain, &mut std::io::stdout()));
    }
    // `escrow-desk team join|leave|status`: this desk's link; `team init|add-staff …`: the
    // team store's set-up, for the IT person.
    if args.first().is_some_and(|a| a == desk_team::cli::COMMAND)
        && args.get(1).is_some_and(|a| escrow_desk::team::cli::SUBCOMMANDS.iter().any(|s| a == s))
    {
        let keychain = escrow_desk::settings::keychain::Keychain::default();
        let (input, output) = (&mut std::io::stdin().lock(), &mut std::io::stdout());
        std::process::exit(escrow_desk::team::cli::run(&args[1..], keychain, input, output));
    }
    if args.first().is_some_and(|a| a == desk_team::cli::COMMAND) {
        std::process::exit(desk_team::cli::run(&args[1..], &mut std::io::stdin().lock(), &mut std::io::stdout()));
    }
    #[cfg(target_os = "linux")]
    {
        if std::env::var_os("DISPLAY").is_none() && std::env::var_os("WAYLAND_DISPLAY").is_none() {
            eprintln!("escrow-desk: no display found; run it under Xvfb: xvfb-run -a escrow-desk");
            std::process::exit(2);
        }
        // SAFETY: first thing in main, before any other thread exists.
        unsafe { escrow_desk::platform::memory::limit_arenas() };
        // The web engine's memory settings (compositing off, no JIT; see `web_engine`).
        // SAFETY: first thing in main, before any other thread exists.
        unsafe { escrow_desk::platform::web_engine::apply_defaults() };
        // No OpenGL driver in this process when compositing is off (see `ui_gl`).
        // SAFETY: still before any other thread exists and before any EGL call.
        unsafe { escrow_desk::platform::ui_gl::drop_gl_in_ui_process() };
        // WebKit's processes trim freed memory on a budget (see `web_memory`).
        // SAFETY: main thread, before Tauri builds its window.
        unsafe { escrow_desk::platform::web_memory::install() };
    }
    escrow_desk::run();
}
