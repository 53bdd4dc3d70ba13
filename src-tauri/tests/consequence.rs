//! The consequence panels' numbers (payee's net, split payouts, refund, maximum
//! reimbursable) on the showcase Tesla and its variations, by the sandbox's money model.

use escrow_api::{SplitPayout, Transaction};
use escrow_desk::consequence::{Consequence, of_create, of_debt, of_move};
use escrow_desk::transactions::actions::TransactionAction;
use rust_decimal::Decimal;
use serde_json::{Value, json};

const TX: &str = "tx-tesla";

/// The showcase deal: 289,500 paid in full, payee fee 495, a pending ON_CLOSE split of 2,495.
fn tesla(outbound: Value, debt: Value) -> Transaction {
    serde_json::from_value(json!({
        "transactionId": TX, "status": "PAID", "amount": 289500, "currency": "DKK",
        "fees": { "payee": 495, "payer": 0, "tenant": 0, "safepay": 0 },
        "payer": { "serviceAccountId": "acc-payer", "name": "Mette Kjær Nielsen" },
        "payee": { "serviceAccountId": "acc-payee", "name": "Bilhuset Vejle ApS" },
        "autoInformation": { "debt": debt },
        "payments": {
            "inbound": { "amount": 289500, "payments": [
                { "paymentId": "p1", "amount": 289500, "status": "AUTHORIZED" },
            ] },
            "outbound": { "amount": 0, "payments": outbound },
        },
    }))
    .unwrap()
}

fn split(id: &str, amount: i64, timing: &str, status: &str, created: &str) -> Value {
    json!({ "splitPayoutId": id, "amount": amount, "recipient": "TENANT", "timing": timing, "status": status, "created": created })
}

fn splits(list: Vec<Value>) -> Vec<SplitPayout> {
    serde_json::from_value(Value::Array(list)).unwrap()
}

fn prep() -> Value {
    split("sp-prep", 2495, "ON_CLOSE", "PENDING", "2026-11-24T10:00:00Z")
}

fn payout() -> TransactionAction {
    TransactionAction::Payout { transaction_id: TX.into(), service_account_id: "acc-payee".into(), amount: None }
}

fn run(action: TransactionAction, tx: &Transaction, sp: &[SplitPayout]) -> Consequence {
    let (target, m) = action.money_move().expect("a money move");
    assert_eq!(target, TX);
    of_move(&m, tx, sp)
}

#[test]
fn payout_gives_the_payee_amount_less_fee_splits_and_reimbursed_and_releases_pending_splits() {
    let tx = tesla(json!([]), Value::Null);
    let c = run(payout(), &tx, &splits(vec![prep()]));
    assert_eq!(c.payee_net, "286510.00");
    assert_eq!(c.max_reimbursable, "286510.00");
    assert_eq!(c.splits[0].effect, "released");
    assert!(c.blocked.is_none());
    assert!(c.summary().contains("payee receives 286510.00 DKK"), "{}", c.summary());

    // After a reimbursement of 1,500 to the payer: the 285,010.
    let reimbursed = tesla(
        json!([{ "payee": { "serviceAccountId": "acc-payer" }, "amount": 1500, "status": "SCHEDULED" }]),
        Value::Null,
    );
    let c = run(payout(), &reimbursed, &splits(vec![prep()]));
    assert_eq!(c.payee_net, "285010.00");
    assert_eq!(c.reimbursed, "1500.00");
}

#[test]
fn payout_is_refused_up_front_while_unpaid_or_overfunded() {
    let mut unpaid: Value = serde_json::to_value(tesla(json!([]), Value::Null)).unwrap();
    unpaid["payments"]["inbound"]["payments"][0]["status"] = json!("INPROGRESS");
    let unpaid: Transaction = serde_json::from_value(unpaid).unwrap();
    let b = run(payout(), &unpaid, &[]).blocked.unwrap();
    assert_eq!((b.reason.as_str(), b.amount.as_deref()), ("notPaid", Some("289500.00")));

    let mut over: Value = serde_json::to_value(tesla(json!([]), Value::Null)).unwrap();
    over["payments"]["inbound"]["payments"][0]["amount"] = json!(290000);
    let over: Transaction = serde_json::from_value(over).unwrap();
    let b = run(payout(), &over, &[]).blocked.unwrap();
    assert_eq!((b.reason.as_str(), b.amount.as_deref()), ("excess", Some("500.00")));
}

