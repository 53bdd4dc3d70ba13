//! `escrow logs tail` over log files written as the app writes them.

use crate::harness::escrow_env;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// A line as the app's file layer writes it, inside an action's and a call's spans.
fn line(action: &str, correlation: &str, message: &str) -> String {
    format!(
        "2026-11-27T10:00:00.123+01:00  INFO action{{id={action} kind=\"payout\" idempotency_key=k-{action} \
         attempt=1}}:escrow_api.call{{operation=\"PayoutTransaction\" method=POST correlation_id=\"{correlation}\" \
         idempotent=true}}: escrow_api::call: {message}\n"
    )
}

fn append(path: &Path, text: &str) {
    let mut f = std::fs::OpenOptions::new().create(true).append(true).open(path).expect("open the log");
    f.write_all(text.as_bytes()).expect("append");
}

fn logs() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    let older = [line("a-1", "c-1", "first try"), line("a-2", "c-2", "other action")].concat();
    append(&dir.path().join("escrow-desk.2026-11-26.log"), &older);
    let newer = [
        "2026-11-27T09:00:00.000+01:00  INFO escrow_desk: Escrow Desk starting\n".to_owned(),
        line("a-1", "c-3", "second try"),
        line("a-1", "c-3", "answered"),
    ]
    .concat();
    append(&dir.path().join("escrow-desk.2026-11-27.log"), &newer);
    append(&dir.path().join("notes.txt"), &line("a-1", "c-9", "not a log file"));
    dir
}

#[test]
fn the_lines_of_one_action_or_call_across_the_days() {
    let dir = logs();
    let d = dir.path().display().to_string();
    let run = escrow_env(&["logs", "tail", "--dir", &d, "--action", "a-1"], &[]).expect(0);
    let messages: Vec<&str> = run.stdout.lines().filter_map(|l| l.rsplit(": ").next()).collect();
    assert_eq!(messages, ["first try", "second try", "answered"], "{}", run.stdout);
    let run = escrow_env(&["logs", "tail", "--dir", &d, "--action", "a-1", "-n", "1"], &[]).expect(0);
    assert!(run.stdout.ends_with("answered\n") && run.stdout.lines().count() == 1, "{}", run.stdout);
    let run = escrow_env(&["logs", "tail", "--correlation", "c-2"], &[("ESCROW_DESK_LOG_DIR", &d)]).expect(0);
    assert!(run.stdout.ends_with("other action\n") && run.stdout.lines().count() == 1, "{}", run.stdout);
    let run = escrow_env(&["logs", "tail", "--dir", &d], &[]).expect(0);
    assert_eq!(run.stdout.lines().count(), 5, "every line of the log files only: {}", run.stdout);

    let run = escrow_env(&["--json", "logs", "tail", "--dir", &d, "--correlation", "c-3"], &[]).expect(0);
    let entries: Vec<serde_json::Value> =
        run.stdout.lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect();
    assert_eq!(entries.len(), 2, "{}", run.stdout);
    assert_eq!(entries[0]["file"], "escrow-desk.2026-11-27.log");
    assert!(entries[1]["line"].as_str().is_some_and(|l| l.ends_with("answered")), "{}", run.stdout);

    let missing = dir.path().join("missing").display().to_string();
    escrow_env(&["logs", "tail", "--dir", &missing], &[]).expect(2);
}

#[test]
fn follow_prints_new_lines_and_moves_to_the_next_day() {
    let dir = logs();
    let d = dir.path().display().to_string();
    let mut child = Command::new(env!("CARGO_BIN_EXE_escrow"))
        .args(["logs", "tail", "--dir", &d, "--action", "a-1", "-n", "1", "--follow"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("escrow starts");
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for l in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(l).is_err() {
                break;
            }
        }
    });
    let next = || rx.recv_timeout(Duration::from_secs(20)).expect("a line within 20 s");
    assert!(next().ends_with("answered"), "the last line first");
    let today = dir.path().join("escrow-desk.2026-11-27.log");
    append(&today, &line("a-2", "c-4", "someone else"));
    append(&today, &line("a-1", "c-5", "paid out"));
    assert!(next().ends_with("paid out"));
    append(&dir.path().join("escrow-desk.2026-11-28.log"), &line("a-1", "c-6", "next day"));
    assert!(next().ends_with("next day"));
    child.kill().expect("stop it");
    let _ = child.wait();
}
