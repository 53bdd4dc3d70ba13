//! Without a Secret Service the keychain says so clearly — and never falls back to a
//! file or an in-memory store. Runs the check in a child process whose D-Bus address
//! points nowhere (the keyring crate picks its store once per process).

use escrow_desk::error::ErrorCode;
use escrow_desk::settings::keychain::Keychain;

#[test]
fn no_secret_service_is_a_clear_error() {
    let exe = std::env::current_exe().unwrap();
    let out = std::process::Command::new(exe)
        .args(["--exact", "child_without_secret_service", "--ignored", "--nocapture"])
        .env("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/escrow-desk-test-bus")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && text.contains("1 passed"), "{text}\n{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
#[ignore = "run by no_secret_service_is_a_clear_error in a child process"]
fn child_without_secret_service() {
    let kc = Keychain::with_service("dk.escrowdesk.test.nobus");
    for err in [kc.get("p").unwrap_err(), kc.set("p", "k3y-value-xyz").unwrap_err(), kc.delete("p").unwrap_err()] {
        assert_eq!(err.code, ErrorCode::KeychainUnavailable, "{err:?}");
        assert!(
            err.message.contains("gnome-keyring") && err.message.contains("never stores API keys in a file"),
            "{}",
            err.message
        );
        assert!(!err.message.contains("k3y-value-xyz"), "the key never appears in a message");
    }
}

/// A locked keyring: the child runs in a D-Bus session of its own with a throwaway
/// gnome-keyring that it locks after storing a key, and without a display, so the
/// unlock prompt cannot be shown (as when a user dismisses it). Every call must say
/// "locked" and what to do; none may fall back to a file.
#[test]
fn locked_keyring_is_a_clear_error() {
    let exe = std::env::current_exe().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let inner =
        r#"echo -n throwaway-password | gnome-keyring-daemon --unlock --components=secrets >/dev/null; exec "$@""#;
    let out = std::process::Command::new("timeout")
        .args(["120", "dbus-run-session", "--", "bash", "-c", inner, "_"])
        .arg(exe)
        .args(["--exact", "child_with_locked_keyring", "--ignored", "--nocapture"])
        .env("XDG_DATA_HOME", dir.path())
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && text.contains("1 passed"), "{text}\n{}", String::from_utf8_lossy(&out.stderr));
    let files: Vec<_> =
        walk(dir.path()).into_iter().filter(|p| std::fs::read(p).is_ok_and(|b| contains(&b, b"l0cked-k3y"))).collect();
    assert!(files.is_empty(), "the key is in a plain file: {files:?}");
}

#[test]
#[ignore = "run by locked_keyring_is_a_clear_error in a child process"]
fn child_with_locked_keyring() {
    let kc = Keychain::with_service("dk.escrowdesk.test.locked");
    kc.set("p", "l0cked-k3y").expect("the fresh keyring is unlocked");
    let lock = std::process::Command::new("dbus-send")
        .args([
            "--session",
            "--print-reply",
            "--dest=org.freedesktop.secrets",
            "/org/freedesktop/secrets",
            "org.freedesktop.Secret.Service.Lock",
            "array:objpath:/org/freedesktop/secrets/collection/login",
        ])
        .output()
        .unwrap();
    assert!(lock.status.success(), "{}", String::from_utf8_lossy(&lock.stderr));
    for err in [kc.get("p").unwrap_err(), kc.set("p", "l0cked-k3y-2").unwrap_err()] {
        assert_eq!(err.code, ErrorCode::KeychainLocked, "{err:?}");
        println!("locked: {}", err.message);
        assert!(err.message.contains("Unlock your login keyring"), "{}", err.message);
        assert!(!err.message.contains("l0cked-k3y"), "the key never appears in a message");
    }
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() { out.extend(walk(&path)) } else { out.push(path) }
    }
    out
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}
