//! `escrow listen`, `escrow trigger` and `escrow events list` against a real sandbox: a
//! triggered event is received, checked, forwarded to a local server and its answer reported;
//! the delivery is listed; Ctrl+C clears the registration.

use crate::harness::{Sandbox, escrow_env};
use crate::recorder::Recorder;
use escrow_sandbox::DEMO_KEY;
use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// `escrow listen` running in the background, its output read line by line.
pub struct Listening {
    child: Child,
    stdout: Receiver<String>,
    stderr: Receiver<String>,
    /// Every stderr line read so far.
    pub said: Vec<String>,
}

fn lines(stream: impl std::io::Read + Send + 'static) -> Receiver<String> {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stream).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

impl Listening {
    fn start(base_url: &str, args: &[&str]) -> Self {
        let mut all = vec!["--base-url", base_url, "listen"];
        all.extend_from_slice(args);
        Self::spawn(&all, &[("ESCROW_API_KEY", DEMO_KEY)])
    }

    /// `escrow ARGS` (a `listen`) with only PATH and `env`; returns once it said it is ready.
    pub fn spawn(args: &[&str], env: &[(&str, &str)]) -> Self {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_escrow"));
        cmd.args(args).env_clear().envs(env.iter().copied());
        if let Some(path) = std::env::var_os("PATH") {
            cmd.env("PATH", path);
        }
        let mut child =
            cmd.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("listen starts");
        let stdout = lines(child.stdout.take().expect("stdout"));
        let stderr = lines(child.stderr.take().expect("stderr"));
        let mut me = Self { child, stdout, stderr, said: Vec::new() };
        me.said_line(|l| l.contains("ready: listening on"));
        me
    }

    /// A stderr line matching `wanted`, said already or within 30 s.
    pub fn said_line(&mut self, wanted: impl Fn(&str) -> bool) -> String {
        if let Some(line) = self.said.iter().find(|l| wanted(l)) {
            return line.clone();
        }
        let end = Instant::now() + Duration::from_secs(30);
        while let Some(left) = end.checked_duration_since(Instant::now()) {
            match self.stderr.recv_timeout(left) {
                Ok(line) => {
                    self.said.push(line.clone());
                    if wanted(&line) {
                        return line;
                    }
                }
                Err(_) => break,
            }
        }
        panic!("no such line on stderr; it said: {:#?}", self.said);
    }

    /// Waits (30 s at most) for a stdout line matching `wanted`.
    pub fn printed(&self, wanted: impl Fn(&str) -> bool) -> String {
        let end = Instant::now() + Duration::from_secs(30);
        let mut seen = Vec::new();
        while let Some(left) = end.checked_duration_since(Instant::now()) {
            match self.stdout.recv_timeout(left) {
                Ok(line) if wanted(&line) => return line,
                Ok(line) => seen.push(line),
                Err(_) => break,
            }
        }
        panic!("no such line on stdout; it printed: {seen:#?}");
    }

    /// The address it listens on, from its ready line.
    pub fn own_url(&self) -> String {
        let ready = self.said.iter().find(|l| l.contains("ready: listening on")).expect("the ready line");
        ready.split("listening on ").nth(1).and_then(|r| r.split(',').next()).expect("an address").to_owned()
    }

    /// Ctrl+C; waits for the exit; the exit code and the rest of stderr.
    pub fn interrupt(mut self) -> (i32, String) {
        let pid = self.child.id().to_string();
        let sent = Command::new("kill").args(["-INT", &pid]).status().expect("kill runs");
        assert!(sent.success());
        let end = Instant::now() + Duration::from_secs(30);
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                break status;
            }
            assert!(Instant::now() < end, "listen did not stop on Ctrl+C");
            std::thread::sleep(Duration::from_millis(50));
        };
        let rest: Vec<String> = self.stderr.try_iter().collect();
        (status.code().unwrap_or(-1), rest.join("\n"))
    }
}

