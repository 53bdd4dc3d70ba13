//! Against a sandbox that speaks the published dialect (`safepayAccountId`, published routes):
//! with `--dialect published` everything works, and `--json` still prints the specs' names.

use crate::harness::Sandbox;
use escrow_api::Dialect;

fn published_sandbox() -> Sandbox {
    Sandbox::start_with(|c| c.dialect = escrow_sandbox::Dialect::Published)
}

#[test]
fn list_and_get_print_the_specs_names() {
    let sb = published_sandbox();
    let (id, payer, _payee) = sb.paid_transaction(Dialect::Published);
    let page = sb.escrow(&["--dialect", "published", "transactions", "list", "--json"]).expect(0);
    assert!(!page.stdout.contains("safepayAccountId"), "{}", page.stdout);
    assert_eq!(page.json()["count"].as_u64(), Some(sb.count(None)));
    assert!(page.json()["items"][0]["payee"]["serviceAccountId"].is_string(), "{}", page.stdout);
    let human = sb.escrow(&["--dialect", "published", "transactions", "list", "--take", "3"]).expect(0);
    assert!(human.stdout.starts_with("ID"), "{}", human.stdout);

    let record = sb.escrow(&["transactions", "get", &id, "--dialect", "published", "--json"]).expect(0).json();
    assert_eq!(record["payer"]["serviceAccountId"], payer.as_str());
    let human = sb.escrow(&["transactions", "get", &id, "--dialect", "published"]).expect(0);
    assert!(human.stdout.contains(&format!("account {payer}")), "{}", human.stdout);
}

#[test]
fn payout_in_the_published_dialect_is_executed_once() {
    let sb = published_sandbox();
    let (id, _payer, payee) = sb.paid_transaction(Dialect::Published);
    // The specs' names are refused by a published service, and nothing happens.
    let refused =
        sb.escrow(&["transactions", "payout", &id, "--account", &payee, "--idempotency-key", "spec-try"]).expect(3);
    assert!(refused.stderr.contains("400"), "{}", refused.stderr);
    let key = format!("cli-published-{}", uuid::Uuid::new_v4());
    let args = [
        "--dialect",
        "published",
        "transactions",
        "payout",
        &id,
        "--account",
        &payee,
        "--idempotency-key",
        &key,
        "--json",
    ];
    assert_eq!(sb.escrow(&args).expect(0).json()["replayed"], false);
    assert_eq!(sb.escrow(&args).expect(0).json()["replayed"], true);
    let payouts: Vec<_> = sb.ledger(&id).into_iter().filter(|r| r["kind"] == "payout").collect();
    assert_eq!(payouts.len(), 1, "{payouts:?}");
    assert_eq!(payouts[0]["idempotencyKey"], key.as_str());
    assert_eq!(sb.status(&id), "SUCCEEDED");
}

#[test]
fn users_in_the_published_dialect() {
    let sb = published_sandbox();
    let account = sb.user("cli-published-user", "Per Published");
    let page = sb.escrow(&["--dialect", "published", "users", "list", "--take", "100", "--json"]).expect(0);
    assert!(!page.stdout.contains("safepayAccountId"), "{}", page.stdout);
    assert!(page.json()["items"].as_array().into_iter().flatten().any(|u| u["serviceAccountId"] == account.as_str()));
    let user = sb.escrow(&["--dialect", "published", "users", "get", &account, "--json"]).expect(0).json();
    assert_eq!(user["serviceAccountId"], account.as_str());
    let human = sb.escrow(&["--dialect", "published", "users", "get", &account]).expect(0);
    assert!(human.stdout.contains(&account) && human.stdout.contains("Per Published"), "{}", human.stdout);
    let banks = sb.escrow(&["--dialect", "published", "users", "bank-accounts", &account, "--json"]).expect(0).json();
    assert_eq!(banks["items"].as_array().map(Vec::len), Some(1));
}

#[test]
fn new_operations_in_the_published_dialect() {
    let sb = published_sandbox();
    let payer = sb.user("cli-pub-buyer", "Pia Published");
    let payee = sb.user("cli-pub-seller", "Poul Published");
    let p = ["--dialect", "published"];
    let create = [&p[..], &["--json", "transactions", "create", "--amount", "300", "--title", "Stol"][..]].concat();
    let out = sb.escrow(&[&create[..], &["--payer", &payer, "--payee", &payee][..]].concat()).expect(0).json();
    let id = out["result"]["transactionId"].as_str().expect("transactionId").to_owned();
    let pay = ["--json", "payments", "create", "--transaction", &id, "--account", &payer];
    let created = sb.escrow(&[&p[..], &pay[..]].concat()).expect(0).json();
    assert!(created["result"]["paymentId"].is_string(), "{created}");
    assert!(!created.to_string().contains("safepayAccountId"), "--json keeps the specs' names: {created}");
    let instructions = ["transactions", "payment-instructions", &id, "--account", &payer];
    let run = sb.escrow(&[&p[..], &instructions[..]].concat()).expect(0);
    assert!(run.stdout.starts_with("Amount   300.00 DKK"), "{}", run.stdout);
    // The specs' names are refused by a published service.
    sb.escrow(&["payments", "create", "--transaction", &id, "--account", &payer]).expect(3);
}
