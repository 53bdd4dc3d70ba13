//! The trade API from the command line: trade-users, business-users and trades with every
//! step, against the sandbox.

use crate::harness::{Run, Sandbox};
use reqwest::Method;
use serde_json::json;

/// A connected trade-API user.
fn trade_user(sb: &Sandbox, id: &str, name: &str) {
    let body = json!({ "marketplaceUserId": id, "name": name, "phoneNumber": "+45 20 30 40 50" });
    sb.control(Method::POST, "/_sandbox/trade/users", Some(body));
}

/// `trades create` of a 1000.00 bike from `seller` to `buyer`, with `extra` arguments; the run.
fn create(sb: &Sandbox, buyer: &str, seller: &str, extra: &[&str]) -> Run {
    let payer = format!("payerMarketplaceUserId={buyer}");
    let payee = format!("payeeMarketplaceUserId={seller}");
    let mut args = vec![
        "trades",
        "create",
        "-F",
        "title=Ladcykel",
        "-F",
        "description=Brugt ladcykel",
        "-F",
        "amount=1000",
        "-F",
        "payerFee=0",
        "-F",
        "payerFixedFee=0",
        "-F",
        "payeeFee=5",
        "-F",
        "payeeFixedFee=0",
        "-F",
        &payer,
        "-F",
        &payee,
        "-F",
        "successUrl=https://shop.example.dk/ok",
        "-F",
        "cancelUrl=https://shop.example.dk/cancel",
        "-F",
        "deliveryByHandAllowed:=false",
    ];
    args.extend_from_slice(extra);
    sb.escrow(&args)
}

fn trade_id(sb: &Sandbox, buyer: &str, seller: &str) -> String {
    let out = create(sb, buyer, seller, &["--json"]).expect(0).json();
    out["result"]["tradeId"].as_str().expect("tradeId").to_owned()
}

/// The value of a `Key  value` line.
fn field(run: &Run, key: &str) -> String {
    let line = run.stdout.lines().find(|l| l.starts_with(&format!("{key} "))).unwrap_or_else(|| panic!("{run:?}"));
    line[key.len()..].trim().to_owned()
}

#[test]
fn trade_users_and_business_users() {
    let sb = Sandbox::start();
    trade_user(&sb, "cli-buyer", "Anne Trade");
    let run = sb.escrow(&["trade-users", "get", "cli-buyer"]).expect(0);
    assert_eq!(field(&run, "Name"), "Anne Trade");
    let user = sb.escrow(&["--json", "trade-users", "get", "cli-buyer"]).expect(0).json();
    assert_eq!(user["hasCompletedOnboarding"], true, "{user}");
    sb.escrow(&["trade-users", "get", "nobody-here"]).expect(3);

    let run = sb
        .escrow(&[
            "trade-users",
            "connect",
            "cli-new",
            "--success-url",
            "https://a.example",
            "--cancel-url",
            "https://b.example",
        ])
        .expect(0);
    assert!(run.stdout.starts_with("Send the user to:\nhttp"), "{}", run.stdout);
    let link = sb
        .escrow(&["--json", "trade-users", "select-payout-account", "cli-buyer", "--return-url", "https://a.example"])
        .expect(0)
        .json();
    assert!(link["url"].as_str().is_some_and(|u| u.starts_with("http")), "{link}");

    let body = [
        "-F",
        "businessId=11223344",
        "-F",
        "businessLocationId=1003386547",
        "-F",
        "name=Cykelhandler Jensen ApS",
        "-F",
        "phoneNumber=+45 86 12 34 56",
        "-F",
        "address.streetName=Vestergade",
        "-F",
        "address.houseNumber=12",
        "-F",
        "address.city=Aarhus C",
        "-F",
        "address.postNumber=8000",
        "-F",
        "payoutsAccountNumber=0040 0440116243",
    ];
    let mut args = vec!["business-users", "create"];
    args.extend_from_slice(&body);
    let run = sb.escrow(&args).expect(0);
    assert_eq!(field(&run, "Business"), "11223344");
    assert!(field(&run, "Address").contains("Vestergade"), "{}", run.stdout);
    let got = sb.escrow(&["--json", "business-users", "get", "11223344", "1003386547"]).expect(0).json();
    assert_eq!(got["businessId"], "11223344", "{got}");

    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("edit.json");
    let edit = json!({ "name": "Cykelhandler Jensen & Søn ApS", "address": { "city": "Aarhus N" },
                       "payoutsAccountNumber": "00400440116243" });
    std::fs::write(&input, edit.to_string()).expect("write");
    let input = input.display().to_string();
    let run = sb.escrow(&["business-users", "edit", "11223344", "1003386547", "--input", &input]).expect(0);
    assert!(field(&run, "Address").contains("Aarhus N"), "{}", run.stdout);
    let run = sb.escrow(&["business-users", "edit", "11223344", "1003386547", "-F", "name=X"]).expect(2);
    assert!(run.stderr.contains("does not fit"), "{}", run.stderr);

    let done = sb.escrow(&["--json", "business-users", "delete", "11223344", "1003386547"]).expect(0).json();
    assert_eq!(done["businessLocationId"], "1003386547");
    sb.escrow(&["business-users", "get", "11223344", "1003386547"]).expect(3);
}

