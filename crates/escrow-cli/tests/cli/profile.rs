//! `--profile NAME`: the base URL from the app's database, the key from the real OS keychain.
//! Runs only inside `scripts/with-session.sh` (a private D-Bus session with a throwaway,
//! unlocked gnome-keyring), so a developer's own keyring is never written.

use crate::harness::{Sandbox, escrow_env};
use crate::recorder::Recorder;
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

/// Whether a throwaway Secret Service is there to write to (else the test says why it skips).
fn in_a_session() -> bool {
    if std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_none() {
        eprintln!(
            "skipped: no Secret Service reachable (DBUS_SESSION_BUS_ADDRESS is not set); \
             run under scripts/with-session.sh"
        );
        return false;
    }
    if std::env::var_os("KR_DIR").is_none() {
        eprintln!("skipped: not inside scripts/with-session.sh, and this test must not write to your own keyring");
        return false;
    }
    true
}

/// The app's database in `data` with only what the command line reads (profiles, settings), in
/// WAL mode like the app's.
fn app_database(data: &std::path::Path) -> Connection {
    let db = Connection::open(data.join("escrow-desk.sqlite")).expect("database");
    db.execute_batch(
        "PRAGMA journal_mode=WAL; CREATE TABLE profiles (id TEXT PRIMARY KEY, name TEXT NOT NULL, base_url TEXT NOT NULL);
         CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);",
    )
    .expect("schema");
    db
}

#[test]
fn a_profile_names_the_service_and_its_key_comes_from_the_keychain() {
    if !in_a_session() {
        return;
    }
    let sb = Sandbox::start();
    let data = tempfile::tempdir().expect("tempdir");
    let data_dir = data.path().to_str().expect("utf-8 path").to_owned();
    let db = app_database(data.path());
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
    let names: Vec<&str> = rows.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["Sandbox", "Staging Ø", "No Key"], "the built-in Sandbox first, as in the app");
    assert_eq!(rows[1..], [("Staging Ø".to_owned(), true), ("No Key".to_owned(), false)]);
    assert_eq!(listed[0]["builtIn"], true);
    let human = escrow_env(&["profiles", "list"], &env).expect(0);
    assert!(human.stdout.starts_with("NAME") && human.stdout.contains("stored in the keychain"), "{}", human.stdout);
    assert!(!human.stdout.contains(escrow_sandbox::DEMO_KEY));
    let one = escrow_env(&["profiles", "show", "staging ø"], &env).expect(0);
    assert!(one.stdout.contains(&format!("Base URL  {}", sb.url)), "{}", one.stdout);
    escrow_env(&["profiles", "show", "Nobody"], &env).expect(2);
    drop(entries);
}

