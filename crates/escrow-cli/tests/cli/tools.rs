//! `escrow api`, `escrow completions` and the hidden `escrow __generate-docs`.

use crate::harness::{Sandbox, escrow_env};
use escrow_api::Dialect;

#[test]
fn api_prints_the_services_answer_and_exits_by_status() {
    let sb = Sandbox::start();
    let run = sb.escrow(&["api", "GET", "/v2/transactions", "--field", "take=3"]).expect(0);
    let page = run.json();
    assert_eq!(page["count"].as_u64(), Some(sb.count(None)), "{}", run.stdout);
    assert_eq!(page["items"].as_array().map(Vec::len), Some(3), "--field is the query of a GET");

    let run = sb.escrow(&["api", "get", "/v2/transactions/no-such-transaction", "-i"]).expect(3);
    assert!(run.stderr.starts_with("HTTP/1.1 404") && run.stderr.contains("the service answered 404"), "{run:?}");
    let run = sb.escrow(&["api", "POST", "/v2/transactions/marketplace", "-F", "amount=-5"]).expect(3);
    assert_eq!(run.json()["status"], 400, "the problem as the service sent it: {}", run.stdout);

    let run = sb.escrow(&["api", "POST", "/v2/connect", "-F", "referenceId=api-ref-1"]).expect(0);
    assert!(run.json()["connectUrl"].as_str().is_some_and(|u| u.starts_with("http")), "{}", run.stdout);

    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("body.json");
    std::fs::write(&input, r#"{"referenceId": "api-ref-2", "allowPrivate": true}"#).expect("write");
    let input = input.display().to_string();
    sb.escrow(&["api", "POST", "/v2/connect", "--input", &input]).expect(0);
    sb.escrow(&["api", "GET", "/v2/transactions", "--input", &input]).expect(2);
    sb.escrow(&["api", "FETCH", "/v2/transactions"]).expect(2);
    let run = sb.escrow(&["api", "GET", "https://elsewhere.example/v2/transactions"]).expect(2);
    assert!(run.stderr.contains("path after the base URL"), "the key goes nowhere else: {}", run.stderr);

    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let closed = format!("http://{}", listener.local_addr().expect("addr"));
    drop(listener);
    let key = [("ESCROW_API_KEY", "k")];
    escrow_env(&["--base-url", &closed, "api", "GET", "/v2/transactions"], &key).expect(4);
    let run = escrow_env(&["--base-url", "http://api.example.dk", "api", "GET", "/v2/transactions"], &key).expect(2);
    assert!(run.stderr.contains("plain http"), "{}", run.stderr);
}

#[test]
fn api_sends_the_body_in_the_dialect_in_force() {
    let sb = Sandbox::start_with(|c| c.dialect = escrow_sandbox::Dialect::Published);
    let (id, _payer, payee) = sb.paid_transaction(Dialect::Published);
    let path = format!("/v2/transactions/{id}/payout");
    let account = format!("serviceAccountId={payee}");
    let before = sb.ledger(&id).len();
    let run = sb.escrow(&["api", "POST", &path, "-F", &account, "--idempotency-key", "api-spec-1"]).expect(3);
    assert!(run.stdout.contains("safepayAccountId"), "a published service refuses the specs' name: {}", run.stdout);
    assert_eq!(sb.ledger(&id).len(), before, "nothing was paid out");
    let key = ["--idempotency-key", "api-published-1"];
    sb.escrow(&[&["--dialect", "published", "api", "POST", &path, "-F", &account][..], &key[..]].concat()).expect(0);
    assert_eq!(sb.ledger(&id).len(), before + 1, "paid out once: {:?}", sb.ledger(&id));
    assert_eq!(sb.status(&id), "SUCCEEDED");
}

#[test]
fn completions_for_each_shell() {
    for (shell, marker) in [("bash", "complete -F"), ("zsh", "#compdef escrow"), ("fish", "complete -c escrow")] {
        let run = escrow_env(&["completions", shell], &[]).expect(0);
        assert!(run.stdout.contains(marker), "{shell}: {}", &run.stdout[..run.stdout.len().min(300)]);
        for word in ["transactions", "business-users", "bill-of-sale", "--idempotency-key"] {
            assert!(run.stdout.contains(word), "{shell} completes {word}");
        }
    }
    escrow_env(&["completions", "tcsh"], &[]).expect(2);
}

#[test]
fn generated_docs_are_manual_pages_and_completions() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("docs");
    escrow_env(&["__generate-docs", &out.display().to_string()], &[]).expect(0);
    let read = |p: &str| std::fs::read_to_string(out.join(p)).unwrap_or_else(|e| panic!("{p}: {e}"));
    let top = read("man1/escrow.1");
    assert!(top.starts_with(".ie \\n(.g .ds Aq") || top.contains(".TH escrow 1"), "{}", &top[..top.len().min(300)]);
    for section in [".SH NAME", ".SH SYNOPSIS", ".SH \"API KEY\"", ".SH \"EXIT STATUS\"", "escrow\\-trades(1)"] {
        assert!(top.contains(section), "{section} in escrow.1:\n{top}");
    }
    assert!(top.contains("undecodable response"), "the exit codes of --help");
    let page = read("man1/escrow-documents-upload.1");
    assert!(page.contains("\\-\\-title") && page.contains("10 MB"), "{page}");
    assert!(!out.join("man1/escrow-__generate-docs.1").exists(), "the generator has no page");
    for (file, shell) in [("escrow.bash", "bash"), ("_escrow", "zsh"), ("escrow.fish", "fish")] {
        let script = read(&format!("completions/{file}"));
        assert_eq!(script, escrow_env(&["completions", shell], &[]).stdout, "{file} is `escrow completions {shell}`");
    }
}
