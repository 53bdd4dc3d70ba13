use super::*;

fn at(day: u32) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(&format!("2026-11-{day:02}T12:00:00Z")).map(|d| d.with_timezone(&Utc)).unwrap()
}

fn rules(d: &Deal, now: DateTime<Utc>) -> Vec<Rule> {
    evaluate(d, now, &Thresholds::default()).into_iter().map(|h| h.rule).collect()
}

fn deal(status: &str) -> Deal {
    Deal { status: status.into(), amount_e4: Some(1_000_000), owed_e4: Some(1_010_000), ..Default::default() }
}

#[test]
fn a_paid_deal_past_its_expected_completion_wants_a_payout() {
    let d = Deal { expected_completion: Some(at(10)), paid_in_e4: Some(1_010_000), ..deal("PAID") };
    assert_eq!(rules(&d, at(10)), Vec::<Rule>::new(), "not before the day is over");
    assert_eq!(rules(&d, at(12)), vec![Rule::PaidOverdue]);
    let waiting = Thresholds { overdue_days: 5, ..Default::default() };
    assert!(evaluate(&d, at(12), &waiting).is_empty(), "the grace days are a setting");
    assert!(rules(&Deal { status: "SUCCEEDED".into(), ..d.clone() }, at(20)).is_empty(), "closed deals never");
}

#[test]
fn a_deal_unpaid_for_more_than_n_days_wants_its_link_again() {
    let d = Deal { created: Some(at(1)), ..deal("CREATED") };
    assert!(rules(&d, at(8)).is_empty(), "7 days is the default");
    assert_eq!(rules(&d, at(9)), vec![Rule::AwaitingPayment]);
    let strict = Thresholds { unpaid_days: 2, ..Default::default() };
    assert_eq!(evaluate(&d, at(4), &strict)[0].rule, Rule::AwaitingPayment);
    assert!(rules(&Deal { status: "PAID".into(), ..d }, at(20)).is_empty());
}

#[test]
fn overfunded_counts_the_excess_not_yet_sent_back() {
    let d = Deal { paid_in_e4: Some(1_060_000), ..deal("PAID") };
    let hits = evaluate(&d, at(1), &Thresholds::default());
    assert_eq!(hits[0].rule, Rule::Overfunded);
    assert_eq!(hits[0].excess_e4, Some(50_000));
    let split_out = Deal { excess_e4: Some(0), ..d.clone() };
    assert!(rules(&split_out, at(1)).is_empty(), "the excess split out (to anyone) resolves it");
    let partly = Deal { excess_e4: Some(20_000), ..d.clone() };
    assert_eq!(evaluate(&partly, at(1), &Thresholds::default())[0].excess_e4, Some(20_000), "the checked figure wins");
    let exact = Deal { paid_in_e4: Some(1_010_000), ..d };
    assert!(rules(&exact, at(1)).is_empty());
}

#[test]
fn a_failed_payment_matters_only_while_the_deal_is_unpaid() {
    let d = Deal { failed_payments: Some(1), ..deal("CREATED") };
    assert_eq!(rules(&d, at(1)), vec![Rule::PaymentFailed]);
    assert!(rules(&Deal { status: "PAID".into(), ..d.clone() }, at(1)).is_empty());
    assert!(rules(&Deal { failed_payments: None, ..d }, at(1)).is_empty(), "not checked yet: no item");
}

#[test]
fn a_split_payout_pending_too_long() {
    let d = Deal { pending_splits: Some(1), oldest_pending_split: Some(at(1)), ..deal("PAID") };
    assert!(rules(&d, at(3)).is_empty());
    assert_eq!(rules(&d, at(5)), vec![Rule::SplitPending]);
}

#[test]
fn auto_deals_want_debt_information_and_a_signed_bill_of_sale() {
    let d = Deal { auto: true, bill_of_sale: "unsigned".into(), ..deal("PAID") };
    assert_eq!(rules(&d, at(1)), vec![Rule::DebtMissing, Rule::BillOfSaleUnsigned]);
    let done = Deal { has_debt: true, bill_of_sale: "signed".into(), ..d.clone() };
    assert!(rules(&done, at(1)).is_empty());
    let unknown = Deal { has_debt: true, bill_of_sale: "enabled".into(), ..d };
    assert!(rules(&unknown, at(1)).is_empty(), "a state the service did not tell is no item");
}

#[test]
fn a_cancelled_or_paid_out_deal_never_needs_attention_whatever_the_mirror_last_knew() {
    // A paid Auto deal with every reason to be in the queue, then closed.
    let busy = Deal {
        auto: true,
        paid_in_e4: Some(1_060_000),
        created: Some(at(1)),
        expected_completion: Some(at(2)),
        failed_payments: Some(2),
        pending_splits: Some(1),
        oldest_pending_split: Some(at(1)),
        excess_e4: Some(50_000),
        bill_of_sale: "unsigned".into(),
        ..deal("PAID")
    };
    assert!(!rules(&busy, at(20)).is_empty());
    for closed in ["CANCELLED", "SUCCEEDED"] {
        assert!(rules(&Deal { status: closed.into(), ..busy.clone() }, at(20)).is_empty(), "{closed}");
    }
    // A status this app does not know: no rule that needs a known one (paid, unpaid) fires.
    let unknown =
        rules(&Deal { status: "ON_HOLD".into(), excess_e4: Some(0), pending_splits: Some(0), ..busy }, at(20));
    assert_eq!(unknown, vec![Rule::BillOfSaleUnsigned]);
}

#[test]
fn rule_names_round_trip() {
    for r in ALL {
        assert_eq!(Rule::parse(r.as_str()), Some(r));
    }
    assert_eq!(Rule::parse("nope"), None);
}
