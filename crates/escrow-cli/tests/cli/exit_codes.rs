//! Exit codes: 2 usage, 3 refused, 4 network, 5 undecodable.

use crate::harness::{Sandbox, escrow_env};
use escrow_api::CreateTransaction;
use escrow_api::Dialect;
use std::io::{Read, Write};

/// An address where nothing listens.
fn closed_port() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let addr = listener.local_addr().expect("addr");
    drop(listener);
    format!("http://{addr}")
}

#[test]
fn usage_errors_exit_2_before_anything_is_sent() {
    let url = closed_port();
    let key = [("ESCROW_API_KEY", "k")];
    for bad in ["abc", "0", "-3", "1.999", "1,5"] {
        let run =
            escrow_env(&["--base-url", &url, "transactions", "reimburse", "t-1", "--amount", bad], &key).expect(2);
        assert!(run.stderr.contains("--amount"), "{bad}: {}", run.stderr);
    }
    let run = escrow_env(&["--base-url", &url, "transactions", "list"], &[]).expect(2);
    assert!(run.stderr.contains("no API key") && run.stderr.contains("ESCROW_API_KEY"), "{}", run.stderr);
    let run =
        escrow_env(&["--base-url", &url, "--api-key-env", "MY_ESCROW_KEY", "transactions", "list"], &key).expect(2);
    assert!(run.stderr.contains("MY_ESCROW_KEY"), "{}", run.stderr);
    escrow_env(&["--base-url", &url, "transactions", "list"], &[("ESCROW_API_KEY", "  ")]).expect(2);
    escrow_env(&["transactions", "list"], &key).expect(2);
    escrow_env(&["--base-url", &url, "transactions", "list", "--take", "101"], &key).expect(2);
    escrow_env(&["--base-url", &url, "--idempotency-key", "k-1", "transactions", "list"], &key).expect(2);
    escrow_env(
        &["--base-url", &url, "transactions", "payout", "t", "--account", "a", "--idempotency-key", "a b"],
        &key,
    )
    .expect(2);
    escrow_env(&["--base-url", "ftp://example.com", "transactions", "list"], &key).expect(2);
    escrow_env(&["--base-url", &url, "transactions", "payout", "t"], &key).expect(2);
    escrow_env(&["transactions", "frobnicate"], &key).expect(2);
}

#[test]
fn the_key_can_come_from_another_variable() {
    let sb = Sandbox::start();
    let run = escrow_env(
        &["--base-url", &sb.url, "--api-key-env", "MY_ESCROW_KEY", "transactions", "list", "--json"],
        &[("MY_ESCROW_KEY", escrow_sandbox::DEMO_KEY)],
    )
    .expect(0);
    assert!(run.json()["count"].as_u64().is_some());
}

#[test]
fn refusals_exit_3_with_the_problem_details() {
    let sb = Sandbox::start();
    let run = sb.escrow(&["transactions", "payout", "no-such-transaction", "--account", "nobody"]).expect(3);
    assert!(run.stderr.contains("not found (404)"), "{}", run.stderr);

    // Payout of a transaction nobody paid: 400 with problem details.
    let (_, payer, payee) = sb.paid_transaction(Dialect::Spec);
    let mut req = CreateTransaction::new(rust_decimal::Decimal::new(50_000, 2));
    req.title = Some("Lamp".into());
    req.payer_id = Some(payer);
    req.payee_id = Some(payee.clone());
    let client = sb.client();
    let created = sb
        .rt
        .block_on(client.transactions().create(escrow_api::TransactionType::Marketplace, &req, &Default::default()))
        .expect("created");
    let id = created.value.transaction_id;
    let run = sb.escrow(&["transactions", "payout", &id, "--account", &payee, "--json"]).expect(3);
    let error = &run.json()["error"];
    assert_eq!(error["status"], 400, "{}", run.stdout);
    assert_eq!(error["exitCode"], 3);
    let title = error["problem"]["title"].as_str().expect("a problem title").to_owned();
    assert!(run.stderr.contains(&format!("  title    {title}")), "{}", run.stderr);
    assert!(run.stderr.contains("correlation id"), "{}", run.stderr);
    assert!(sb.ledger(&id).iter().all(|r| r["kind"] != "payout"));

    let run =
        escrow_env(&["--base-url", &sb.url, "transactions", "list"], &[("ESCROW_API_KEY", "wrong-key")]).expect(3);
    assert!(run.stderr.contains("401"), "{}", run.stderr);
    assert!(!run.stderr.contains("wrong-key") && !run.stdout.contains("wrong-key"), "the key is never printed");
}

#[test]
fn no_answer_exits_4() {
    let url = closed_port();
    let key = [("ESCROW_API_KEY", "k")];
    let run = escrow_env(&["--base-url", &url, "transactions", "list"], &key).expect(4);
    assert!(run.stderr.contains("could not connect") && run.stderr.contains(&url), "{}", run.stderr);
    let run = escrow_env(
        &["--base-url", &url, "transactions", "payout", "t-1", "--account", "a-1", "--idempotency-key", "k-42"],
        &key,
    )
    .expect(4);
    assert!(run.stderr.contains("run the same command again with --idempotency-key k-42"), "{}", run.stderr);
}

#[test]
fn an_undecodable_answer_exits_5_and_keeps_the_body() {
    const BODY: &str = "<html>this is not JSON</html>";
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let url = format!("http://{}", listener.local_addr().expect("addr"));
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let mut request = Vec::new();
            let mut buf = [0u8; 1024];
            while !request.windows(4).any(|w| w == b"\r\n\r\n") {
                match stream.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => request.extend_from_slice(&buf[..n]),
                }
            }
            let answer = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{BODY}",
                BODY.len()
            );
            let _ = stream.write_all(answer.as_bytes());
        }
    });
    let run = escrow_env(&["--base-url", &url, "transactions", "get", "t-1"], &[("ESCROW_API_KEY", "k")]).expect(5);
    let path = run
        .stderr
        .lines()
        .find_map(|l| l.split("saved to ").nth(1))
        .unwrap_or_else(|| panic!("a file named: {}", run.stderr))
        .trim()
        .to_owned();
    assert_eq!(std::fs::read_to_string(&path).expect("the saved body"), BODY);
    let _ = std::fs::remove_file(&path);

    let run = escrow_env(&["--base-url", &url, "--json", "transactions", "list"], &[("ESCROW_API_KEY", "k")]).expect(5);
    let saved = run.json()["error"]["rawBodyFile"].as_str().expect("rawBodyFile").to_owned();
    assert_eq!(std::fs::read_to_string(&saved).expect("the saved body"), BODY);
    let _ = std::fs::remove_file(&saved);
}