/// The deliveries of one transaction, once one of `event` is no longer pending (30 s at most).
fn settled(sb: &Sandbox, transaction: &str, event: &str) -> Vec<Value> {
    let end = Instant::now() + Duration::from_secs(30);
    loop {
        let run = sb.escrow(&["--json", "events", "list", "--transaction", transaction]).expect(0);
        let items = run.json().as_array().cloned().unwrap_or_default();
        if items.iter().any(|d| d["eventName"] == event && d["state"] != "pending") || Instant::now() > end {
            return items;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[test]
fn a_triggered_event_is_received_checked_forwarded_and_listed() {
    let sb = Sandbox::start();
    let local = Recorder::start(&sb.rt, 202);
    let forward_to = format!("{}/hook", local.url);
    let listening = Listening::start(&sb.url, &["--forward-to", &forward_to]);
    assert!(listening.said.iter().any(|l| l.contains("registered http://127.0.0.1:")), "{:#?}", listening.said);

    let triggered = sb.escrow(&["--json", "trigger", "transaction.cancelled"]).expect(0).json();
    let transaction = triggered["transactionId"].as_str().expect("the transaction it is about").to_owned();
    let line = listening.printed(|l| l.contains("transaction.cancelled") && l.contains(&transaction));
    assert!(line.contains("valid transaction event"), "{line}");
    assert!(line.contains(&format!("{forward_to} 202 Accepted")), "{line}");

    let forwarded = local.seen().into_iter().find(|s| s.path == "/hook").expect("forwarded to the local server");
    assert_eq!(forwarded.method, "POST");
    assert_eq!(forwarded.header("content-type"), Some("application/json"), "its headers go with it");
    let body: Value = serde_json::from_slice(&forwarded.body).expect("the body as delivered");
    assert_eq!(
        (body["eventName"].as_str(), body["transactionId"].as_str()),
        (Some("transaction.cancelled"), Some(transaction.as_str()))
    );

    // The sandbox kept the local answer as the delivery's outcome.
    let items = settled(&sb, &transaction, "transaction.cancelled");
    let delivery = items.iter().find(|d| d["eventName"] == "transaction.cancelled").expect("listed");
    assert_eq!(delivery["state"], "delivered", "{delivery}");
    assert_eq!(delivery["outcomes"][0]["status"], 202, "{delivery}");
    let human = sb.escrow(&["events", "list", "--transaction", &transaction]).expect(0);
    assert!(human.stdout.starts_with("QUEUED") && human.stdout.contains("HTTP 202"), "{}", human.stdout);

    // A body that is not an event of the spec is said so, and still forwarded.
    let own = listening.own_url();
    let status = sb.rt.block_on(async {
        reqwest::Client::new().post(&own).body(r#"{"hello":"world"}"#).send().await.expect("answers").status()
    });
    assert_eq!(status.as_u16(), 202);
    assert!(listening.printed(|l| l.contains("NOT AN EVENT OF THE SPEC")).contains("202 Accepted"));

    let (code, said) = listening.interrupt();
    assert_eq!(code, 0, "Ctrl+C is the way to stop: {said}");
    assert!(said.contains("none was restored") && said.contains("cleared"), "{said}");
    // Cleared: the next event has nowhere to go.
    sb.escrow(&["trigger", "transaction.created", "--transaction", &transaction]).expect(0);
    let items = settled(&sb, &transaction, "transaction.created");
    let after = items.iter().find(|d| d["eventName"] == "transaction.created").expect("listed");
    assert_eq!(after["outcomes"][0]["error"], "no webhook URL configured", "{after}");
}

#[test]
fn trigger_refuses_an_event_it_cannot_send_before_sending() {
    let sb = Sandbox::start();
    let before = sb.escrow(&["--json", "events", "list"]).expect(0).json().as_array().map(Vec::len);
    let run = sb.escrow(&["trigger", "transaction.paid"]).expect(2);
    assert!(run.stderr.contains("`transaction.paid` is not an event the sandbox can send"), "{}", run.stderr);
    assert!(run.stderr.contains("transaction.payment.paid"), "the choices are named: {}", run.stderr);
    let run = sb.escrow(&["trigger", "user.bankaccount.missing"]).expect(2);
    assert!(run.stderr.contains("user event"), "{}", run.stderr);
    let after = sb.escrow(&["--json", "events", "list"]).expect(0).json().as_array().map(Vec::len);
    assert_eq!(before, after, "nothing was queued");
    let run = sb.escrow(&["listen", "--forward-to", "ftp://localhost/hook"]).expect(2);
    assert!(run.stderr.contains("give an http or https address"), "{}", run.stderr);
    let run = sb.escrow(&["trigger", "transaction.created", "--transaction", "no-such-transaction"]).expect(3);
    assert!(run.stderr.contains("no transaction no-such-transaction"), "{}", run.stderr);
}

#[test]
fn the_real_service_is_not_registered_with_nor_triggered() {
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build().expect("runtime");
    let service = Recorder::start(&rt, 404);
    let mut listening = Listening::start(&service.url, &["--json"]);
    assert!(listening.said.iter().any(|l| l.contains("nothing was registered")), "{:#?}", listening.said);
    // Still listening (for a tunnel): --json prints each body as delivered, one per line, the check on stderr.
    let event = r#"{"eventName":"user.bankaccount.missing","eventDate":"2026-01-01T10:00:00+01:00","webhookId":"w-9","serviceAccountId":"a-1","connections":[]}"#;
    let own = listening.own_url();
    let status =
        rt.block_on(async { reqwest::Client::new().post(&own).body(event).send().await.expect("answers").status() });
    assert_eq!(status.as_u16(), 200, "not forwarded: answered 200");
    let printed: Value = serde_json::from_str(&listening.printed(|l| l.contains("w-9"))).expect("one JSON line");
    assert_eq!(printed, serde_json::from_str::<Value>(event).expect("JSON"));
    let checked = listening.said_line(|l| l.contains("user.bankaccount.missing"));
    assert!(checked.contains("valid user event") && checked.contains("not forwarded"), "{checked}");
    let (code, said) = listening.interrupt();
    assert_eq!(code, 0, "{said}");
    for args in [&["trigger", "transaction.created"][..], &["events", "list"][..]] {
        let mut all = vec!["--base-url", service.url.as_str()];
        all.extend_from_slice(args);
        let run = escrow_env(&all, &[("ESCROW_API_KEY", DEMO_KEY)]).expect(2);
        assert!(run.stderr.contains("is not a sandbox"), "{}", run.stderr);
    }
    // Only the read that asks whether it is a sandbox reached the service.
    let seen = service.seen();
    assert!(!seen.is_empty() && seen.iter().all(|s| s.method == "GET" && s.path == "/_sandbox/webhooks"), "{seen:#?}");
}
