//! The rules on a partly paid deal, where what the deal holds, not the payee's share, bounds
//! what can be reimbursed, and on the sandbox's refusals the dialogs must foresee
//! (`escrow-sandbox`, `v2/transactions/machine.rs`: `change_amount`, `new_payment`).

use super::*;
use serde_json::{Value, json};

/// A Ford of 179,505 with payee fee 4,000 and payer fee `payer_fee`, with `inbound` payments.
fn deal(status: &str, payer_fee: i64, inbound: Value) -> Transaction {
    serde_json::from_value(json!({
        "transactionId": "tx-ford", "status": status, "amount": 179505, "currency": "DKK",
        "fees": { "payee": 4000, "payer": payer_fee, "tenant": 0, "safepay": 0 },
        "payer": { "serviceAccountId": "acc-payer" },
        "payee": { "serviceAccountId": "acc-payee" },
        "payments": {
            "inbound": { "amount": 0, "payments": inbound },
            "outbound": { "amount": 0, "payments": [] },
        },
    }))
    .expect("a transaction")
}

fn authorized(amount: i64) -> Value {
    json!([{ "paymentId": "p1", "amount": amount, "status": "AUTHORIZED" }])
}

/// 50,000 of 179,505 paid in.
fn partly_paid() -> Transaction {
    deal("CREATED", 0, authorized(50000))
}

fn change(amount: &str) -> Move {
    Move::ChangeAmount { amount: amount.into(), payee_fixed_fee: None, payer_fixed_fee: None }
}

fn pay(amount: Option<&str>) -> Move {
    Move::CreatePayment { amount: amount.map(str::to_owned) }
}

fn refusal(c: &Consequence) -> Option<(&str, Option<&str>)> {
    c.blocked.as_ref().map(|b| (b.reason.as_str(), b.amount.as_deref()))
}

#[test]
fn nothing_more_than_the_deal_holds_can_be_reimbursed() {
    let tx = partly_paid();
    for m in [Move::Cancel, change("180000"), Move::Reimburse { amount: "0".into() }, Move::Payout] {
        let c = of_move(&m, &tx, &[]);
        assert_eq!(c.max_reimbursable, "50000.00", "{m:?}");
        assert!(c.summary().contains("reimbursable 50000.00 DKK"), "{}", c.summary());
    }
    assert_eq!(of_debt(Decimal::from(1000), &tx, &[]).max_reimbursable, "50000.00");

    let over = of_move(&Move::Reimburse { amount: "50000.01".into() }, &tx, &[]);
    assert_eq!(refusal(&over), Some(("overReimbursable", Some("50000.00"))));
    assert_eq!(refusal(&of_move(&Move::Reimburse { amount: "50000".into() }, &tx, &[])), None);

    // Fully paid, the payee's share bounds it as before.
    let paid = deal("PAID", 0, authorized(179505));
    assert_eq!(of_move(&Move::Cancel, &paid, &[]).max_reimbursable, "175505.00");
    // Nothing paid in, nothing reimbursable.
    assert_eq!(of_move(&Move::Cancel, &deal("CREATED", 0, json!([])), &[]).max_reimbursable, "0.00");
}

#[test]
fn with_an_authorized_payment_the_amount_can_only_be_raised() {
    let tx = partly_paid();
    let lowered = of_move(&change("40000"), &tx, &[]);
    assert_eq!(refusal(&lowered), Some(("onlyRaise", Some("179505.00"))));
    assert!(lowered.summary().ends_with("expected refusal: onlyRaise"), "{}", lowered.summary());
    assert_eq!(refusal(&of_move(&change("179504.99"), &tx, &[])), Some(("onlyRaise", Some("179505.00"))));
    assert_eq!(refusal(&of_move(&change("200000"), &tx, &[])), None);

    // The costs are checked first, as the sandbox does.
    assert_eq!(refusal(&of_move(&change("3000"), &tx, &[])), Some(("belowCommitted", Some("4000.00"))));

    // Nothing authorized: lowering is allowed.
    let unpaid = deal("CREATED", 0, json!([{ "paymentId": "p1", "amount": 50000, "status": "INPROGRESS" }]));
    assert_eq!(refusal(&of_move(&change("40000"), &unpaid, &[])), None);
}

#[test]
fn the_amount_never_goes_below_what_the_payer_authorized_with_the_payer_fee() {
    // Paid in full with a payer fee of 1,000: dropping the fee would leave the amount below it.
    let tx = deal("PAID", 1000, authorized(180505));
    let m = Move::ChangeAmount { amount: "179505".into(), payee_fixed_fee: None, payer_fixed_fee: Some("0".into()) };
    assert_eq!(refusal(&of_move(&m, &tx, &[])), Some(("belowAuthorized", Some("180505.00"))));
    let m = Move::ChangeAmount { amount: "180505".into(), payee_fixed_fee: None, payer_fixed_fee: Some("0".into()) };
    assert_eq!(refusal(&of_move(&m, &tx, &[])), None);
}

#[test]
fn a_new_payment_is_at_most_what_remains_to_pay() {
    let tx = deal("CREATED", 250, authorized(50000));
    // 179,505 + 250 − 50,000 remains.
    let rest = of_move(&pay(None), &tx, &[]);
    assert_eq!((refusal(&rest), rest.payer_owes.as_str()), (None, "0.00"));
    let part = of_move(&pay(Some("100000")), &tx, &[]);
    assert_eq!((refusal(&part), part.payer_owes.as_str()), (None, "29755.00"));
    assert_eq!(refusal(&of_move(&pay(Some("129755")), &tx, &[])), None);
    let over = of_move(&pay(Some("129755.01")), &tx, &[]);
    assert_eq!(refusal(&over), Some(("overRemaining", Some("129755.00"))));
    assert_eq!(refusal(&of_move(&pay(Some("0")), &tx, &[])), Some(("overRemaining", Some("129755.00"))));

    let paid = deal("PAID", 0, authorized(179505));
    assert_eq!(refusal(&of_move(&pay(None), &paid, &[])), Some(("nothingToPay", None)));
    let cancelled = deal("CANCELLED", 0, json!([{ "paymentId": "p1", "amount": 50000, "status": "RETURNED" }]));
    assert_eq!(refusal(&of_move(&pay(Some("1000")), &cancelled, &[])), Some(("closed", None)));
}

#[test]
fn the_breakdown_marks_the_split_payouts_taken_from_the_payees_share_changed_or_not() {
    let tx = deal("PAID", 0, authorized(179505));
    let split = |id: &str, status: &str| -> SplitPayout {
        serde_json::from_value(json!({
            "splitPayoutId": id, "amount": 2495, "recipient": "TENANT", "timing": "ON_CLOSE",
            "status": status, "created": "2026-01-01T00:00:00Z"
        }))
        .expect("a split payout")
    };
    let splits = [split("sp-tenant", "PENDING"), split("sp-gone", "CANCELLED")];
    let m = Move::CreateSplitPayout { amount: "1000".into(), recipient: "PAYEE".into(), timing: None };
    let c = of_move(&m, &tx, &splits);
    let from_share =
        |id: &str| c.splits.iter().find(|s| s.split_payout_id == id).map(|s| (s.effect.as_str(), s.from_share));
    assert_eq!(from_share("sp-tenant"), Some(("unchanged", true)), "it already takes 2,495 from the payee");
    assert_eq!(from_share("sp-gone"), Some(("unchanged", false)), "a cancelled one takes nothing");
    assert_eq!(c.payee_net, "172010.00", "179,505 − 4,000 fee − 2,495 − the new 1,000");
}
