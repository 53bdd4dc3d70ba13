//! transactions create/delete/update/change-amount/add-payee/add-payer/payment-instructions,
//! payments create/initialize and split-payouts create/list/cancel against the sandbox.

use crate::harness::Sandbox;
use rust_decimal::Decimal;
use std::str::FromStr;

/// `transactions create` of 500.00 between two new users; the transaction id.
fn create(sb: &Sandbox, tag: &str) -> (String, String, String) {
    let payer = sb.user(&format!("edit-buyer-{tag}"), "Anne Edit");
    let payee = sb.user(&format!("edit-seller-{tag}"), "Bo Edit");
    let run = sb.escrow(&[
        "--json",
        "transactions",
        "create",
        "--amount",
        "500",
        "--title",
        "CLI sofa",
        "--payer",
        &payer,
        "--payee",
        &payee,
        "-F",
        "description=Made from the CLI",
    ]);
    let out = run.expect(0).json();
    let id = out["result"]["transactionId"].as_str().expect("transactionId").to_owned();
    (id, payer, payee)
}

#[test]
fn create_is_keyed_and_replays_with_the_same_key() {
    let sb = Sandbox::start();
    let (id, payer, payee) = create(&sb, "1");
    let t = sb.rt.block_on(sb.client().transactions().get(&id)).expect("created");
    assert_eq!(t.amount, Decimal::from(500));
    assert_eq!(t.description.as_deref(), Some("Made from the CLI"));

    let args = [
        "transactions",
        "create",
        "--amount",
        "75.50",
        "--title",
        "Lamp qz7cli",
        "--payer",
        &payer,
        "--payee",
        &payee,
        "--idempotency-key",
        "cli-create-lamp-1",
    ];
    let first = sb.escrow(&args).expect(0);
    let line = first.stdout.lines().find(|l| l.starts_with("Created")).expect("a Created line").to_owned();
    assert!(first.stdout.contains("Idempotency-Key  cli-create-lamp-1"), "{}", first.stdout);
    let again = sb.escrow(&args).expect(0);
    assert!(again.stdout.contains(&line) && again.stdout.contains("Replayed"), "{}", again.stdout);
    assert_eq!(sb.count(Some("qz7cli")), 1, "a replay makes no second transaction");

    let run = sb.escrow(&["transactions", "create", "--title", "No amount", "--payer", &payer]).expect(2);
    assert!(run.stderr.contains("--amount"), "{}", run.stderr);
    let run = sb.escrow(&["transactions", "create", "--amount", "5", "-F", "title:=[1"]).expect(2);
    assert!(run.stderr.contains("--field"), "{}", run.stderr);
}

#[test]
fn change_amount_update_delete_and_instructions() {
    let sb = Sandbox::start();
    let (id, payer, _) = create(&sb, "2");
    let run = sb.escrow(&["transactions", "change-amount", &id, "--amount", "650.25"]).expect(0);
    assert_eq!(run.stdout, format!("Amount of {id} changed to 650.25\n"));
    let t = sb.rt.block_on(sb.client().transactions().get(&id)).expect("transaction");
    assert_eq!(t.amount, Decimal::from_str("650.25").expect("decimal"));

    let done = sb
        .escrow(&["--json", "transactions", "update", &id, "--expected-completion", "2031-01-31T12:00:00Z"])
        .expect(0)
        .json();
    assert_eq!((done["action"].as_str(), done["done"].as_bool()), (Some("update"), Some(true)), "{done}");
    let t = sb.rt.block_on(sb.client().transactions().get(&id)).expect("transaction");
    assert_eq!(t.expected_completion.map(|d| d.to_rfc3339()).as_deref(), Some("2031-01-31T12:00:00+00:00"));
    sb.escrow(&["transactions", "update", &id]).expect(2);

    let run = sb.escrow(&["transactions", "payment-instructions", &id, "--account", &payer]).expect(0);
    assert!(run.stdout.starts_with("Amount   650.25 DKK\nMessage  ESC"), "{}", run.stdout);
    let json = sb.escrow(&["--json", "transactions", "payment-instructions", &id, "--account", &payer]).expect(0);
    assert_eq!(json.json()["amount"], "650.25");

    let run = sb.escrow(&["transactions", "add-payee", &id, "--account", &payer]).expect(3);
    assert!(run.stderr.contains("400"), "a transaction with a payee refuses another: {}", run.stderr);

    sb.escrow(&["transactions", "delete", &id]).expect(0);
    let run = sb.escrow(&["transactions", "get", &id]).expect(3);
    assert!(run.stderr.contains("not found (404)"), "{}", run.stderr);
}

