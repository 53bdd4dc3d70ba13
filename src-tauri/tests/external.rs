//! A hosted page opens in the user's browser: the OS launcher (`xdg-open` here) is
//! really run, with `BROWSER` pointing at a recorder script instead of a browser.

use std::time::{Duration, Instant};

#[test]
fn a_checked_link_reaches_the_browser_and_a_bad_one_never_does() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("opened.txt");
    let script = dir.path().join("browser.sh");
    std::fs::write(&script, format!("#!/bin/sh\necho \"$1\" >> '{}'\n", log.display())).unwrap();
    std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    // SAFETY: this test binary runs this one test; nothing else reads the environment concurrently.
    unsafe {
        std::env::set_var("BROWSER", &script);
        // No desktop-file handlers (a machine with a browser installed would use it).
        std::env::set_var("XDG_CONFIG_HOME", dir.path());
        std::env::set_var("XDG_DATA_HOME", dir.path());
        std::env::set_var("XDG_DATA_DIRS", dir.path());
        std::env::remove_var("XDG_CURRENT_DESKTOP");
    }
    let err = escrow_desk::external::open("http://pay.example.dk/evil").unwrap_err();
    assert_eq!(err.code, escrow_desk::error::ErrorCode::Validation);
    escrow_desk::external::open("https://pay.example.dk/checkout/T-42?lang=da").expect("opened");
    let deadline = Instant::now() + Duration::from_secs(20);
    let opened = loop {
        let text = std::fs::read_to_string(&log).unwrap_or_default();
        if !text.is_empty() || Instant::now() > deadline {
            break text;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(opened.trim(), "https://pay.example.dk/checkout/T-42?lang=da");
}