#[test]
fn a_profiles_route_overrides_and_dialect_go_with_every_call() {
    if !in_a_session() {
        return;
    }
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build().expect("runtime");
    // The profile's gateway: records where each call went, and knows nothing (404).
    let gateway = Recorder::start(&rt, 404);
    let data = tempfile::tempdir().expect("tempdir");
    let data_dir = data.path().to_str().expect("utf-8 path").to_owned();
    let db = Connection::open(data.path().join("escrow-desk.sqlite")).expect("database");
    db.execute_batch(
        "PRAGMA journal_mode=WAL; CREATE TABLE profiles (id TEXT PRIMARY KEY, name TEXT NOT NULL, base_url TEXT NOT NULL, \
         dialect TEXT, routes TEXT NOT NULL DEFAULT '');",
    )
    .expect("schema");
    let id = format!("cli-test-{}", uuid::Uuid::new_v4());
    let broken = format!("cli-test-{}", uuid::Uuid::new_v4());
    let entries = Entries(vec![id.clone(), broken.clone()]);
    let routes = "# the gateway's own paths\ngetTransaction = /gw/deals/{transactionId}\ngetTrade = GET /gw/trades/{marketplaceUserId}/{tradeId}\n";
    db.execute("INSERT INTO profiles VALUES (?1, 'Gateway', ?2, 'published', ?3)", [&id, &gateway.url, routes])
        .expect("profile");
    db.execute(
        "INSERT INTO profiles VALUES (?1, 'Broken', ?2, NULL, 'getTransaction = /gw/{id}')",
        [&broken, &gateway.url],
    )
    .expect("profile");
    drop(db);
    for key in [&id, &broken] {
        keyring::Entry::new(SERVICE, key).and_then(|e| e.set_password(escrow_sandbox::DEMO_KEY)).expect("key stored");
    }
    let env = [("ESCROW_DESK_DATA_DIR", data_dir.as_str())];

    escrow_env(&["--profile", "Gateway", "transactions", "get", "T-1"], &env).expect(3);
    escrow_env(&["--profile", "Gateway", "trades", "get", "U-1", "T-2"], &env).expect(3);
    let raw = escrow_env(&["--profile", "Gateway", "api", "GET", "/v2/transactions/T-3?x=1"], &env).expect(3);
    assert!(
        raw.stderr.contains("goes to GET /gw/deals/T-3?x=1 (the profile's route of getTransaction)"),
        "{}",
        raw.stderr
    );
    escrow_env(&["--profile", "Gateway", "api", "GET", "/v2/transactions"], &env).expect(3);
    // Not overridden: the profile's dialect's own route (the published marketplace checkout).
    let create = [
        "--profile",
        "Gateway",
        "transactions",
        "create",
        "--amount",
        "10",
        "--payer",
        "A-1",
        "--payee",
        "B-1",
        "--title",
        "Sofa",
    ];
    escrow_env(&create, &env).expect(3);
    let seen = gateway.seen();
    let paths: Vec<String> = seen.iter().map(|s| format!("{} {}", s.method, s.path)).collect();
    let expected = [
        "GET /gw/deals/T-1",
        "GET /gw/trades/U-1/T-2",
        "GET /gw/deals/T-3",
        "GET /v2/transactions",
        "POST /v2/checkout/marketplace",
    ];
    assert_eq!(paths[..], expected, "{paths:#?}");
    assert_eq!(seen[4].header("idempotency-key").map(str::len), Some(36), "keyed as a money move");

    let run = escrow_env(&["--profile", "Broken", "transactions", "get", "T-1"], &env).expect(2);
    assert!(
        run.stderr.contains("profile `Broken` has route overrides this version cannot read (line 1:"),
        "{}",
        run.stderr
    );
    assert_eq!(gateway.seen().len(), 5, "nothing is sent with overrides that cannot be read");
    drop(entries);
}

/// The desk's network settings go with a profile's calls: its proxy (here one that does not
/// listen: no answer, exit 4), "direct" again, and a CA file that cannot be read refused.
#[test]
fn a_profiles_calls_go_through_the_desks_network_settings() {
    if !in_a_session() {
        return;
    }
    let sb = Sandbox::start();
    let data = tempfile::tempdir().expect("tempdir");
    let data_dir = data.path().to_str().expect("utf-8 path").to_owned();
    let db = app_database(data.path());
    let id = format!("cli-test-{}", uuid::Uuid::new_v4());
    let entries = Entries(vec![id.clone()]);
    db.execute("INSERT INTO profiles VALUES (?1, 'Corp', ?2)", [&id, &sb.url]).expect("profile");
    keyring::Entry::new(SERVICE, &id).and_then(|e| e.set_password(escrow_sandbox::DEMO_KEY)).expect("key stored");
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let dead = format!("http://{}", listener.local_addr().expect("addr"));
    drop(listener);
    let set = |value: String| {
        db.execute("INSERT OR REPLACE INTO settings VALUES ('network', ?1)", [value]).expect("settings");
    };
    let env = [("ESCROW_DESK_DATA_DIR", data_dir.as_str())];
    let list = ["--profile", "Corp", "transactions", "list", "--take", "1"];

    set(format!(r#"{{"mode":"url","url":"{dead}"}}"#));
    escrow_env(&list, &env).expect(4);
    set(r#"{"mode":"direct"}"#.into());
    escrow_env(&list, &env).expect(0);
    set(r#"{"mode":"direct","caFile":"/nonexistent/corp.pem"}"#.into());
    let run = escrow_env(&list, &env).expect(2);
    assert!(run.stderr.contains("CA certificate file /nonexistent/corp.pem cannot be read"), "{}", run.stderr);
    drop(entries);
}