#[test]
fn a_trade_from_creation_to_release() {
    let sb = Sandbox::start();
    trade_user(&sb, "walk-buyer", "Anne Walk");
    trade_user(&sb, "walk-seller", "Bo Walk");
    let first = create(&sb, "walk-buyer", "walk-seller", &["--idempotency-key", "cli-trade-walk-1"]).expect(0);
    let id = field(&first, "Trade");
    let again = create(&sb, "walk-buyer", "walk-seller", &["--idempotency-key", "cli-trade-walk-1"]).expect(0);
    assert_eq!(field(&again, "Trade"), id, "the same key makes no second trade");

    let list = sb.escrow(&["trades", "list", "walk-buyer"]).expect(0);
    assert!(list.stdout.starts_with("TRADE ID"), "{}", list.stdout);
    assert!(list.stdout.lines().any(|l| l.starts_with(&id) && l.contains("1000.00")), "{}", list.stdout);
    let page = sb.escrow(&["--json", "trades", "list", "walk-buyer", "--page-size", "5"]).expect(0).json();
    assert_eq!(page["trades"].as_array().map(Vec::len), Some(1), "{page}");
    let run = sb.escrow(&["trades", "get", "walk-buyer", &id]).expect(0);
    assert_eq!(field(&run, "Payee"), "Bo Walk");
    assert!(field(&run, "Payer can").contains("AcceptAndPay"), "{}", run.stdout);

    let run = sb.escrow(&["trades", "accept-and-pay", "walk-buyer", &id]).expect(0);
    let payment = field(&run, "Payment");
    assert_eq!(field(&run, "Paid"), "no");
    let flow = sb
        .escrow(&[
            "--json",
            "trades",
            "payment-flow",
            "walk-buyer",
            &payment,
            "--success-url",
            "https://a.example",
            "--cancel-url",
            "https://b.example",
        ])
        .expect(0)
        .json();
    assert!(flow["result"]["url"].as_str().is_some_and(|u| u.starts_with("http")), "{flow}");
    sb.control(Method::POST, &format!("/_sandbox/trade/payments/{payment}/paid"), None);
    let paid = sb.escrow(&["trades", "payment", "walk-buyer", &id]).expect(0);
    assert_eq!(field(&paid, "Paid"), "yes");

    let run = sb.escrow(&["trades", "status-link", "walk-seller", &id, "--return-url", "https://a.example"]).expect(0);
    assert!(run.stdout.starts_with("The trade's status page:\nhttp"), "{}", run.stdout);
    let label = sb
        .escrow(&[
            "trades",
            "buy-delivery-shipment",
            "walk-seller",
            &id,
            "--price",
            "0",
            "--provider",
            "postnord",
            "--max-weight",
            "20000",
        ])
        .expect(0);
    assert_eq!(field(&label, "Paid"), "yes");

    let done = sb.escrow(&["--json", "trades", "accept-item-condition", "walk-buyer", &id]).expect(0).json();
    assert_eq!(done["result"]["phases"]["finished"]["outcome"], "Completed", "{done}");
    let release = sb.ledger(&id).into_iter().find(|r| r["kind"] == "trade.release").expect("released");
    assert_eq!(release["idempotencyKey"], done["idempotencyKey"], "sent with the key shown");
    let run = sb.escrow(&["trades", "accept-item-condition", "walk-buyer", &id]).expect(3);
    assert!(run.stderr.contains("InvalidTradeState") || run.stderr.contains("400"), "{}", run.stderr);
}

#[test]
fn the_other_ways_a_trade_goes() {
    let sb = Sandbox::start();
    trade_user(&sb, "alt-buyer", "Carl Alt");
    trade_user(&sb, "alt-seller", "Dorte Alt");

    let rejected = trade_id(&sb, "alt-buyer", "alt-seller");
    let run = sb.escrow(&["trades", "reject", "alt-buyer", &rejected]).expect(0);
    assert!(field(&run, "Phase contract").starts_with("Rejected"), "{}", run.stdout);

    let accepted = trade_id(&sb, "alt-buyer", "alt-seller");
    let run = sb.escrow(&["--json", "trades", "accept", "alt-buyer", &accepted]).expect(0).json();
    assert_eq!(run["tradeId"], accepted.as_str());
    let path = format!("/_sandbox/trade/users/alt-buyer/trades/{accepted}/actions");
    sb.control(Method::POST, &path, Some(json!({ "name": "ContactSupport" })));
    sb.escrow(&["trades", "perform-action", "alt-buyer", &accepted, "ContactSupport"]).expect(0);

    let cancelled = trade_id(&sb, "alt-buyer", "alt-seller");
    let out = sb.escrow(&["--json", "trades", "cancel", &cancelled]).expect(0).json();
    assert_eq!(out["action"], "trades cancel", "{out}");

    // Paid, sent, rejected on arrival, the payer partly reimbursed, sent back.
    let returned = trade_id(&sb, "alt-buyer", "alt-seller");
    let pay = sb.escrow(&["trades", "accept-and-pay", "alt-buyer", &returned]).expect(0);
    sb.control(Method::POST, &format!("/_sandbox/trade/payments/{}/paid", field(&pay, "Payment")), None);
    let ship = ["--price", "0", "--provider", "gls", "--max-weight", "5000"];
    let mut args = vec!["trades", "buy-delivery-shipment", "alt-seller", &returned];
    args.extend_from_slice(&ship);
    sb.escrow(&args).expect(0);
    let run = sb.escrow(&["trades", "reject-item-condition", "alt-buyer", &returned, "--reason", "Stel knækket"]);
    assert!(field(&run.expect(0), "Phase return").starts_with("Active"));
    let out = sb.escrow(&["--json", "trades", "reimburse", "alt-buyer", &returned, "--amount", "100"]).expect(0).json();
    assert_eq!(out["action"], "trades reimburse", "{out}");
    let mut args = vec!["trades", "buy-return-shipment", "alt-buyer", &returned];
    args.extend_from_slice(&ship);
    sb.escrow(&args).expect(0);
    let abandoned = trade_id(&sb, "alt-buyer", "alt-seller");
    sb.escrow(&["trades", "abandon", "alt-seller", &abandoned]).expect(0);
    sb.escrow(&["trades", "create", "-F", "title=Half"]).expect(2);
}
