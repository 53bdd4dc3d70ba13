//! Trade API bounds: every out-of-bound field refused by the client before sending, and
//! values exactly at the bounds accepted by client and server.

mod common;

use common::ACME_KEY;
use common::trade::{address, business_user, connected, dec, new_trade, opts, shipment};
use escrow_api::trade::{
    CreateBusinessUser, CreateTrade, EditBusinessUser, ShipmentPurchase, TradeConnectRequest, TradePageQuery,
    TradePaymentFlowRequest, TradeSelectPayoutAccount, TradeStatusLinkRequest,
};
use escrow_api::{CallOptions, CorrelationId, ErrorBody, ErrorKind};
use rust_decimal::Decimal;

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
    // The rejection reason has no bounds in the spec: sent as is (tests/client_fidelity.rs).
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
