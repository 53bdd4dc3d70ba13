//! A deal's money from its record, in every shape the sandbox's money model leaves it
//! (`escrow-sandbox`, `v2/transactions/machine.rs`) and in shapes it never makes.

use super::*;
use serde_json::{Value, json};

const PAYER: &str = "acc-payer";
const PAYEE: &str = "acc-payee";

/// A Tesla of 289,500 with payee fee 495 and payer fee `payer_fee`.
fn deal(status: &str, payer_fee: i64, inbound: Value, outbound: Value) -> Transaction {
    serde_json::from_value(json!({
        "transactionId": "tx-1", "status": status, "amount": 289500, "currency": "DKK",
        "fees": { "payee": 495, "payer": payer_fee, "tenant": 396, "safepay": 99 },
        "payer": { "serviceAccountId": PAYER, "name": "Mette Kjær Nielsen" },
        "payee": { "serviceAccountId": PAYEE, "name": "Bilhuset Vejle ApS" },
        "payments": {
            "inbound": { "amount": 0, "payments": inbound },
            "outbound": { "amount": 0, "payments": outbound },
        },
    }))
    .unwrap()
}

fn pay(amount: i64, status: &str) -> Value {
    json!({ "paymentId": format!("p-{amount}-{status}"), "amount": amount, "status": status })
}

fn out(to: &str, amount: i64, status: &str, text: &str) -> Value {
    json!({ "payee": { "serviceAccountId": to }, "amount": amount, "status": status, "text": text })
}

fn splits(list: Value) -> Vec<SplitPayout> {
    serde_json::from_value(list).unwrap()
}

fn sp(id: &str, amount: i64, timing: &str, status: &str) -> Value {
    json!({ "splitPayoutId": id, "amount": amount, "recipient": "TENANT", "timing": timing, "status": status,
            "created": "2026-11-24T10:00:00Z" })
}

fn flow(total: &str, paid: &str, scheduled: &str) -> Flow {
    Flow { total: total.into(), paid: paid.into(), scheduled: scheduled.into(), other: "0.00".into() }
}

fn none() -> Flow {
    flow("0.00", "0.00", "0.00")
}

#[test]
fn an_open_deal_owes_its_amount_and_payer_fee_until_paid() {
    let m = money_of(&deal("CREATED", 250, json!([]), json!([])), Some(&[]));
    assert_eq!(m.stage, Stage::Open);
    assert_eq!((m.owed.as_str(), m.paid_in.as_str()), ("289750.00", "0.00"));
    assert_eq!(m.remaining.as_deref(), Some("289750.00"));
    assert_eq!((m.to_payer.clone(), m.to_payee.clone(), m.splits.clone()), (none(), none(), Some(none())));
    assert_eq!(m.fees_kept, None, "nothing is kept while the deal is open");
}

#[test]
fn a_partly_paid_deal_counts_authorized_money_and_says_what_is_under_way() {
    let tx =
        deal("CREATED", 0, json!([pay(100000, "AUTHORIZED"), pay(50000, "INPROGRESS"), pay(9, "FAILED")]), json!([]));
    let m = money_of(&tx, Some(&[]));
    assert_eq!(m.paid_in, "100000.00");
    assert_eq!(m.in_progress, "50000.00");
    assert_eq!(m.remaining.as_deref(), Some("189500.00"), "a payment under way is not paid yet");
    assert_eq!(m.excess, "0.00");
}

#[test]
fn a_paid_deal_owes_nothing_and_holds_its_money() {
    let m = money_of(&deal("PAID", 0, json!([pay(289500, "AUTHORIZED")]), json!([])), Some(&[]));
    assert_eq!((m.paid_in.as_str(), m.remaining.as_deref(), m.excess.as_str()), ("289500.00", Some("0.00"), "0.00"));
    assert_eq!((m.held.as_deref(), m.gone_out.as_str()), (Some("289500.00"), "0.00"));
}

#[test]
fn an_overfunded_deal_shows_the_excess_until_it_is_split_out() {
    let tx = deal("PAID", 0, json!([pay(289500, "AUTHORIZED"), pay(3000, "AUTHORIZED")]), json!([]));
    let m = money_of(&tx, Some(&[]));
    assert_eq!((m.paid_in.as_str(), m.excess.as_str()), ("292500.00", "3000.00"));
    assert_eq!(m.remaining.as_deref(), Some("0.00"));
    // Split out after the overpayment: the split payout took the excess.
    let split = json!([{ "splitPayoutId": "sp-x", "amount": 3000, "recipient": "PAYER", "timing": "ON_CLOSE",
                         "status": "PENDING", "created": "2099-01-01T00:00:00Z" }]);
    let m = money_of(&tx, Some(&splits(split)));
    assert_eq!(m.excess, "0.00");
    assert_eq!(m.splits, Some(flow("3000.00", "0.00", "3000.00")));
}