#[test]
fn add_payer_to_an_auto_transaction() {
    let sb = Sandbox::start();
    let payee = sb.user("auto-seller-3", "Bilhuset Edit");
    let payer = sb.user("auto-buyer-3", "Carl Edit");
    let out = sb
        .escrow(&["--json", "transactions", "create", "--type", "auto", "--amount", "90000", "--payee", &payee])
        .expect(0)
        .json();
    let id = out["result"]["transactionId"].as_str().expect("transactionId").to_owned();
    let run = sb.escrow(&["transactions", "add-payer", &id, "--account", &payer]).expect(0);
    assert_eq!(run.stdout, format!("Payer added to {id}\n"));
    let t = sb.rt.block_on(sb.client().transactions().get(&id)).expect("transaction");
    assert_eq!(t.payer.and_then(|p| p.service_account_id), Some(payer));
}

#[test]
fn payments_and_split_payouts() {
    let sb = Sandbox::start();
    let (id, payer, _) = create(&sb, "4");
    let created = sb
        .escrow(&["--json", "payments", "create", "--transaction", &id, "--account", &payer, "--amount", "100"])
        .expect(0)
        .json();
    let payment = created["result"]["paymentId"].as_str().expect("paymentId").to_owned();
    assert!(created["result"]["paymentUrl"].as_str().is_some_and(|u| u.starts_with("http")), "{created}");
    assert!(created["idempotencyKey"].as_str().is_some_and(|k| !k.is_empty()), "{created}");

    let run = sb.escrow(&["payments", "initialize", &payment, "--method", "mobilewallet"]).expect(0);
    assert!(run.stdout.starts_with("Send the payer to:\nhttp"), "{}", run.stdout);
    let run = sb.escrow(&["payments", "initialize", &payment, "--method", "cheque"]).expect(2);
    assert!(run.stderr.contains("PSD2, BANK, MOBILEWALLET, TRANSFER"), "{}", run.stderr);
    sb.escrow(&["payments", "create", "--transaction", "no-such", "--account", &payer]).expect(3);

    let run = sb
        .escrow(&["split-payouts", "create", &id, "--amount", "50", "--recipient", "tenant", "--timing", "on_close"])
        .expect(0);
    let split = run.stdout.lines().next().and_then(|l| l.strip_prefix("Split payout")).map(str::trim);
    let split = split.expect("the split payout's id first").to_owned();
    let list = sb.escrow(&["split-payouts", "list", &id]).expect(0);
    assert!(list.stdout.starts_with("SPLIT PAYOUT ID"), "{}", list.stdout);
    assert!(list.stdout.lines().any(|l| l.starts_with(&split) && l.contains("50.00 DKK")), "{}", list.stdout);
    let cancelled = sb.escrow(&["--json", "split-payouts", "cancel", &id, &split]).expect(0).json();
    assert_eq!(cancelled["action"], "split-payouts cancel");
    let listed = sb.escrow(&["--json", "split-payouts", "list", &id]).expect(0).json();
    let item = listed["items"].as_array().into_iter().flatten().find(|s| s["splitPayoutId"] == split.as_str());
    assert_eq!(item.map(|s| s["status"].clone()), Some("CANCELLED".into()), "{listed}");
}
