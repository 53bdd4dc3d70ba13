//! `--profile Sandbox`: the built-in Sandbox, started in-process on the app's sandbox folder
//! as the app starts it, or the shared sandbox named by `ESCROW_DESK_SANDBOX_URL`; refused
//! while the app (or another command) holds the data folder.

use crate::harness::{Sandbox, escrow_env};
use crate::listen::Listening;
use std::fs::OpenOptions;

#[test]
fn the_built_in_sandbox_is_a_profile_started_here_or_shared() {
    let data = tempfile::tempdir().expect("tempdir");
    let data_dir = data.path().to_str().expect("utf-8 path").to_owned();
    let env = [("ESCROW_DESK_DATA_DIR", data_dir.as_str())];

    // Started here, on the app's sandbox folder, with the app's demo data; no database of profiles needed.
    let run = escrow_env(&["--profile", "sandbox", "--json", "transactions", "list", "--take", "5"], &env).expect(0);
    let count = run.json()["count"].as_u64().expect("a count");
    assert!(count > 0, "the demo data: {}", run.stdout);
    assert!(data.path().join("sandbox").join("sandbox.sqlite").is_file(), "the app's sandbox folder");
    let human = escrow_env(&["--profile", "Sandbox", "transactions", "list", "--take", "2"], &env).expect(0);
    assert!(human.stdout.starts_with("ID"), "{}", human.stdout);
    // The same database the next time: what one command changed, the next one sees.
    let queued =
        escrow_env(&["--profile", "Sandbox", "--json", "trigger", "transaction.created"], &env).expect(0).json();
    let about = queued["transactionId"].as_str().expect("a transaction").to_owned();
    let listed =
        escrow_env(&["--profile", "Sandbox", "--json", "events", "list", "--transaction", &about], &env).expect(0);
    assert!(
        listed.json().as_array().is_some_and(|items| items.iter().any(|d| d["eventName"] == "transaction.created"))
    );

    // Listed first by `escrow profiles`, with no key of its own in the keychain.
    let profiles = escrow_env(&["profiles", "list", "--json"], &env).expect(0).json();
    assert_eq!((profiles[0]["name"].as_str(), profiles[0]["builtIn"].as_bool()), (Some("Sandbox"), Some(true)));

    // Listening, it says how another terminal reaches the sandbox it runs; an event triggered there arrives.
    let mut listening = Listening::spawn(&["--profile", "Sandbox", "listen"], &env);
    let hint = listening.said_line(|l| l.contains("to trigger an event from another terminal"));
    let url = hint.split("ESCROW_DESK_SANDBOX_URL=").nth(1).and_then(|r| r.split(' ').next()).expect("its address");
    let there = [("ESCROW_DESK_SANDBOX_URL", url)];
    escrow_env(&["--profile", "Sandbox", "trigger", "transaction.succeeded", "--transaction", &about], &there)
        .expect(0);
    listening.printed(|l| l.contains("transaction.succeeded") && l.contains(&about));
    let (code, said) = listening.interrupt();
    assert_eq!(code, 0, "{said}");
    assert!(said.contains("it delivers to its own receiver again"), "{said}");

    // The app open with this data folder: refused, saying how to share one sandbox instead.
    let lock = OpenOptions::new().create(true).truncate(false).write(true).open(data.path().join("escrow-desk.lock"));
    let lock = lock.expect("the app's lock file");
    lock.try_lock().expect("the lock, as the app holds it");
    let run = escrow_env(&["--profile", "Sandbox", "transactions", "list"], &env).expect(2);
    assert!(run.stderr.contains("is in use") && run.stderr.contains("ESCROW_DESK_SANDBOX_URL"), "{}", run.stderr);
    drop(lock);

    // A shared sandbox server stands in for it, as for the app.
    let sb = Sandbox::start();
    let shared = [("ESCROW_DESK_DATA_DIR", data_dir.as_str()), ("ESCROW_DESK_SANDBOX_URL", sb.url.as_str())];
    let run = escrow_env(&["--profile", "Sandbox", "--json", "transactions", "list"], &shared).expect(0);
    assert_eq!(run.json()["count"].as_u64(), Some(sb.count(None)));
    sb.paid_transaction(escrow_api::Dialect::Spec);
    assert_ne!(sb.count(None), count, "one more in the shared sandbox than in the folder's");
    let run = escrow_env(&["--profile", "Sandbox", "--json", "transactions", "list"], &shared).expect(0);
    assert_eq!(run.json()["count"].as_u64(), Some(sb.count(None)), "the shared one's, not the folder's");
}