#[test]
fn a_partly_reimbursed_deal_shows_what_went_back_to_the_payer() {
    let tx = deal(
        "PAID",
        0,
        json!([pay(289500, "AUTHORIZED")]),
        json!([out(PAYER, 10000, "PAID", "Reimbursement"), out(PAYER, 1500, "SCHEDULED", "Reimbursement")]),
    );
    let m = money_of(&tx, Some(&[]));
    assert_eq!(m.to_payer, flow("11500.00", "10000.00", "1500.00"));
    assert_eq!(m.to_payee, none());
    assert_eq!(m.remaining.as_deref(), Some("0.00"), "a reimbursement is out of the payee's share, not owed again");
    assert_eq!(m.gone_out, "11500.00", "paid back and scheduled back both leave the deal");
    assert_eq!(m.held.as_deref(), Some("278000.00"), "what the deal still holds");
}

#[test]
fn a_split_payout_paid_before_release_leaves_the_deal_a_pending_one_does_not() {
    let tx = deal("PAID", 0, json!([pay(289500, "AUTHORIZED"), pay(500, "RETURNED")]), json!([]));
    let list = json!([
        { "splitPayoutId": "sp-1", "amount": 2000, "recipient": "TENANT", "timing": "NEXT_PAYOUT",
          "status": "PAID", "created": "2026-01-01T00:00:00Z" },
        { "splitPayoutId": "sp-2", "amount": 7000, "recipient": "TENANT", "timing": "ON_CLOSE",
          "status": "PENDING", "created": "2026-01-01T00:00:00Z" }
    ]);
    let m = money_of(&tx, Some(&splits(list)));
    assert_eq!(m.paid_in, "290000.00");
    assert_eq!(m.gone_out, "2000.00");
    assert_eq!(m.held.as_deref(), Some("287500.00"), "the returned payment and the paid split are not held");
    let closed = money_of(&deal("CANCELLED", 0, json!([pay(289500, "AUTHORIZED")]), json!([])), Some(&[]));
    assert_eq!(closed.held, None, "a closed deal holds nothing in escrow");
}

#[test]
fn a_cancelled_paid_deal_returned_what_was_in_escrow_to_the_payer() {
    // The sandbox's cancel: the payment RETURNED, a refund scheduled; the ON_CLOSE split cancelled.
    let tx = deal(
        "CANCELLED",
        0,
        json!([pay(289500, "RETURNED")]),
        json!([out(PAYER, 289500, "SCHEDULED", "Refund to payer")]),
    );
    let sp = splits(json!([sp("sp-prep", 2495, "ON_CLOSE", "CANCELLED")]));
    let m = money_of(&tx, Some(&sp));
    assert_eq!(m.stage, Stage::Cancelled);
    assert_eq!((m.paid_in.as_str(), m.returned_in.as_str()), ("289500.00", "289500.00"));
    assert_eq!(m.remaining, None, "nothing is owed on a cancelled deal");
    assert_eq!(m.to_payer, flow("289500.00", "0.00", "289500.00"));
    assert_eq!(m.to_payee, none());
    assert_eq!(m.splits, Some(none()));
    assert_eq!(m.fees_kept.as_deref(), Some("0.00"));
    // After the payout run the refund is paid.
    let tx =
        deal("CANCELLED", 0, json!([pay(289500, "RETURNED")]), json!([out(PAYER, 289500, "PAID", "Refund to payer")]));
    assert_eq!(money_of(&tx, Some(&sp)).to_payer, flow("289500.00", "289500.00", "0.00"));
}

#[test]
fn a_cancel_keeps_a_next_payout_split_and_counts_an_earlier_reimbursement_as_returned() {
    let tx = deal(
        "CANCELLED",
        0,
        json!([pay(289500, "RETURNED")]),
        json!([out(PAYER, 10000, "PAID", "Reimbursement"), out(PAYER, 276500, "SCHEDULED", "Refund to payer")]),
    );
    let sp =
        splits(json!([sp("sp-prep", 2495, "ON_CLOSE", "CANCELLED"), sp("sp-next", 3000, "NEXT_PAYOUT", "PENDING")]));
    let m = money_of(&tx, Some(&sp));
    assert_eq!(m.to_payer, flow("286500.00", "10000.00", "276500.00"));
    assert_eq!(m.splits, Some(flow("3000.00", "0.00", "3000.00")));
    assert_eq!(m.fees_kept.as_deref(), Some("0.00"));
}

#[test]
fn a_cancelled_deal_never_paid_has_nothing_to_return() {
    let tx = deal("CANCELLED", 0, json!([pay(289500, "FAILED")]), json!([]));
    let m = money_of(&tx, Some(&[]));
    assert_eq!((m.paid_in.as_str(), m.remaining.as_deref()), ("0.00", None));
    assert_eq!(m.to_payer, none());
    assert_eq!(m.fees_kept.as_deref(), Some("0.00"));
}