#[test]
fn reimburse_shows_the_maximum_and_refuses_more() {
    let tx = tesla(json!([]), Value::Null);
    let sp = splits(vec![prep()]);
    let ok = run(TransactionAction::Reimburse { transaction_id: TX.into(), amount: "1500.00".into() }, &tx, &sp);
    assert_eq!((ok.to_payer.as_str(), ok.payee_net.as_str()), ("1500.00", "285010.00"));
    assert!(ok.blocked.is_none());
    let too_much =
        run(TransactionAction::Reimburse { transaction_id: TX.into(), amount: "286510.01".into() }, &tx, &sp);
    let b = too_much.blocked.unwrap();
    assert_eq!((b.reason.as_str(), b.amount.as_deref()), ("overReimbursable", Some("286510.00")));
}

#[test]
fn cancel_returns_escrow_to_the_payer_keeps_next_payout_splits_and_cancels_on_close_ones() {
    let tx = tesla(json!([]), Value::Null);
    let sp = splits(vec![prep(), split("sp-next", 1000, "NEXT_PAYOUT", "PENDING", "2026-11-24T11:00:00Z")]);
    let cancel = TransactionAction::Cancel {
        transaction_id: TX.into(),
        service_account_id: "acc-payer".into(),
        reason: None,
        amount: None,
    };
    let c = run(cancel, &tx, &sp);
    assert_eq!(c.to_payer, "288500.00");
    assert_eq!(c.payee_net, "0.00");
    let effects: Vec<_> = c.splits.iter().map(|s| (s.split_payout_id.as_str(), s.effect.as_str())).collect();
    assert_eq!(effects, [("sp-prep", "cancelled"), ("sp-next", "kept")]);
}

#[test]
fn split_payouts_come_out_of_the_share_and_cancelling_one_gives_it_back() {
    let tx = tesla(json!([]), Value::Null);
    let sp = splits(vec![prep()]);
    let create = TransactionAction::CreateSplitPayout {
        transaction_id: TX.into(),
        amount: "10000.00".into(),
        recipient: "TENANT".into(),
        timing: None,
    };
    let c = run(create, &tx, &sp);
    assert_eq!(c.payee_net, "276510.00");
    assert_eq!(c.splits.last().map(|s| s.effect.as_str()), Some("planned"));
    let cancel = TransactionAction::CancelSplitPayout { transaction_id: TX.into(), split_payout_id: "sp-prep".into() };
    assert_eq!(run(cancel, &tx, &sp).payee_net, "289005.00");
}

#[test]
fn debt_plans_a_settlement_that_replaces_the_pending_one_and_can_never_be_cancelled() {
    let tx = tesla(json!([]), json!({ "amount": 10000, "splitPayoutId": "sp-debt" }));
    let sp = splits(vec![
        prep(),
        json!({ "splitPayoutId": "sp-debt", "amount": 10000, "recipient": "PAYEE", "timing": "ON_CLOSE", "status": "PENDING" }),
    ]);
    assert_eq!(run(payout(), &tx, &sp).payee_net, "276510.00");
    let c = of_debt(Decimal::from(50000), &tx, &sp);
    assert_eq!(c.payee_net, "236510.00");
    let effects: Vec<_> = c.splits.iter().map(|s| (s.effect.as_str(), s.debt_settlement)).collect();
    assert_eq!(effects, [("unchanged", false), ("cancelled", true), ("planned", true)]);
    let cancel = TransactionAction::CancelSplitPayout { transaction_id: TX.into(), split_payout_id: "sp-debt".into() };
    assert_eq!(run(cancel, &tx, &sp).blocked.map(|b| b.reason).as_deref(), Some("debtSettlement"));
}

#[test]
fn change_amount_shows_the_new_net_and_what_the_payer_still_owes() {
    let tx = tesla(json!([]), Value::Null);
    let sp = splits(vec![prep()]);
    let raise = TransactionAction::ChangeAmount {
        transaction_id: TX.into(),
        amount: "300000.00".into(),
        payee_fixed_fee: None,
        payer_fixed_fee: Some("100.00".into()),
    };
    let c = run(raise, &tx, &sp);
    assert_eq!((c.payee_net.as_str(), c.payer_owes.as_str()), ("297010.00", "10600.00"));
    let below = TransactionAction::ChangeAmount {
        transaction_id: TX.into(),
        amount: "2000.00".into(),
        payee_fixed_fee: None,
        payer_fixed_fee: None,
    };
    let b = run(below, &tx, &sp).blocked.unwrap();
    assert_eq!((b.reason.as_str(), b.amount.as_deref()), ("belowCommitted", Some("2990.00")));
}

#[test]
fn a_closed_deal_blocks_every_money_move() {
    let mut closed: Value = serde_json::to_value(tesla(json!([]), Value::Null)).unwrap();
    closed["status"] = json!("SUCCEEDED");
    let closed: Transaction = serde_json::from_value(closed).unwrap();
    let r = TransactionAction::Reimburse { transaction_id: TX.into(), amount: "1.00".into() };
    assert_eq!(run(r, &closed, &[]).blocked.map(|b| b.reason).as_deref(), Some("closed"));
    assert!(TransactionAction::Delete { transaction_id: TX.into() }.money_move().is_none());
}

