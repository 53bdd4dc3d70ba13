//! The business-user and trade API: the client against the in-process sandbox over real
//! HTTP — every operation, every bound, field errors, isolation and whole trades.

mod common;

use common::{ACME_KEY, Sandbox};
use escrow_api::trade::{
    self, CreateBusinessUser, CreateTrade, EditBusinessUser, PaymentToEscrowState, ShipmentPurchase, Trade,
    TradeAddress, TradeConnectRequest, TradePageQuery, TradePaymentFlowRequest, TradeRoute, TradeRoutes,
    TradeSelectPayoutAccount, TradeStatusLinkRequest,
};
use escrow_api::{CallOptions, CorrelationId, ErrorBody, ErrorKind, IdempotencyKey};
use escrow_sandbox::DEMO_KEY;
use rust_decimal::Decimal;
use serde_json::{Value, json};

fn dec(s: &str) -> Decimal {
    s.parse().unwrap()
}

fn opts() -> CallOptions {
    CallOptions::default()
}

fn no_redirects() -> reqwest::Client {
    reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap()
}

/// A connected user made through the control API.
async fn connected(sb: &Sandbox, key: &str, id: &str, name: &str) -> String {
    let res = reqwest::Client::new()
        .post(format!("{}/_sandbox/trade/users", sb.running.url))
        .bearer_auth(key)
        .json(&json!({ "marketplaceUserId": id, "name": name, "phoneNumber": "+45 20 30 40 50" }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let v: Value = res.json().await.unwrap();
    v["serviceUserId"].as_str().unwrap().to_owned()
}

/// Marks a payment paid through the control API; returns the status and body.
async fn mark_paid(sb: &Sandbox, key: &str, external_id: &str) -> (u16, Value) {
    let res = reqwest::Client::new()
        .post(format!("{}/_sandbox/trade/payments/{external_id}/paid", sb.running.url))
        .bearer_auth(key)
        .send()
        .await
        .unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

fn address() -> TradeAddress {
    TradeAddress {
        street_name: Some("Vestergade".into()),
        house_number: Some("12".into()),
        city: Some("Aarhus C".into()),
        post_number: Some("8000".into()),
        ..Default::default()
    }
}

fn business_user(business_id: &str) -> CreateBusinessUser {
    CreateBusinessUser {
        business_id: business_id.into(),
        business_location_id: "1003386547".into(),
        name: "Cykelhandler Jensen ApS".into(),
        phone_number: "+45 86 12 34 56".into(),
        address: address(),
        payouts_account_number: "DK50 0040 0440 1162 43".into(),
    }
}

fn new_trade(payer: &str, payee: &str) -> CreateTrade {
    let mut t = CreateTrade::new(
        "Ladcykel Christiania",
        "Brugt ladcykel, nye dæk",
        dec("1000"),
        payer,
        payee,
        "https://shop.example.dk/ok",
        "https://shop.example.dk/cancel",
    );
    t.payer_fee = dec("2.5");
    t.payer_fixed_fee = dec("10");
    t.payee_fee = dec("5");
    t.allowed_time_for_item_delivery_in_minutes = Some(2880);
    t
}

fn shipment(price: &str, carrier: &str) -> ShipmentPurchase {
    ShipmentPurchase { price: dec(price), shipment_provider_id: carrier.into(), expected_max_weight_in_grams: 20_000 }
}

fn finished_outcome(t: &Trade) -> Option<String> {
    t.phases.as_ref()?.finished.as_ref()?.outcome.clone()
}

fn actions(t: &Trade, payer: bool) -> Vec<String> {
    let party = if payer { &t.payer } else { &t.payee };
    party
        .as_ref()
        .and_then(|p| p.status.as_ref())
        .map(|s| s.actions.iter().map(|a| a.name.clone()).collect())
        .unwrap_or_default()
}

fn ledger_of<'a>(rows: &'a [Value], trade_id: &str) -> Vec<(&'a str, &'a str)> {
    rows.iter()
        .filter(|r| r["target"] == trade_id)
        .map(|r| (r["kind"].as_str().unwrap(), r["amount"].as_str().unwrap_or("")))
        .collect()
}

/// Buyer and seller connected, a trade created: (trade id).
async fn started_trade(_sb: &Sandbox, api: &trade::TradeApi, buyer: &str, seller: &str) -> String {
    api.initiate_trade(&new_trade(buyer, seller), &opts()).await.unwrap().value.trade_id
}

/// Accept-and-pay, then paid through the control API.
async fn paid_trade(sb: &Sandbox, api: &trade::TradeApi, buyer: &str, seller: &str) -> String {
    let id = started_trade(sb, api, buyer, seller).await;
    let payment = api.accept_trade_and_pay(buyer, &id, None, &opts()).await.unwrap().value;
    assert_eq!(mark_paid(sb, ACME_KEY, &payment.external_id).await.0, 200);
    id
}

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

#[tokio::test]
async fn a_reimbursed_trade_finishes_when_all_is_paid_back() {
    let sb = common::start().await;
    let api = sb.client(ACME_KEY).trade();
    connected(&sb, ACME_KEY, "buyer", "Jens").await;
    connected(&sb, ACME_KEY, "seller", "Sofie").await;
    let id = started_trade(&sb, &api, "buyer", "seller").await;

    // Plain accept, then pay through the hosted pay page.
    let t = api.accept_trade("buyer", &id, &opts()).await.unwrap().value;
    assert_eq!(actions(&t, true), vec!["Pay", "Abandon"]);
    let payment = api.accept_trade_and_pay("buyer", &id, None, &opts()).await.unwrap().value;
    let flow = TradePaymentFlowRequest {
        success_url: "https://shop.example.dk/paid".into(),
        cancel_url: "https://shop.example.dk/c".into(),
        app_switch: None,
    };
    let link = api.initiate_payment_flow("buyer", &payment.external_id, &flow, &opts()).await.unwrap().value;
    let http = no_redirects();
    assert!(http.get(&link.url).send().await.unwrap().text().await.unwrap().contains("1035.00 DKK"));
    let res = http.post(&link.url).body("action=pay").send().await.unwrap();
    assert_eq!(res.status(), 303);
    assert_eq!(res.headers()["location"], "https://shop.example.dk/paid");
    assert!(api.get_payment("buyer", &id, &opts()).await.unwrap().is_paid);
    let err = api.initiate_payment_flow("buyer", &payment.external_id, &flow, &opts()).await.unwrap_err();
    assert_eq!(err.status(), Some(400), "already paid");

    // Part, too much (a server-side field error), then the rest.
    api.reimburse_payer("buyer", &id, dec("500"), &opts()).await.unwrap();
    let err = api.reimburse_payer("buyer", &id, dec("535.01"), &opts()).await.unwrap_err();
    let fields = trade::field_errors(&err);
    assert_eq!(fields.len(), 1);
    assert_eq!(fields[0].key, "amount");
    assert!(fields[0].value.contains("535"), "{}", fields[0].value);
    let err = api.reimburse_payer("seller", &id, dec("1"), &opts()).await.unwrap_err();
    assert_eq!(err.status(), Some(400), "only the payer is reimbursed");
    let key = IdempotencyKey::generate();
    let last =
        api.reimburse_payer("buyer", &id, dec("535"), &CallOptions::with_idempotency_key(key.clone())).await.unwrap();
    let replay = api.reimburse_payer("buyer", &id, dec("535"), &CallOptions::with_idempotency_key(key)).await.unwrap();
    assert!(!last.meta.replayed && replay.meta.replayed);

    let t = api.get_trade("seller", &id, &opts()).await.unwrap();
    assert_eq!(finished_outcome(&t).as_deref(), Some("Reimbursed"));
    assert!(actions(&t, false).is_empty());
    let ledger = sb.ledger(ACME_KEY).await;
    assert_eq!(
        ledger_of(&ledger, &id),
        vec![("trade.payment", "1035.00"), ("trade.reimburse", "500.00"), ("trade.reimburse", "535.00")],
        "the replayed reimbursement moved nothing"
    );
}

#[tokio::test]
async fn a_rejected_item_goes_back_and_the_payer_is_refunded() {
    let sb = common::start().await;
    let api = sb.client(ACME_KEY).trade();
    connected(&sb, ACME_KEY, "buyer", "Jens").await;
    connected(&sb, ACME_KEY, "seller", "Sofie").await;
    let id = paid_trade(&sb, &api, "buyer", "seller").await;

    // A paid label: the item counts as sent once the label is paid.
    let err = api.buy_delivery_shipment("seller", &id, &shipment("49", "dhl"), &opts()).await.unwrap_err();
    assert_eq!(trade::field_errors(&err)[0].key, "shipmentProviderId", "only the two carriers");
    let label = api.buy_delivery_shipment("seller", &id, &shipment("49", "gls"), &opts()).await.unwrap().value;
    assert_eq!((label.amount, label.is_paid), (Some(dec("49")), false));
    assert_eq!(actions(&api.get_trade("seller", &id, &opts()).await.unwrap(), false), vec!["PayShipment"]);
    assert_eq!(mark_paid(&sb, ACME_KEY, &label.external_id).await.0, 200);

    let t = api.reject_item_condition("buyer", &id, "Stellet er revnet", &opts()).await.unwrap().value;
    let phases = t.phases.as_ref().unwrap();
    assert_eq!(phases.return_phase.as_ref().unwrap().state.as_deref(), Some("Active"));
    assert_eq!(phases.delivery.as_ref().unwrap().state.as_deref(), Some("Completed"));
    assert_eq!(actions(&t, true), vec!["BuyReturnShipment"]);
    assert!(
        t.payer.as_ref().unwrap().timeline.iter().any(|e| e.text.as_deref().unwrap().contains("Stellet er revnet"))
    );
    let err = api.buy_return_shipment("seller", &id, &shipment("39", "postnord"), &opts()).await.unwrap_err();
    assert_eq!(err.status(), Some(400), "the payer sends it back");

    let back = api.buy_return_shipment("buyer", &id, &shipment("39", "postnord"), &opts()).await.unwrap().value;
    assert_eq!(back.state, Some(PaymentToEscrowState::Pending));
    assert_eq!(mark_paid(&sb, ACME_KEY, &back.external_id).await.0, 200);
    let t = api.get_trade("buyer", &id, &opts()).await.unwrap();
    assert_eq!(finished_outcome(&t).as_deref(), Some("Refunded"));
    assert_eq!(t.phases.unwrap().return_phase.unwrap().state.as_deref(), Some("Completed"));
    let ledger = sb.ledger(ACME_KEY).await;
    assert_eq!(
        ledger_of(&ledger, &id),
        vec![
            ("trade.payment", "1035.00"),
            ("trade.shipment.delivery", "49.00"),
            ("trade.shipment.return", "39.00"),
            ("trade.refund", "1035.00")
        ]
    );
}

#[tokio::test]
async fn invitations_are_rejected_cancelled_or_abandoned() {
    let sb = common::start().await;
    let api = sb.client(ACME_KEY).trade();
    connected(&sb, ACME_KEY, "buyer", "Jens").await;
    connected(&sb, ACME_KEY, "seller", "Sofie").await;

    let id = started_trade(&sb, &api, "buyer", "seller").await;
    assert_eq!(
        api.accept_trade("seller", &id, &opts()).await.unwrap_err().status(),
        Some(400),
        "the payee cannot accept"
    );
    let t = api.reject_trade("buyer", &id, &opts()).await.unwrap().value;
    assert_eq!(finished_outcome(&t).as_deref(), Some("Rejected"));
    assert_eq!(t.phases.unwrap().contract.unwrap().state.as_deref(), Some("Rejected"));
    let err = api.cancel_trade(&id, &opts()).await.unwrap_err();
    assert!(
        matches!(&err.kind, ErrorKind::BadRequest(ErrorBody::Problem(p)) if p.type_code.as_deref() == Some("TradeNotCancellable"))
    );

    // Cancel after payment refunds the payer; the state id is echoed.
    let id = paid_trade(&sb, &api, "buyer", "seller").await;
    let cancelled = api.cancel_trade(&id, &opts()).await.unwrap();
    assert_eq!(cancelled.value.state, id);
    assert_eq!(finished_outcome(&api.get_trade("buyer", &id, &opts()).await.unwrap()).as_deref(), Some("Cancelled"));
    assert_eq!(
        ledger_of(&sb.ledger(ACME_KEY).await, &id),
        vec![("trade.payment", "1035.00"), ("trade.refund", "1035.00")]
    );
    assert!(trade::is_not_found(&api.cancel_trade("no-such-trade", &opts()).await.unwrap_err()));

    // The payer abandons before paying; the pending payment can no longer be paid.
    let id = started_trade(&sb, &api, "buyer", "seller").await;
    let payment = api.accept_trade_and_pay("buyer", &id, None, &opts()).await.unwrap().value;
    let t = api.abandon_trade("buyer", &id, &opts()).await.unwrap().value;
    assert_eq!(finished_outcome(&t).as_deref(), Some("Abandoned"));
    assert_eq!(api.get_payment("buyer", &id, &opts()).await.unwrap().state, Some(PaymentToEscrowState::Cancelled));
    assert_eq!(mark_paid(&sb, ACME_KEY, &payment.external_id).await.0, 400);
    assert!(ledger_of(&sb.ledger(ACME_KEY).await, &id).is_empty(), "nothing moved");

    // The seller abandons after payment: the payer gets the money back.
    let id = paid_trade(&sb, &api, "buyer", "seller").await;
    assert_eq!(api.abandon_trade("buyer", &id, &opts()).await.unwrap_err().status(), Some(400), "the payer has paid");
    api.abandon_trade("seller", &id, &opts()).await.unwrap();
    assert_eq!(
        ledger_of(&sb.ledger(ACME_KEY).await, &id),
        vec![("trade.payment", "1035.00"), ("trade.refund", "1035.00")]
    );

    // Paging: newest first, pageSize honoured.
    let first = api.get_trades("buyer", TradePageQuery { page: Some(1), page_size: Some(2) }, &opts()).await.unwrap();
    let second = api.get_trades("buyer", TradePageQuery { page: Some(2), page_size: Some(2) }, &opts()).await.unwrap();
    assert_eq!((first.trades.len(), second.trades.len()), (2, 2));
    assert_eq!(first.trades[0].trade_id, id);
    assert!(second.trades.iter().all(|t| first.trades.iter().all(|f| f.trade_id != t.trade_id)));
}

#[tokio::test]
async fn business_users_are_created_read_edited_and_deleted() {
    let sb = common::start().await;
    let api = sb.client(ACME_KEY).trade();
    let created = api.create_business_user(&business_user("29876543"), &opts()).await.unwrap().value;
    let user_id = created.user_id.clone().unwrap();
    let got = api.get_business_user("29876543", "1003386547", &opts()).await.unwrap();
    assert_eq!(got.service_user_id, created.service_user_id);
    assert_eq!(got.user_id, None, "userId is answered on create only");
    assert_eq!(got.address.unwrap().city.as_deref(), Some("Aarhus C"));

    let dup = api.create_business_user(&business_user("29876543"), &opts()).await.unwrap_err();
    assert!(
        matches!(&dup.kind, ErrorKind::BadRequest(ErrorBody::Problem(p)) if p.type_code.as_deref() == Some("BusinessUserAlreadyExists"))
    );

    let edit = EditBusinessUser {
        name: "Cykelhandler Jensen & Søn ApS".into(),
        phone_number: None,
        address: TradeAddress { city: Some("Risskov".into()), ..Default::default() },
        payouts_account_number: "0040-0440116243".into(),
    };
    let edited = api.edit_business_user("29876543", "1003386547", &edit, &opts()).await.unwrap().value;
    assert_eq!(edited.bank_account.unwrap().name.as_deref(), Some("Cykelhandler Jensen & Søn ApS"));
    assert_eq!(edited.address.unwrap().city.as_deref(), Some("Risskov"));
    assert_eq!(api.get_user(&user_id, &opts()).await.unwrap().phone_number, None, "phoneNumber null clears it");

    // A business user can be the payee; it cannot be deleted while a trade is open.
    connected(&sb, ACME_KEY, "buyer", "Jens").await;
    let id = started_trade(&sb, &api, "buyer", &user_id).await;
    let err = api.delete_business_user("29876543", "1003386547", &opts()).await.unwrap_err();
    assert!(
        matches!(&err.kind, ErrorKind::BadRequest(ErrorBody::Problem(p)) if p.type_code.as_deref() == Some("BusinessUserHasOpenTrades"))
    );
    api.reject_trade("buyer", &id, &opts()).await.unwrap();
    let deleted = api.delete_business_user("29876543", "1003386547", &opts()).await.unwrap();
    assert_eq!(deleted.meta.attempts, 1);
    let err = api.get_business_user("29876543", "1003386547", &opts()).await.unwrap_err();
    assert!(trade::is_not_found(&err));
    assert!(
        api.edit_business_user("29876543", "1003386547", &edit, &opts()).await.is_err_and(|e| e.status() == Some(404))
    );
}

#[tokio::test]
async fn field_errors_from_the_server_are_kept_with_trace_id_and_type_code() {
    let sb = common::start().await;
    let api = sb.client(ACME_KEY).trade();

    // The client cannot know the whitelist; the server names the field.
    let cid = CorrelationId::generate();
    let call = CallOptions { correlation_id: Some(cid.clone()), ..Default::default() };
    let err = api.create_business_user(&business_user("CVR-ABC"), &call).await.unwrap_err();
    assert_eq!(err.attempts, 1);
    match &err.kind {
        ErrorKind::BadRequest(ErrorBody::Problem(p)) => {
            assert_eq!(p.status, Some(400));
            assert_eq!(p.type_code.as_deref(), Some("ValidationError"));
            assert_eq!(p.trace_id.as_deref(), Some(cid.as_str()), "the correlation id is the trace id");
            let errors = p.errors.as_ref().unwrap();
            assert_eq!(errors.len(), 1);
            assert_eq!(errors[0].key, "businessId");
            assert!(errors[0].value.contains("whitelisted"));
        }
        other => panic!("expected a 400 problem, got {other:?}"),
    }

    // The payee must be connected first.
    connected(&sb, ACME_KEY, "buyer", "Jens").await;
    let err = api.initiate_trade(&new_trade("buyer", "nobody"), &opts()).await.unwrap_err();
    assert_eq!(trade::field_errors(&err)[0].key, "payeeMarketplaceUserId");
    assert!(err.to_string().contains("validation"), "{err}");

    // Every fault of a raw request is listed, and a non-UUID correlation id is refused.
    let res = reqwest::Client::new()
        .post(format!("{}/v1/marketplace/trades", sb.running.url))
        .bearer_auth(ACME_KEY)
        .json(&json!({ "title": "", "amount": 4, "payerFee": 101, "successUrl": "x" }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 400);
    let body = escrow_api::ErrorBody::parse_for_tests(&res.bytes().await.unwrap());
    let ErrorBody::Problem(p) = body else { panic!("problem expected") };
    let keys: Vec<_> = p.errors.unwrap().into_iter().map(|e| e.key).collect();
    for k in [
        "title",
        "description",
        "amount",
        "payerFee",
        "payerFixedFee",
        "payeeFee",
        "payeeFixedFee",
        "payerMarketplaceUserId",
        "payeeMarketplaceUserId",
        "cancelUrl",
    ] {
        assert!(keys.contains(&k.to_owned()), "{k} missing from {keys:?}");
    }
    assert!(!keys.contains(&"successUrl".to_owned()));
    let res = reqwest::Client::new()
        .get(format!("{}/v1/marketplace/users/buyer", sb.running.url))
        .bearer_auth(ACME_KEY)
        .header("x-correlation-id", "not-a-uuid-but-long-enough")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 400);
    assert_eq!(res.json::<Value>().await.unwrap()["errors"][0]["key"], "X-Correlation-Id");
}

#[tokio::test]
async fn another_tenants_records_are_not_found_and_a_bad_key_is_unauthorized() {
    let sb = common::start().await;
    let acme = sb.client(ACME_KEY).trade();
    let demo = sb.client(DEMO_KEY).trade();
    connected(&sb, ACME_KEY, "buyer", "Jens").await;
    connected(&sb, ACME_KEY, "seller", "Sofie").await;
    connected(&sb, ACME_KEY, "stranger", "Ole").await;
    acme.create_business_user(&business_user("11223344"), &opts()).await.unwrap();
    let id = started_trade(&sb, &acme, "buyer", "seller").await;
    let payment = acme.accept_trade_and_pay("buyer", &id, None, &opts()).await.unwrap().value;

    let err = demo.get_trade("buyer", &id, &opts()).await.unwrap_err();
    match &err.kind {
        ErrorKind::NotFound(ErrorBody::Problem(p)) => {
            assert_eq!(p.type_code.as_deref(), Some("TradeNotFound"))
        }
        other => panic!("expected 404, got {other:?}"),
    }
    assert!(trade::is_not_found(&err));
    assert!(demo.get_user("buyer", &opts()).await.is_err_and(|e| e.status() == Some(404)));
    assert!(demo.get_business_user("11223344", "1003386547", &opts()).await.is_err_and(|e| e.status() == Some(404)));
    assert!(demo.get_trades("buyer", TradePageQuery::default(), &opts()).await.is_err_and(|e| e.status() == Some(404)));
    assert!(demo.get_payment("buyer", &id, &opts()).await.is_err_and(|e| e.status() == Some(404)));
    assert!(demo.cancel_trade(&id, &opts()).await.is_err_and(|e| e.status() == Some(404)));
    assert!(demo.accept_item_condition("buyer", &id, &opts()).await.is_err_and(|e| e.status() == Some(404)));
    assert!(demo.reimburse_payer("buyer", &id, dec("1"), &opts()).await.is_err_and(|e| e.status() == Some(404)));
    let flow =
        TradePaymentFlowRequest { success_url: "https://a".into(), cancel_url: "https://b".into(), app_switch: None };
    assert!(
        demo.initiate_payment_flow("buyer", &payment.external_id, &flow, &opts())
            .await
            .is_err_and(|e| e.status() == Some(404))
    );
    assert_eq!(mark_paid(&sb, DEMO_KEY, &payment.external_id).await.0, 404);
    // Within the tenant, a user who is no party does not see the trade either.
    assert!(acme.get_trade("stranger", &id, &opts()).await.is_err_and(|e| e.status() == Some(404)));
    assert!(
        acme.initiate_payment_flow("seller", &payment.external_id, &flow, &opts())
            .await
            .is_err_and(|e| e.status() == Some(404))
    );
    // Nothing changed for acme.
    assert_eq!(acme.get_payment("buyer", &id, &opts()).await.unwrap().state, Some(PaymentToEscrowState::Pending));

    let err = sb.client("wrong-key").trade().get_user("buyer", &opts()).await.unwrap_err();
    assert_eq!(err.status(), Some(401));
}

#[tokio::test]
async fn status_link_payout_account_and_route_overrides() {
    let sb = common::start().await;
    let api = sb.client(ACME_KEY).trade();
    connected(&sb, ACME_KEY, "buyer", "Jens").await;
    connected(&sb, ACME_KEY, "seller", "Sofie").await;
    let id = started_trade(&sb, &api, "buyer", "seller").await;

    let link = api
        .get_trade_status_link(
            "buyer",
            &id,
            &TradeStatusLinkRequest { return_url: "https://shop.example.dk/t".into(), app_switch: None },
            &opts(),
        )
        .await
        .unwrap()
        .value;
    let html = reqwest::get(&link.url).await.unwrap().text().await.unwrap();
    assert!(html.contains("Invitation to buy") && html.contains("Ladcykel Christiania"), "{html}");

    let req = TradeSelectPayoutAccount { return_url: Some("https://shop.example.dk/acct".into()), app_switch: None };
    let link = api.select_payout_account("seller", &req, &opts()).await.unwrap().value;
    let http = no_redirects();
    let bad = http.post(&link.url).body("accountNumber=DK5100400440116243&action=save").send().await.unwrap();
    assert_eq!(bad.status(), 400, "mod-97 is checked on the page too");
    let ok = http.post(&link.url).body("accountNumber=DK5000400440116243&action=save").send().await.unwrap();
    assert_eq!(ok.headers()["location"], "https://shop.example.dk/acct");
    let user = api.get_user("seller", &opts()).await.unwrap();
    assert_eq!(user.bank_account.unwrap().account_number.as_deref(), Some("00400440116243"));
    assert!(api.select_payout_account("nobody", &req, &opts()).await.is_err_and(|e| e.status() == Some(404)));

    // forceOnboarding re-opens the form for a connected user; without it, "already connected".
    let connect = TradeConnectRequest {
        success_url: "https://a.dk/ok".into(),
        cancel_url: "https://a.dk/no".into(),
        app_switch: None,
        marketplace_user_id: "seller".into(),
        required_kyc_level: None,
    };
    let plain = api.initiate_user_connect(&connect, false, &opts()).await.unwrap().value;
    assert!(reqwest::get(&plain.url).await.unwrap().text().await.unwrap().contains("already connected"));
    let forced = api.initiate_user_connect(&connect, true, &opts()).await.unwrap().value;
    assert!(reqwest::get(&forced.url).await.unwrap().text().await.unwrap().contains("name=\"phoneNumber\""));
    let cancel = http.post(&forced.url).body("action=cancel").send().await.unwrap();
    assert_eq!(cancel.headers()["location"], "https://a.dk/no");

    // An overridden route is the one used (here: one the sandbox does not serve).
    let moved = api
        .clone()
        .with_routes(TradeRoutes::default().with(TradeRoute::GetUser, "/v1/other/users/{marketplaceUserId}").unwrap());
    let err = moved.get_user("seller", &opts()).await.unwrap_err();
    assert_eq!(err.status(), Some(404));
    assert!(moved.get_trade("buyer", &id, &opts()).await.is_ok(), "other routes keep their defaults");
}

/// Asserts a call is refused before sending, naming `field`.
macro_rules! refused {
    ($field:expr, $call:expr) => {{
        let err = $call.await.expect_err(concat!("accepted: ", stringify!($call)));
        assert_eq!(err.attempts, 0, "{} was sent", $field);
        match &err.kind {
            ErrorKind::Validation { field, .. } => {
                assert_eq!(field, $field, "{}", stringify!($call))
            }
            other => panic!("{}: not a validation error: {other:?}", $field),
        }
    }};
}

#[tokio::test]
async fn every_out_of_bound_field_is_refused_before_sending() {
    let sb = common::start().await;
    let api = sb.client(ACME_KEY).trade();
    let o = opts();
    let long = |n: usize| "x".repeat(n);
    let url = |n: usize| format!("https://a.dk/{}", "p".repeat(n - 13));

    // Business users.
    let bu = business_user("12345678");
    let with = |f: &dyn Fn(&mut CreateBusinessUser)| {
        let mut b = bu.clone();
        f(&mut b);
        b
    };
    refused!("businessId", api.create_business_user(&with(&|b| b.business_id = String::new()), &o));
    refused!("businessId", api.create_business_user(&with(&|b| b.business_id = "1".repeat(65)), &o));
    refused!("businessLocationId", api.create_business_user(&with(&|b| b.business_location_id = "1".repeat(65)), &o));
    refused!("name", api.create_business_user(&with(&|b| b.name = "A".into()), &o));
    refused!("name", api.create_business_user(&with(&|b| b.name = long(201)), &o));
    refused!("phoneNumber", api.create_business_user(&with(&|b| b.phone_number = " ".into()), &o));
    refused!(
        "payoutsAccountNumber",
        api.create_business_user(&with(&|b| b.payouts_account_number = String::new()), &o)
    );
    refused!(
        "payoutsAccountNumber",
        api.create_business_user(&with(&|b| b.payouts_account_number = "0040044011624".into()), &o)
    );
    refused!(
        "payoutsAccountNumber",
        api.create_business_user(&with(&|b| b.payouts_account_number = "DK5100400440116243".into()), &o)
    );
    refused!(
        "payoutsAccountNumber",
        api.create_business_user(&with(&|b| b.payouts_account_number = "DE89370400440532013000".into()), &o)
    );
    let edit = EditBusinessUser {
        name: "Ok navn".into(),
        phone_number: None,
        address: address(),
        payouts_account_number: "00400440116243".into(),
    };
    refused!("name", api.edit_business_user("1", "2", &EditBusinessUser { name: long(201), ..edit.clone() }, &o));
    refused!(
        "payoutsAccountNumber",
        api.edit_business_user(
            "1",
            "2",
            &EditBusinessUser { payouts_account_number: "123".into(), ..edit.clone() },
            &o
        )
    );
    refused!("businessId", api.edit_business_user(&"1".repeat(65), "2", &edit, &o));
    refused!("businessLocationId", api.get_business_user("1", "", &o));
    refused!("businessId", api.delete_business_user(&"1".repeat(65), "2", &o));

    // Trade creation: each bound, one field at a time.
    let base = new_trade("buyer", "seller");
    let t = |f: &dyn Fn(&mut CreateTrade)| {
        let mut t = base.clone();
        f(&mut t);
        t
    };
    let cases: Vec<(&str, CreateTrade)> = vec![
        ("title", t(&|t| t.title = String::new())),
        ("title", t(&|t| t.title = long(65))),
        ("description", t(&|t| t.description = " ".into())),
        ("description", t(&|t| t.description = long(5001))),
        ("amount", t(&|t| t.amount = dec("4.99"))),
        ("amount", t(&|t| t.amount = dec("4.994"))),
        ("amount", t(&|t| t.amount = dec("10000000.01"))),
        ("amount", t(&|t| t.amount = dec("-5"))),
        ("payerFee", t(&|t| t.payer_fee = dec("-0.01"))),
        ("payerFee", t(&|t| t.payer_fee = dec("100.01"))),
        ("payerFixedFee", t(&|t| t.payer_fixed_fee = dec("-1"))),
        ("payerFixedFee", t(&|t| t.payer_fixed_fee = dec("2147483648"))),
        ("payeeFee", t(&|t| t.payee_fee = dec("101"))),
        ("payeeFixedFee", t(&|t| t.payee_fixed_fee = dec("2147483647.01"))),
        ("payerMarketplaceUserId", t(&|t| t.payer_marketplace_user_id = long(65))),
        ("payeeMarketplaceUserId", t(&|t| t.payee_marketplace_user_id = String::new())),
        ("referenceId", t(&|t| t.reference_id = Some(long(65)))),
        ("checkoutIdempotencyKey", t(&|t| t.checkout_idempotency_key = Some(String::new()))),
        ("checkoutIdempotencyKey", t(&|t| t.checkout_idempotency_key = Some(long(65)))),
        ("checkoutUniquenessKey", t(&|t| t.checkout_uniqueness_key = Some(long(65)))),
        ("successUrl", t(&|t| t.success_url = String::new())),
        ("successUrl", t(&|t| t.success_url = url(2049))),
        ("cancelUrl", t(&|t| t.cancel_url = url(2049))),
        ("allowedTimeForItemDeliveryInMinutes", t(&|t| t.allowed_time_for_item_delivery_in_minutes = Some(0))),
        ("allowedTimeForItemDeliveryInMinutes", t(&|t| t.allowed_time_for_item_delivery_in_minutes = Some(129_601))),
    ];
    assert_eq!(cases.len(), 25);
    for (field, req) in &cases {
        refused!(*field, api.initiate_trade(req, &o));
    }

    // The other operations.
    refused!("state", api.cancel_trade("", &o));
    refused!("state", api.cancel_trade(&long(65), &o));
    refused!("marketplaceUserId", api.get_trades(&long(65), TradePageQuery::default(), &o));
    refused!("page", api.get_trades("u", TradePageQuery { page: Some(0), page_size: None }, &o));
    refused!("pageSize", api.get_trades("u", TradePageQuery { page: None, page_size: Some(0) }, &o));
    refused!("tradeId", api.get_trade("u", &long(65), &o));
    refused!("marketplaceUserId", api.get_trade("", "t", &o));
    let status = TradeStatusLinkRequest { return_url: url(2049), app_switch: None };
    refused!("returnUrl", api.get_trade_status_link("u", "t", &status, &o));
    refused!("amount", api.reimburse_payer("u", "t", dec("0"), &o));
    refused!("amount", api.reimburse_payer("u", "t", dec("0.004"), &o));
    refused!("payerMarketplaceUserId", api.reimburse_payer(&long(65), "t", dec("1"), &o));
    let connect = TradeConnectRequest {
        success_url: "https://a.dk".into(),
        cancel_url: "https://a.dk".into(),
        app_switch: None,
        marketplace_user_id: "u".into(),
        required_kyc_level: Some(1),
    };
    refused!(
        "marketplaceUserId",
        api.initiate_user_connect(&TradeConnectRequest { marketplace_user_id: long(65), ..connect.clone() }, false, &o)
    );
    refused!(
        "requiredKycLevel",
        api.initiate_user_connect(&TradeConnectRequest { required_kyc_level: Some(3), ..connect.clone() }, false, &o)
    );
    refused!(
        "requiredKycLevel",
        api.initiate_user_connect(&TradeConnectRequest { required_kyc_level: Some(0), ..connect.clone() }, false, &o)
    );
    refused!(
        "successUrl",
        api.initiate_user_connect(&TradeConnectRequest { success_url: url(2049), ..connect.clone() }, true, &o)
    );
    refused!(
        "cancelUrl",
        api.initiate_user_connect(&TradeConnectRequest { cancel_url: String::new(), ..connect.clone() }, true, &o)
    );
    refused!(
        "returnUrl",
        api.select_payout_account("u", &TradeSelectPayoutAccount { return_url: Some(url(2049)), app_switch: None }, &o)
    );
    refused!("marketplaceUserId", api.select_payout_account(&long(65), &TradeSelectPayoutAccount::default(), &o));
    refused!("marketplaceUserId", api.get_user(&long(65), &o));
    refused!("receiverShopId", api.accept_trade_and_pay("u", "t", Some(&long(65)), &o));
    refused!("tradeId", api.accept_trade("u", "", &o));
    refused!("tradeId", api.reject_trade("u", &long(65), &o));
    refused!("marketplaceUserId", api.accept_item_condition(&long(65), "t", &o));
    refused!("reason", api.reject_item_condition("u", "t", " ", &o));
    refused!("reason", api.reject_item_condition("u", "t", &long(5001), &o));
    refused!("tradeId", api.abandon_trade("u", &long(65), &o));
    let flow = TradePaymentFlowRequest {
        success_url: "https://a.dk".into(),
        cancel_url: "https://a.dk".into(),
        app_switch: None,
    };
    refused!("paymentId", api.initiate_payment_flow("u", &long(65), &flow, &o));
    refused!(
        "cancelUrl",
        api.initiate_payment_flow("u", "p", &TradePaymentFlowRequest { cancel_url: url(2049), ..flow.clone() }, &o)
    );
    refused!("tradeId", api.get_payment("u", &long(65), &o));
    refused!("price", api.buy_delivery_shipment("u", "t", &shipment("-1", "gls"), &o));
    refused!("shipmentProviderId", api.buy_delivery_shipment("u", "t", &shipment("0", ""), &o));
    refused!(
        "expectedMaxWeightInGrams",
        api.buy_return_shipment(
            "u",
            "t",
            &ShipmentPurchase { expected_max_weight_in_grams: 0, ..shipment("0", "gls") },
            &o
        )
    );

    // This API's correlation id must be a UUID.
    let call = CallOptions {
        correlation_id: Some(CorrelationId::new("order-4711-correlation").unwrap()),
        ..Default::default()
    };
    refused!("X-Correlation-Id", api.get_user("u", &call));
    refused!("X-Correlation-Id", api.initiate_trade(&base, &call));

    // Nothing reached the server.
    assert!(sb.ledger(ACME_KEY).await.is_empty());
    assert!(api.get_trades("buyer", TradePageQuery::default(), &o).await.is_err_and(|e| e.status() == Some(404)));
}

#[tokio::test]
async fn values_at_the_bounds_are_accepted_by_client_and_server() {
    let sb = common::start().await;
    let api = sb.client(ACME_KEY).trade();
    connected(&sb, ACME_KEY, &"b".repeat(64), "Jens").await;
    connected(&sb, ACME_KEY, "s", "Sofie").await;
    let url = format!("https://a.dk/{}", "p".repeat(2048 - 13));
    assert_eq!(url.len(), 2048);

    let mut max = new_trade(&"b".repeat(64), "s");
    max.title = "T".repeat(64);
    max.description = "D".repeat(5000);
    max.amount = dec("10000000");
    max.payer_fee = dec("100");
    max.payee_fee = dec("100");
    max.payer_fixed_fee = dec("2147483647");
    max.payee_fixed_fee = dec("2147483647");
    max.reference_id = Some("R".repeat(64));
    max.checkout_uniqueness_key = Some("K".repeat(64));
    max.success_url = url.clone();
    max.cancel_url = url.clone();
    max.allowed_time_for_item_delivery_in_minutes = Some(129_600);
    let created = api.initiate_trade(&max, &opts()).await.unwrap().value;
    let t = api.get_trade(&"b".repeat(64), &created.trade_id, &opts()).await.unwrap();
    assert_eq!(t.price, Some(dec("10000000")));
    assert_eq!(t.reference_id.as_deref(), Some("R".repeat(64).as_str()));

    let mut min = new_trade(&"b".repeat(64), "s");
    min.title = "T".into();
    min.description = "D".into();
    min.amount = dec("4.995");
    min.payer_fee = Decimal::ZERO;
    min.payer_fixed_fee = Decimal::ZERO;
    min.payee_fee = Decimal::ZERO;
    min.reference_id = Some(String::new());
    min.allowed_time_for_item_delivery_in_minutes = Some(1);
    min.success_url = "h".into();
    let created = api.initiate_trade(&min, &opts()).await.unwrap().value;
    let t = api.get_trade("s", &created.trade_id, &opts()).await.unwrap();
    assert_eq!(t.price, Some(dec("5.00")), "4.995 rounds to 5.00, which is allowed");

    // A second trade with the same checkout uniqueness key is refused by the server.
    let err = api.initiate_trade(&max, &opts()).await.unwrap_err();
    assert!(
        matches!(&err.kind, ErrorKind::BadRequest(ErrorBody::Problem(p)) if p.type_code.as_deref() == Some("DuplicateCheckout"))
    );

    let mut bu = business_user("1");
    bu.business_location_id = "9".repeat(64);
    bu.name = "AB".into();
    bu.payouts_account_number = "00400440116243".into();
    api.create_business_user(&bu, &opts()).await.unwrap();
    bu.business_id = "2".repeat(64);
    bu.name = "N".repeat(200);
    api.create_business_user(&bu, &opts()).await.unwrap();
    let connect = TradeConnectRequest {
        success_url: url.clone(),
        cancel_url: url,
        app_switch: None,
        marketplace_user_id: "c".repeat(64),
        required_kyc_level: Some(2),
    };
    api.initiate_user_connect(&connect, false, &opts()).await.unwrap();
}
