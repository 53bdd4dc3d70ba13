//! Shared pieces of the end-to-end tests and the app benchmark: tauri-driver, the app
//! binary, WebDriver sessions, and the app's processes.

use fantoccini::{Client, ClientBuilder};
use serde_json::json;
use std::ffi::OsStr;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// tauri-driver with its WebKitWebDriver, killed when dropped.
pub struct Driver {
    pub child: Child,
    pub port: u16,
}

impl Drop for Driver {
    fn drop(&mut self) {
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
    assert!(path.exists(), "app binary {} missing: run `cargo build -p escrow-desk` first (make test does)", path.display());
    path.canonicalize().unwrap_or(path)
}

/// Starts tauri-driver; the app it launches keeps its data in `data_dir`.
pub fn start_driver(data_dir: &Path) -> Driver {
    start_driver_with_env(data_dir, &[])
}

/// [`start_driver`] with more environment for the app: tauri-driver, WebKitWebDriver and
/// the app inherit it. A `None` value removes the variable.
pub fn start_driver_with_env(data_dir: &Path, env: &[(&str, Option<&OsStr>)]) -> Driver {
    let port = free_port();
    let native = free_port();
    let mut command = Command::new("tauri-driver");
    for (name, value) in env {
        match value {
            Some(v) => command.env(name, v),
            None => command.env_remove(name),
        };
    }
    let child = command
        .args(["--port", &port.to_string(), "--native-port", &native.to_string()])
        .env("ESCROW_DESK_DATA_DIR", data_dir)
        .env("LANG", "C.UTF-8")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("tauri-driver on PATH (make test installs it)");
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "tauri-driver did not start listening");
        std::thread::sleep(Duration::from_millis(50));
    }
    Driver { child, port }
}

/// Where the tests put their screenshots (`ESCROW_DESK_ARTIFACTS`, else tests/artifacts).
pub fn artifacts() -> PathBuf {
    let dir = std::env::var_os("ESCROW_DESK_ARTIFACTS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("artifacts"));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Saves a screenshot of the window as `name` in [`artifacts`]. WebKit may paint a DOM
/// change a frame late: it waits two animation frames first.
///
/// With compositing off (the app's default), WebKitWebDriver's screenshot never answers
/// once the page has not repainted for a few seconds, e.g. after a 20 s wait for an
/// element that never came, and the session is stuck from then on. So it is given 10 s,
/// then the app's window is captured from the X display instead (xdotool, ImageMagick).
pub async fn screenshot(c: &Client, name: &str) {
    let settle = "const done = arguments[arguments.length - 1]; let fired = false; \
                  const finish = () => { if (!fired) { fired = true; done(); } }; \
                  requestAnimationFrame(() => requestAnimationFrame(finish)); setTimeout(finish, 250);";
    let path = artifacts().join(name);
    let _ = tokio::time::timeout(Duration::from_secs(10), c.execute_async(settle, vec![])).await;
    match tokio::time::timeout(Duration::from_secs(10), c.screenshot()).await {
        Ok(Ok(png)) => std::fs::write(&path, png).unwrap(),
        Ok(Err(e)) => eprintln!("screenshot {name}: {e}"),
        Err(_) => {
            eprintln!("screenshot {name}: WebKitWebDriver did not answer in 10 s; capturing the window from the display");
            x_window_screenshot(&path);
        }
    }
}

/// Captures the app's window ("Escrow Desk") from the X display into `path`.
fn x_window_screenshot(path: &Path) {
    let found = Command::new("xdotool").args(["search", "--onlyvisible", "--name", "^Escrow Desk$"]).output();
    let Some(window) = found.ok().and_then(|o| String::from_utf8_lossy(&o.stdout).lines().next().map(str::to_owned)) else {
        eprintln!("no app window found on the display");
        return;
    };
    match Command::new("import").args(["-window", &window]).arg(path).status() {
        Ok(s) if s.success() => {}
        other => eprintln!("import -window {window}: {other:?}"),
    }
}

/// Launches the app through the driver and opens a WebDriver session with it.
pub async fn open_app(driver: &Driver) -> Client {
    let mut caps = serde_json::Map::new();
    caps.insert("browserName".into(), json!("wry"));
    caps.insert("tauri:options".into(), json!({ "application": app_binary() }));
    ClientBuilder::native()
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await
        .expect("WebDriver session with the app")
}

fn parents() -> std::collections::HashMap<u32, u32> {
    let mut parents = std::collections::HashMap::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else { continue };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { continue };
        let Some((_, rest)) = stat.rsplit_once(") ") else { continue };
        if let Some(ppid) = rest.split_whitespace().nth(1).and_then(|p| p.parse::<u32>().ok()) {
            parents.insert(pid, ppid);
        }
    }
    parents
}

/// Pids of `root`'s descendants (all generations).
pub fn descendants(root: u32) -> Vec<u32> {
    let parents = parents();
    let descends = |mut pid: u32| {
        while let Some(&p) = parents.get(&pid) {
            if p == root {
                return true;
            }
            if p <= 1 {
                return false;
            }
            pid = p;
        }
        false
    };
    parents.keys().copied().filter(|&pid| descends(pid)).collect()
}

/// Pids of `root`'s descendants running `binary`.
pub fn app_pids(root: u32, binary: &Path) -> Vec<u32> {
    descendants(root)
        .into_iter()
        .filter(|&pid| std::fs::read_link(format!("/proc/{pid}/exe")).is_ok_and(|e| e == binary))
        .collect()
}

/// Resident memory (kB) of a process and all its descendants (the app and its WebKit processes).
pub fn tree_rss_kb(pid: u32) -> u64 {
    std::iter::once(pid)
        .chain(descendants(pid))
        .filter_map(|p| std::fs::read_to_string(format!("/proc/{p}/status")).ok())
        .filter_map(|s| s.lines().find(|l| l.starts_with("VmRSS:")).and_then(|l| l.split_whitespace().nth(1)).and_then(|v| v.parse::<u64>().ok()))
        .sum()
}

/// Proportional set size (kB) of a process and its descendants: shared pages (the WebKit
/// libraries mapped by every WebKit process) are counted once across the tree, not once
/// per process as RSS does.
pub fn tree_pss_kb(pid: u32) -> u64 {
    std::iter::once(pid)
        .chain(descendants(pid))
        .filter_map(|p| std::fs::read_to_string(format!("/proc/{p}/smaps_rollup")).ok())
        .filter_map(|s| s.lines().find(|l| l.starts_with("Pss:")).and_then(|l| l.split_whitespace().nth(1)).and_then(|v| v.parse::<u64>().ok()))
        .sum()
}
