//! list, get and the money moves (payout, cancel, reimburse), human and `--json`.

use crate::harness::Sandbox;
use escrow_api::Dialect;

#[test]
fn list_prints_an_aligned_table_with_the_count() {
    let sb = Sandbox::start();
    let count = sb.count(None);
    let run = sb.escrow(&["transactions", "list", "--take", "5"]).expect(0);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert!(lines[0].starts_with("ID") && lines[0].contains("STATUS") && lines[0].contains("AMOUNT"), "{}", run.stdout);
    assert_eq!(lines.len(), 7, "header, 5 rows, footer: {}", run.stdout);
    assert_eq!(lines[6], format!("1–5 of {count} transactions; next page: --skip 5"));
    for row in &lines[1..6] {
        assert!(row.contains(" DKK") || row.contains(" EUR"), "amount with its currency: {row}");
    }
    let amount_ends: Vec<usize> =
        lines[1..6].iter().map(|r| r.find(" DKK").or_else(|| r.find(" EUR")).unwrap_or(0)).collect();
    assert!(amount_ends.windows(2).all(|w| w[0] == w[1]), "amounts right-aligned: {}", run.stdout);
}

#[test]
fn list_json_has_the_specs_names_and_filters_apply() {
    let sb = Sandbox::start();
    let page = sb.escrow(&["--json", "transactions", "list", "--take", "3", "--skip", "1"]).expect(0).json();
    assert_eq!(page["items"].as_array().map(Vec::len), Some(3));
    assert_eq!(page["count"].as_u64(), Some(sb.count(None)));
    let first = &page["items"][0];
    assert!(first["transactionId"].is_string() && first["status"].is_string(), "{first}");
    assert!(first["amount"].as_str().is_some_and(|a| a.contains('.')), "amount as an exact string: {first}");

    let reference = first["referenceId"].as_str().expect("demo transactions have references").to_owned();
    let by_ref = sb.escrow(&["transactions", "list", "--reference", &reference, "--json"]).expect(0).json();
    assert!(by_ref["count"].as_u64().is_some_and(|c| c >= 1));
    assert!(
        by_ref["items"]
            .as_array()
            .into_iter()
            .flatten()
            .all(|t| t["referenceId"].as_str().is_some_and(|r| r.contains(&reference)))
    );

    let searched = sb.escrow(&["transactions", "list", "--search", "Tesla", "--json"]).expect(0).json();
    assert_eq!(searched["count"].as_u64(), Some(sb.count(Some("Tesla"))));
}

#[test]
fn get_prints_key_value_lines_or_the_record() {
    let sb = Sandbox::start();
    let (id, payer, _payee) = sb.paid_transaction(Dialect::Spec);
    let run = sb.escrow(&["transactions", "get", &id]).expect(0);
    let width = run.stdout.find(&id).expect("the id");
    assert!(run.stdout.starts_with("Transaction ") && width > "Transaction".len(), "{}", run.stdout);
    for (key, value) in [("Status", "PAID"), ("Amount", "1000.00 DKK"), ("Title", "Sofa"), ("Payer fee", "0.00 DKK")] {
        let line = format!("{key:<width$}{value}\n");
        assert!(run.stdout.contains(&line), "{line:?} (values aligned) in {}", run.stdout);
    }
    assert!(run.stdout.contains(&format!("account {payer}")), "payer's account: {}", run.stdout);
    assert!(run.stdout.contains("Payments in:") && run.stdout.contains("AUTHORIZED"), "{}", run.stdout);

    let record = sb.escrow(&["transactions", "get", &id, "--json"]).expect(0).json();
    assert_eq!(record["transactionId"], id.as_str());
    assert_eq!(record["amount"], "1000.00");
    assert_eq!(record["payer"]["serviceAccountId"], payer.as_str());
    assert!(record["payer"].get("safepayAccountId").is_none());
}

#[test]
fn payout_with_the_same_key_twice_is_executed_once() {
    let sb = Sandbox::start();
    let (id, _payer, payee) = sb.paid_transaction(Dialect::Spec);
    let key = format!("cli-test-{}", uuid::Uuid::new_v4());
    let first = sb.escrow(&["transactions", "payout", &id, "--account", &payee, "--idempotency-key", &key]).expect(0);
    assert!(first.stdout.starts_with(&format!("Payout requested: {id}\n")), "{}", first.stdout);
    assert!(!first.stdout.contains("Replayed"));
    let second =
        sb.escrow(&["--idempotency-key", &key, "--json", "transactions", "payout", &id, "--account", &payee]).expect(0);
    let answer = second.json();
    assert_eq!((answer["action"].as_str(), answer["replayed"].as_bool()), (Some("payout"), Some(true)));
    assert_eq!(answer["idempotencyKey"], key.as_str());
    assert!(!second.stderr.contains("Idempotency-Key"), "a given key is not announced as new: {}", second.stderr);
    let payouts: Vec<_> = sb.ledger(&id).into_iter().filter(|r| r["kind"] == "payout").collect();
    assert_eq!(payouts.len(), 1, "one execution: {payouts:?}");
    assert_eq!(payouts[0]["idempotencyKey"], key.as_str());
    assert_eq!(sb.status(&id), "SUCCEEDED");
}

#[test]
fn a_move_without_a_key_prints_the_fresh_key_it_sends() {
    let sb = Sandbox::start();
    let (id, _payer, payee) = sb.paid_transaction(Dialect::Spec);
    let run = sb.escrow(&["transactions", "payout", &id, "--account", &payee]).expect(0);
    let key = run
        .stderr
        .split_whitespace()
        .skip_while(|w| *w != "Idempotency-Key")
        .nth(1)
        .unwrap_or_else(|| panic!("a key on stderr: {}", run.stderr))
        .to_owned();
    assert!(run.stderr.contains(&format!("--idempotency-key {key}")), "{}", run.stderr);
    let rows: Vec<_> = sb.ledger(&id).into_iter().filter(|r| r["kind"] == "payout").collect();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["idempotencyKey"], key.as_str());
}

#[test]
fn cancel_with_a_reason() {
    let sb = Sandbox::start();
    let (id, payer, _payee) = sb.paid_transaction(Dialect::Spec);
    let run = sb
        .escrow(&["transactions", "cancel", &id, "--account", &payer, "--reason", "Buyer withdrew", "--json"])
        .expect(0);
    assert_eq!(run.json()["action"], "cancel");
    assert_eq!(sb.status(&id), "CANCELLED");
    let rows: Vec<_> = sb.ledger(&id).into_iter().filter(|r| r["kind"] == "cancel").collect();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["idempotencyKey"], run.json()["idempotencyKey"]);
}

#[test]
fn reimburse_pays_back_the_exact_amount() {
    let sb = Sandbox::start();
    let (id, _payer, _payee) = sb.paid_transaction(Dialect::Spec);
    let run = sb.escrow(&["transactions", "reimburse", &id, "--amount", "100.5"]).expect(0);
    assert!(run.stdout.starts_with(&format!("Reimbursement requested: {id}\n")), "{}", run.stdout);
    let rows: Vec<_> = sb.ledger(&id).into_iter().filter(|r| r["kind"] == "reimburse").collect();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0]["amount"], "100.50");
}
