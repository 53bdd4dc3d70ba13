//! The trade API end to end: a business user, a hosted connect, an exactly-once trade,
//! accept-and-pay, a covered label, the item accepted and the money released to the payee.

mod common;

use common::ACME_KEY;
use common::trade::{
    actions, business_user, connected, dec, finished_outcome, ledger_of, mark_paid, new_trade, no_redirects, opts,
    shipment,
};
use escrow_api::trade::{self, PaymentToEscrowState, TradeConnectRequest, TradePageQuery, TradePaymentFlowRequest};
use escrow_api::{CallOptions, ErrorBody, IdempotencyKey};

#[tokio::test]
async fn full_walk_connect_pay_ship_accept_releases_to_the_payee() {
    let sb = common::start().await;
    let api = sb.client(ACME_KEY).trade();

    // A business user.
    let bu = api.create_business_user(&business_user("12345678"), &opts()).await.unwrap().value;
    assert_eq!(bu.business_id.as_deref(), Some("12345678"));
    assert!(bu.user_id.is_some() && bu.service_user_id.is_some());
    assert_eq!(bu.bank_account.unwrap().account_number.as_deref(), Some("00400440116243"), "IBAN sent without spaces");

    // The seller connects through the hosted page; the buyer through the control API.
    let connect = TradeConnectRequest {
        success_url: "https://shop.example.dk/connected".into(),
        cancel_url: "https://shop.example.dk/cancel".into(),
        app_switch: None,
        marketplace_user_id: "seller-1".into(),
        required_kyc_level: Some(2),
    };
    let link = api.initiate_user_connect(&connect, false, &opts()).await.unwrap().value;
    let http = no_redirects();
    let page = http.get(&link.url).send().await.unwrap();
    assert_eq!(page.status(), 200);
    assert!(page.text().await.unwrap().contains("Connect"));
    let done = http
        .post(&link.url)
        .header("content-type", "application/x-www-form-urlencoded")
        .body("name=Sofie+Larsen&phoneNumber=%2B4522334455&streetName=N%C3%B8rregade&houseNumber=4&postNumber=5000&city=Odense+C&action=connect")
        .send()
        .await
        .unwrap();
    assert_eq!(done.status(), 303);
    assert_eq!(done.headers()["location"], "https://shop.example.dk/connected");
    assert_eq!(
        http.post(&link.url).body("action=connect").send().await.unwrap().status(),
        410,
        "a connect link works once"
    );
    let seller = api.get_user("seller-1", &opts()).await.unwrap();
    assert!(seller.has_completed_onboarding);
    assert_eq!(seller.name.as_deref(), Some("Sofie Larsen"));
    assert_eq!(seller.bank_account.unwrap().account_number.unwrap().len(), 14);
    connected(&sb, ACME_KEY, "buyer-1", "Jens Olsen").await;

    // Initiate, exactly once per key.
    let key = IdempotencyKey::generate();
    let first = api
        .initiate_trade(&new_trade("buyer-1", "seller-1"), &CallOptions::with_idempotency_key(key.clone()))
        .await
        .unwrap();
    let again = api
        .initiate_trade(&new_trade("buyer-1", "seller-1"), &CallOptions::with_idempotency_key(key.clone()))
        .await
        .unwrap();
    assert_eq!(first.value.trade_id, again.value.trade_id);
    assert!(!first.meta.replayed && again.meta.replayed);
    assert_eq!(first.meta.idempotency_key.as_deref(), Some(key.as_str()), "keyed although the spec shows no key");
    let id = first.value.trade_id;
    let page = api.get_trades("buyer-1", TradePageQuery::default(), &opts()).await.unwrap();
    assert_eq!(page.trades.len(), 1, "the replay made no second trade");
    assert_eq!(page.pagination.unwrap().page_size, Some(20));

    // The invitation, as each party sees it.
    let t = api.get_trade("buyer-1", &id, &opts()).await.unwrap();
    assert_eq!(t.price, Some(dec("1000")));
    let payer = t.payer.clone().unwrap();
    assert_eq!(payer.name.as_deref(), Some("Jens Olsen"));
    let fees = payer.fees.unwrap();
    assert_eq!(
        (fees.fixed_amount, fees.variable_amount, fees.amount),
        (Some(dec("10")), Some(dec("25")), Some(dec("35")))
    );
    let status = payer.status.unwrap();
    assert!(status.has_pending_action && status.deadline.is_some() && status.deadline_description.is_some());
    assert!(status.actions.iter().any(|a| a.name == "AcceptAndPay"));
    assert!(!t.payee.as_ref().unwrap().status.as_ref().unwrap().has_pending_action);
    assert_eq!(t.payee.as_ref().unwrap().city.as_deref(), Some("Odense C"));
    assert_eq!(t.phases.as_ref().unwrap().contract.as_ref().unwrap().state.as_deref(), Some("Active"));
    assert!(
        api.get_payment("buyer-1", &id, &opts()).await.is_err_and(|e| trade::is_not_found(&e)),
        "no payment before accept-and-pay"
    );

    // Accept and pay: a payment to escrow of amount + payer fee.
    let pay_key = IdempotencyKey::generate();
    let payment = api
        .accept_trade_and_pay("buyer-1", &id, Some("shop-7"), &CallOptions::with_idempotency_key(pay_key.clone()))
        .await
        .unwrap();
    assert_eq!(payment.value.amount, Some(dec("1035")));
    assert!(!payment.value.is_paid);
    assert_eq!(payment.value.state, Some(PaymentToEscrowState::Pending));
    let replay = api
        .accept_trade_and_pay("buyer-1", &id, Some("shop-7"), &CallOptions::with_idempotency_key(pay_key))
        .await
        .unwrap();
    assert!(replay.meta.replayed);
    assert_eq!(replay.value.external_id, payment.value.external_id);
    let flow = TradePaymentFlowRequest {
        success_url: "https://shop.example.dk/paid".into(),
        cancel_url: "https://shop.example.dk/c".into(),
        app_switch: None,
    };
    let pay_link =
        api.initiate_payment_flow("buyer-1", &payment.value.external_id, &flow, &opts()).await.unwrap().value;
    assert!(pay_link.url.starts_with(&sb.running.url));
    assert_eq!(mark_paid(&sb, ACME_KEY, &payment.value.external_id).await.0, 200);
    let paid = api.get_payment("seller-1", &id, &opts()).await.unwrap();
    assert!(paid.is_paid);
    assert_eq!(paid.state, Some(PaymentToEscrowState::Paid));
    assert_eq!(mark_paid(&sb, ACME_KEY, &payment.value.external_id).await.0, 400, "paid once");

    // Delivery: the seller buys a label (priced 0: covered by the trade).
    let t = api.get_trade("seller-1", &id, &opts()).await.unwrap();
    assert_eq!(actions(&t, false), vec!["BuyDeliveryShipment", "Abandon"]);
    let seller_status = t.payee.unwrap().status.unwrap();
    let paid_at = t.phases.unwrap().contract.unwrap().completed.unwrap();
    assert_eq!(
        seller_status.deadline,
        Some(paid_at + chrono::Duration::minutes(2880)),
        "allowedTimeForItemDeliveryInMinutes"
    );
    let err = api.accept_item_condition("buyer-1", &id, &opts()).await.unwrap_err();
    assert_eq!(
        err.body()
            .and_then(|b| match b {
                ErrorBody::Problem(p) => p.type_code.clone(),
                _ => None,
            })
            .as_deref(),
        Some("InvalidTradeState"),
        "not sent yet"
    );
    let label = api.buy_delivery_shipment("seller-1", &id, &shipment("0", "postnord"), &opts()).await.unwrap().value;
    assert!(label.is_paid);
    let t = api.get_trade("buyer-1", &id, &opts()).await.unwrap();
    assert_eq!(actions(&t, true), vec!["AcceptItemCondition", "RejectItemCondition"]);

    // Item condition accepted: finished, money released to the payee.
    let done = api.accept_item_condition("buyer-1", &id, &opts()).await.unwrap();
    assert_eq!(finished_outcome(&done.value).as_deref(), Some("Completed"));
    assert!(!done.value.payer.as_ref().unwrap().status.as_ref().unwrap().has_pending_action);
    let timeline = &done.value.payee.as_ref().unwrap().timeline;
    assert!(timeline.len() >= 4 && timeline.iter().all(|e| e.time.is_some() && e.text.is_some()));
    assert!(timeline.iter().any(|e| e.text.as_deref().unwrap().contains("950")), "{timeline:?}");
    let ledger = sb.ledger(ACME_KEY).await;
    assert_eq!(ledger_of(&ledger, &id), vec![("trade.payment", "1035.00"), ("trade.release", "950.00")]);
    let release = ledger.iter().find(|r| r["kind"] == "trade.release").unwrap();
    assert_eq!(release["idempotencyKey"], done.meta.idempotency_key.unwrap().as_str());
}