#[test]
fn a_returned_payment_stands_for_the_refund_when_no_money_out_is_listed() {
    let tx = deal("CANCELLED", 0, json!([pay(289500, "RETURNED")]), json!([]));
    let m = money_of(&tx, None);
    assert_eq!(m.to_payer, flow("289500.00", "289500.00", "0.00"));
    assert_eq!(m.fees_kept, None, "split payouts not read: what was kept is not known");
}

#[test]
fn a_succeeded_deal_paid_out_the_payee_its_share_split_payouts_and_kept_the_fees() {
    // The sandbox's payout: amount − payee fee − split payouts − reimbursed to the payee.
    let tx = deal(
        "SUCCEEDED",
        150,
        json!([pay(289650, "AUTHORIZED")]),
        json!([out(PAYER, 1500, "PAID", "Reimbursement"), out(PAYEE, 285010, "SCHEDULED", "Payout")]),
    );
    let sp = splits(json!([sp("sp-prep", 2495, "ON_CLOSE", "PAID"), sp("sp-gone", 700, "ON_CLOSE", "CANCELLED")]));
    let m = money_of(&tx, Some(&sp));
    assert_eq!(m.stage, Stage::Succeeded);
    assert_eq!(m.remaining, None);
    assert_eq!(m.to_payee, flow("285010.00", "0.00", "285010.00"));
    assert_eq!(m.to_payer, flow("1500.00", "1500.00", "0.00"));
    assert_eq!(m.splits, Some(flow("2495.00", "2495.00", "0.00")));
    assert_eq!(m.fees_kept.as_deref(), Some("645.00"), "payee fee 495 + payer fee 150");
}

#[test]
fn a_payout_to_someone_the_record_does_not_name_as_a_party_is_counted_apart() {
    let tx = deal("SUCCEEDED", 0, json!([pay(289500, "AUTHORIZED")]), json!([{ "amount": 289005, "status": "PAID" }]));
    let m = money_of(&tx, Some(&[]));
    assert_eq!(m.to_others, flow("289005.00", "289005.00", "0.00"));
    assert_eq!(m.to_payee, none());
}

#[test]
fn statuses_this_app_does_not_know_are_reported_never_counted_as_paid() {
    let tx = deal(
        "ON_HOLD",
        0,
        json!([pay(289500, "AUTHORIZED"), pay(700, "CHARGED_BACK")]),
        json!([out(PAYEE, 5000, "IN_TRANSIT", "Payout"), out(PAYER, 100, "CANCELLED", "Reimbursement")]),
    );
    let sp = splits(json!([sp("sp-1", 300, "NEXT_PAYOUT", "QUEUED")]));
    let m = money_of(&tx, Some(&sp));
    assert_eq!(m.stage, Stage::Unknown);
    assert_eq!((m.paid_in.as_str(), m.unknown_in.as_str()), ("289500.00", "700.00"));
    assert_eq!(m.remaining.as_deref(), Some("0.00"), "an unknown status is not closed: what is owed is still told");
    assert_eq!(
        m.to_payee,
        Flow { total: "5000.00".into(), paid: "0.00".into(), scheduled: "0.00".into(), other: "5000.00".into() }
    );
    assert_eq!(m.to_payer, none(), "a cancelled payout goes nowhere");
    assert_eq!(m.splits.as_ref().map(|s| s.other.as_str()), Some("300.00"));
    assert_eq!(m.fees_kept, None);
    // A closed deal with an unknown payment: what was kept is not claimed.
    let mut v = serde_json::to_value(&tx).unwrap();
    v["status"] = json!("SUCCEEDED");
    let closed: Transaction = serde_json::from_value(v).unwrap();
    assert_eq!(money_of(&closed, Some(&sp)).fees_kept, None);
}

#[test]
fn a_record_listing_no_payments_is_read_from_its_total() {
    let mut v = serde_json::to_value(deal("PAID", 0, json!([]), json!([]))).unwrap();
    v["payments"]["inbound"]["amount"] = json!(289500);
    let tx: Transaction = serde_json::from_value(v).unwrap();
    let m = money_of(&tx, Some(&[]));
    assert_eq!((m.paid_in.as_str(), m.remaining.as_deref()), ("289500.00", Some("0.00")));
}

#[test]
fn the_stages_of_every_status() {
    for (s, stage) in [
        ("CREATED", Stage::Open),
        ("INPROGRESS", Stage::Open),
        ("PAID", Stage::Open),
        ("SUCCEEDED", Stage::Succeeded),
        ("CANCELLED", Stage::Cancelled),
        ("ON_HOLD", Stage::Unknown),
        ("", Stage::Unknown),
    ] {
        assert_eq!(Stage::of_text(s), stage, "{s}");
        assert_eq!(Stage::of_text(s).closed(), matches!(s, "SUCCEEDED" | "CANCELLED"), "{s}");
    }
}
