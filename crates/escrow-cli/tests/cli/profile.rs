//! `--profile NAME`: the base URL from the app's database, the key from the real OS keychain.
//! Runs only inside `scripts/with-session.sh` (a private D-Bus session with a throwaway,
//! unlocked gnome-keyring), so a developer's own keyring is never written.

use crate::harness::{Sandbox, escrow_env};
use rusqlite::Connection;

const SERVICE: &str = "dk.escrowdesk.app";

/// Removes the test's keychain entries, also when the test fails.
struct Entries(Vec<String>);

impl Drop for Entries {
    fn drop(&mut self) {
        for id in &self.0 {
            if let Ok(entry) = keyring::Entry::new(SERVICE, id) {
                let _ = entry.delete_credential();
            }
        }
    }
}

#[test]
fn a_profile_names_the_service_and_its_key_comes_from_the_keychain() {
    if std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_none() {
        eprintln!(
            "skipped: no Secret Service reachable (DBUS_SESSION_BUS_ADDRESS is not set); \
             run under scripts/with-session.sh"
        );
        return;
    }
    if std::env::var_os("KR_DIR").is_none() {
        eprintln!("skipped: not inside scripts/with-session.sh, and this test must not write to your own keyring");
        return;
    }
    let sb = Sandbox::start();
    let data = tempfile::tempdir().expect("tempdir");
    let data_dir = data.path().to_str().expect("utf-8 path").to_owned();
    // Only the columns the command line reads, in a WAL database like the app's.
    let db = Connection::open(data.path().join("escrow-desk.sqlite")).expect("database");
    db.execute_batch(
        "PRAGMA journal_mode=WAL; CREATE TABLE profiles (id TEXT PRIMARY KEY, name TEXT NOT NULL, base_url TEXT NOT NULL);",
    )
        .expect("schema");
    let with_key = format!("cli-test-{}", uuid::Uuid::new_v4());
    let without_key = format!("cli-test-{}", uuid::Uuid::new_v4());
    let entries = Entries(vec![with_key.clone()]);
    db.execute("INSERT INTO profiles VALUES (?1, 'Staging Ø', ?2)", [&with_key, &sb.url]).expect("profile");
    db.execute("INSERT INTO profiles VALUES (?1, 'No Key', ?2)", [&without_key, &sb.url]).expect("profile");
    drop(db);
    keyring::Entry::new(SERVICE, &with_key)
        .and_then(|e| e.set_password(escrow_sandbox::DEMO_KEY))
        .expect("the key stored in the Secret Service");
    let env = [("ESCROW_DESK_DATA_DIR", data_dir.as_str())];

    let run = escrow_env(&["--profile", "staging ø", "transactions", "list", "--json"], &env).expect(0);
    assert_eq!(run.json()["count"].as_u64(), Some(sb.count(None)));
    assert!(!run.stdout.contains(escrow_sandbox::DEMO_KEY) && !run.stderr.contains(escrow_sandbox::DEMO_KEY));

    let human = escrow_env(&["transactions", "list", "--take", "2", "--profile", "Staging Ø"], &env).expect(0);
    assert!(human.stdout.starts_with("ID"), "{}", human.stdout);

    // --base-url overrides the profile's address.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let closed = format!("http://{}", listener.local_addr().expect("addr"));
    drop(listener);
    escrow_env(&["--profile", "Staging Ø", "--base-url", &closed, "transactions", "list"], &env).expect(4);

    let run = escrow_env(&["--profile", "No Key", "transactions", "list"], &env).expect(2);
    assert!(run.stderr.contains("no API key is stored for profile `No Key`"), "{}", run.stderr);
    let run = escrow_env(&["--profile", "Nobody", "transactions", "list"], &env).expect(2);
    assert!(run.stderr.contains("no profile named `Nobody`"), "{}", run.stderr);
    escrow_env(&["--profile", "Staging Ø", "--api-key-env", "X", "transactions", "list"], &env).expect(2);

    // `escrow profiles`: what --profile can name, and whether each key is there (never the key).
    let listed = escrow_env(&["profiles", "list", "--json"], &env).expect(0).json();
    let rows: Vec<(String, bool)> = listed
        .as_array()
        .expect("a list")
        .iter()
        .map(|p| (p["name"].as_str().unwrap_or_default().to_owned(), p["keyStored"].as_bool().unwrap_or_default()))
        .collect();
    assert_eq!(rows, [("Staging Ø".to_owned(), true), ("No Key".to_owned(), false)]);
    let human = escrow_env(&["profiles", "list"], &env).expect(0);
    assert!(human.stdout.starts_with("NAME") && human.stdout.contains("stored in the keychain"), "{}", human.stdout);
    assert!(!human.stdout.contains(escrow_sandbox::DEMO_KEY));
    let one = escrow_env(&["profiles", "show", "staging ø"], &env).expect(0);
    assert!(one.stdout.contains(&format!("Base URL  {}", sb.url)), "{}", one.stdout);
    escrow_env(&["profiles", "show", "Nobody"], &env).expect(2);
    drop(entries);
}
