//! The phase machine's money: what each path pays out, refunds and records.

use super::*;

fn d(s: &str) -> Decimal {
    s.parse().unwrap()
}

fn trade() -> TradeDoc {
    TradeDoc {
        trade_id: "t1".into(),
        created: "2026-01-01T10:00:00.000Z".into(),
        created_by: "Marketplace".into(),
        title: "Cykel".into(),
        description: "Brugt cykel".into(),
        amount: d("1000"),
        payer_fee: d("2.5"),
        payer_fixed_fee: d("10"),
        payee_fee: d("5"),
        payee_fixed_fee: d("0"),
        payer_id: "buyer".into(),
        payee_id: "seller".into(),
        reference_id: None,
        checkout_key: None,
        delivery_by_hand_allowed: false,
        shipping: None,
        return_shipping: None,
        success_url: "https://x".into(),
        cancel_url: "https://x".into(),
        checkout_type: None,
        image_urls: vec![],
        app_switch: None,
        allowed_minutes: Some(60),
        prioritized_payees: None,
        stage: Stage::InvitationPending,
        receiver_shop_id: None,
        payment_id: None,
        paid: Decimal::ZERO,
        reimbursed: Decimal::ZERO,
        delivery: None,
        return_shipment: None,
        rejection_reason: None,
        accepted_at: None,
        paid_at: None,
        sent_at: None,
        inspected_at: None,
        finished_at: None,
        events: vec![],
        extra_actions: vec![],
    }
}

fn payment(t: &TradeDoc, purpose: &str, amount: Decimal) -> PaymentDoc {
    PaymentDoc {
        external_id: "p".into(),
        trade_id: t.trade_id.clone(),
        purpose: purpose.into(),
        payer_id: t.payer_id.clone(),
        amount,
        state: "Pending".into(),
        created: t.created.clone(),
        paid_at: None,
    }
}

fn ship(price: &str) -> Shipment {
    Shipment {
        provider: "gls".into(),
        price: d(price),
        weight_grams: 1000,
        payment_id: "s".into(),
        tracking_number: "GLS1".into(),
        bought: "2026-01-01T11:00:00.000Z".into(),
    }
}

const AT: &str = "2026-01-01T11:00:00.000Z";

#[test]
fn happy_path_releases_amount_less_payee_fee() {
    let mut t = trade();
    assert_eq!(t.payer_total(), d("1035.00"));
    assert!(t.accept("seller", AT).is_err(), "only the payer accepts");
    t.accept_for_payment("buyer", AT).unwrap();
    let p = payment(&t, "escrow", t.payer_total());
    assert_eq!(t.payment_paid(&p, AT).unwrap(), vec![Effect { kind: "trade.payment", amount: d("1035.00") }]);
    assert_eq!(t.status(Role::Payee)["deadline"], json!("2026-01-01T12:00:00.000Z"), "paid + 60 minutes");
    assert!(t.accept_item("buyer", AT).is_err(), "not sent yet");
    t.buy_shipment("seller", "delivery", ship("0"), AT).unwrap();
    assert_eq!(t.stage, Stage::ItemSent);
    assert_eq!(t.actions(Role::Payer), vec!["AcceptItemCondition", "RejectItemCondition"]);
    assert_eq!(t.accept_item("buyer", AT).unwrap(), vec![Effect { kind: "trade.release", amount: d("950.00") }]);
    assert!(t.stage.finished());
    assert!(t.cancel(AT).is_err());
    assert_eq!(t.status(Role::Payer)["hasPendingAction"], json!(false));
}

#[test]
fn return_refunds_what_is_left_after_reimbursement() {
    let mut t = trade();
    t.accept("buyer", AT).unwrap();
    t.payment_paid(&payment(&t, "escrow", d("1035")), AT).unwrap();
    t.reimburse("buyer", d("35"), AT).unwrap();
    assert!(t.reimburse("buyer", d("1000.01"), AT).is_err(), "more than is left");
    t.buy_shipment("seller", "delivery", ship("0"), AT).unwrap();
    t.reject_item("buyer", "Ridset", AT).unwrap();
    t.buy_shipment("buyer", "return", ship("49"), AT).unwrap();
    assert_eq!(t.stage, Stage::ReturnShipmentPending);
    let effects = t.payment_paid(&payment(&t, "return", d("49")), AT).unwrap();
    assert_eq!(effects[1], Effect { kind: "trade.refund", amount: d("1000") });
    assert_eq!(t.stage, Stage::Refunded);
    assert_eq!(t.json(None, None)["phases"]["return"]["state"], json!("Completed"));
}

#[test]
fn full_reimbursement_finishes_and_cancel_refunds() {
    let mut t = trade();
    t.accept("buyer", AT).unwrap();
    t.payment_paid(&payment(&t, "escrow", d("1035")), AT).unwrap();
    t.reimburse("buyer", d("1035"), AT).unwrap();
    assert_eq!(t.stage, Stage::Reimbursed);

    let mut t = trade();
    t.accept("buyer", AT).unwrap();
    t.payment_paid(&payment(&t, "escrow", d("1035")), AT).unwrap();
    assert_eq!(t.cancel(AT).unwrap(), vec![Effect { kind: "trade.refund", amount: d("1035") }]);
    assert!(t.abandon("seller", AT).is_err());
}

#[test]
fn an_extra_action_is_listed_for_its_party_until_that_party_performs_it() {
    let mut t = trade();
    t.add_extra_action("buyer", "SignInsuranceWaiver").unwrap();
    t.add_extra_action("buyer", "SignInsuranceWaiver").unwrap();
    let names = |t: &TradeDoc, role| t.status(role)["actions"].as_array().unwrap().clone();
    assert_eq!(names(&t, Role::Payer).iter().filter(|a| *a == "SignInsuranceWaiver").count(), 1, "listed once");
    assert!(!names(&t, Role::Payee).iter().any(|a| a == "SignInsuranceWaiver"), "not the payee's");
    assert!(
        t.perform_extra_action("seller", "SignInsuranceWaiver", "2026-01-02T10:00:00Z").is_err(),
        "not the payee's to do"
    );
    t.perform_extra_action("buyer", "SignInsuranceWaiver", "2026-01-02T10:00:00Z").unwrap();
    assert!(!names(&t, Role::Payer).iter().any(|a| a == "SignInsuranceWaiver"), "done: no longer listed");
    assert!(t.events.last().unwrap().text.contains("payer did SignInsuranceWaiver"));
    assert!(t.perform_extra_action("buyer", "SignInsuranceWaiver", "2026-01-02T10:00:00Z").is_err(), "once only");
    assert!(t.add_extra_action("stranger", "X").is_err());
}