#[test]
fn a_new_deal_shows_what_the_payer_pays_and_the_payee_receives() {
    let c = of_create(Decimal::from(289500), Decimal::from(495), Decimal::from(100), "DKK", None);
    assert_eq!((c.payee_net.as_str(), c.payer_owes.as_str()), ("289005.00", "289600.00"));
    assert!(c.blocked.is_none());
    let tiny = of_create(Decimal::from(100), Decimal::from(495), Decimal::ZERO, "DKK", None);
    assert_eq!(tiny.blocked.map(|b| b.reason).as_deref(), Some("belowCommitted"));
}

/// The showcase paid on time (09:00) and then `extra` more by transfer at `transferred`.
fn overpaid(extra: i64, transferred: &str) -> Transaction {
    let mut tx: Value = serde_json::to_value(tesla(json!([]), Value::Null)).unwrap();
    tx["payments"]["inbound"]["payments"] = json!([
        { "paymentId": "p1", "amount": 289500, "status": "AUTHORIZED", "authorized": "2026-11-24T09:00:00Z" },
        { "paymentId": "p2", "amount": extra, "status": "AUTHORIZED", "authorized": transferred },
    ]);
    serde_json::from_value(tx).unwrap()
}

#[test]
fn an_overpayment_after_a_split_payout_was_planned_is_all_excess() {
    // The tenant's 2,495 was planned at 10:00 out of the payee's share; 3,000 more came at 12:00.
    let tx = overpaid(3000, "2026-11-24T12:00:00Z");
    let sp = splits(vec![prep()]);
    let c = run(payout(), &tx, &sp);
    let b = c.blocked.unwrap();
    assert_eq!((b.reason.as_str(), b.amount.as_deref()), ("excess", Some("3000.00")));
    assert_eq!(c.payee_net, "286510.00");
    let back = TransactionAction::CreateSplitPayout {
        transaction_id: TX.into(),
        amount: "3000.00".into(),
        recipient: "PAYER".into(),
        timing: None,
    };
    let c = run(back, &tx, &sp);
    assert!(c.blocked.is_none(), "the whole excess can be split out: {:?}", c.blocked);
    assert_eq!(c.payee_net, "286510.00", "from the excess, not the payee's share");
}

#[test]
fn a_split_payout_planned_after_an_overpayment_was_paid_from_the_excess() {
    // 3,000 too much by 09:30; the 2,495 planned at 10:00 took it from the excess.
    let tx = overpaid(3000, "2026-11-24T09:30:00Z");
    let c = run(payout(), &tx, &splits(vec![prep()]));
    let b = c.blocked.unwrap();
    assert_eq!((b.reason.as_str(), b.amount.as_deref()), ("excess", Some("505.00")));
    assert_eq!(c.payee_net, "289005.00");
}

#[test]
fn the_debt_settlement_is_never_paid_from_the_excess() {
    let tx = overpaid(30000, "2026-11-24T09:30:00Z");
    let mut tx: Value = serde_json::to_value(tx).unwrap();
    tx["autoInformation"]["debt"] = json!({ "amount": 10000, "splitPayoutId": "sp-debt" });
    let tx: Transaction = serde_json::from_value(tx).unwrap();
    let debt = json!({ "splitPayoutId": "sp-debt", "amount": 10000, "recipient": "PAYEE", "timing": "ON_CLOSE",
        "status": "PENDING", "created": "2026-11-24T11:00:00Z" });
    let c = run(payout(), &tx, &splits(vec![debt]));
    assert_eq!(c.payee_net, "279005.00", "289,500 − 495 − the debt");
    assert_eq!(c.blocked.and_then(|b| b.amount).as_deref(), Some("30000.00"));
}

#[test]
fn a_new_auto_deal_with_debt_promises_what_registering_the_debt_on_it_would() {
    let fresh: Transaction = serde_json::from_value(json!({
        "transactionId": "tx-new", "status": "CREATED", "amount": 199900, "currency": "DKK",
        "fees": { "payee": 1250, "payer": 150, "tenant": 0, "safepay": 0 },
    }))
    .unwrap();
    let review =
        of_create(Decimal::from(199900), Decimal::from(1250), Decimal::from(150), "DKK", Some(Decimal::from(45000)));
    let registered = of_debt(Decimal::from(45000), &fresh, &[]);
    assert_eq!(review.payee_net, "153650.00", "amount − payee fee − debt");
    assert_eq!(
        (review.payee_net.as_str(), review.payer_owes.as_str()),
        (registered.payee_net.as_str(), registered.payer_owes.as_str())
    );
    assert_eq!(review.splits, registered.splits, "the same debt settlement line");
    assert_eq!(review.kind, "createTransaction");
}
