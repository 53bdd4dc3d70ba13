//! tauri-driver (and through it WebKitWebDriver and the app) on a private display, in a
//! process group of its own so that everything it started dies with it.

use crate::display::Display;
use crate::procs::{descendants, kill_all};
use std::ffi::{OsStr, OsString};
use std::net::TcpListener;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// tauri-driver with its WebKitWebDriver; it, the app and their children are killed when dropped.
pub struct Driver {
    pub child: Child,
    pub port: u16,
}

impl Drop for Driver {
    fn drop(&mut self) {
        kill_all(&descendants(self.child.id()));
        let _ =
            Command::new("kill").args(["-KILL", "--", &format!("-{}", self.child.id())]).stderr(Stdio::null()).status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).unwrap_or(4444)
}

/// The debug app binary (`ESCROW_DESK_BIN`, else the workspace's target folder).
pub fn app_binary() -> PathBuf {
    let path = std::env::var_os("ESCROW_DESK_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/debug/escrow-desk"));
    assert!(
        path.exists(),
        "app binary {} missing: run `cargo build -p escrow-desk` first (make test does)",
        path.display()
    );
    path.canonicalize().unwrap_or(path)
}

/// What the app is started with: its data folder and extra environment.
#[derive(Clone, Debug, Default)]
pub struct Launch {
    pub data_dir: PathBuf,
    /// Variables for tauri-driver, WebKitWebDriver and the app; `None` removes one.
    pub env: Vec<(OsString, Option<OsString>)>,
}

impl Launch {
    pub fn new(data_dir: &Path) -> Launch {
        Launch { data_dir: data_dir.to_path_buf(), env: Vec::new() }
    }

    pub fn env(mut self, name: impl AsRef<OsStr>, value: Option<&OsStr>) -> Launch {
        self.env.push((name.as_ref().to_owned(), value.map(OsStr::to_owned)));
        self
    }
}

/// Starts tauri-driver on `display` and waits until it listens.
pub fn start_driver(display: &Display, launch: &Launch) -> Driver {
    let port = free_port();
    let native = free_port();
    let mut command = Command::new("tauri-driver");
    // The web view keeps its storage (language, theme, saved filters) under XDG_DATA_HOME,
    // not in the data folder: one per data folder, so windows of parallel tests do not
    // share it (a launch's own setting wins).
    // (Not when the test made the data folder a file on purpose: the window must still open.)
    if !launch.data_dir.exists() || launch.data_dir.is_dir() {
        command.env("XDG_DATA_HOME", launch.data_dir.join("web-storage"));
    }
    for (name, value) in &launch.env {
        match value {
            Some(v) => command.env(name, v),
            None => command.env_remove(name),
        };
    }
    let child = command
        .args(["--port", &port.to_string(), "--native-port", &native.to_string()])
        .env("DISPLAY", &display.name)
        .env_remove("WAYLAND_DISPLAY")
        .env("ESCROW_DESK_DATA_DIR", &launch.data_dir)
        .env("LANG", "C.UTF-8")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .process_group(0)
        .spawn()
        .expect("tauri-driver on PATH (make test installs it)");
    let driver = Driver { child, port };
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "tauri-driver did not start listening within 20 s");
        std::thread::sleep(Duration::from_millis(50));
    }
    driver
}
