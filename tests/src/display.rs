//! A private Xvfb display per app window: a test's screenshots come from its own X server
//! (see `artifacts`), and nothing a window leaves behind reaches the next test.

use std::io::{BufRead, BufReader};
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// Screen size of every display: the app's default window size.
pub const SCREEN: &str = "1280x800x24";

/// An Xvfb server on a free display number, killed when dropped.
pub struct Display {
    child: Child,
    /// `:N`, for `DISPLAY`.
    pub name: String,
}

impl Display {
    /// Starts Xvfb and waits until it accepts connections (it prints its display number
    /// on stdout only then, through `-displayfd`).
    pub fn start() -> Display {
        let mut child = Command::new("Xvfb")
            .args(["-displayfd", "1", "-screen", "0", SCREEN, "-nolisten", "tcp", "-noreset"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .expect("Xvfb on PATH (make test installs it)");
        let stdout = child.stdout.take().expect("Xvfb's stdout is piped");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = tx.send(line);
        });
        let number = match rx.recv_timeout(Duration::from_secs(20)) {
            Ok(line) if !line.trim().is_empty() => line.trim().to_owned(),
            other => {
                let _ = child.kill();
                panic!("Xvfb did not start within 20 s: {other:?}");
            }
        };
        Display { child, name: format!(":{number}") }
    }
}

impl Drop for Display {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
