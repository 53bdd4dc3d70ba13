//! Without a Secret Service the keychain says so clearly — and never falls back to a
//! file or an in-memory store. Runs the check in a child process whose D-Bus address
//! points nowhere (the keyring crate picks its store once per process).

use escrow_desk::error::ErrorCode;
use escrow_desk::keychain::Keychain;

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
        assert!(err.message.contains("gnome-keyring") && err.message.contains("never stores API keys in a file"), "{}", err.message);
        assert!(!err.message.contains("k3y-value-xyz"), "the key never appears in a message");
    }
}
