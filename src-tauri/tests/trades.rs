//! Business users and trades through their domains' states against an in-process sandbox:
//! field errors in place (the client's and the service's), a trade walked to finished
//! through journaled actions, a reimbursement, and exactly one execution per action even
//! when the answer is lost and the action is retried.

use escrow_api::trade::{CreateBusinessUser, EditBusinessUser, TradeAddress};
use escrow_desk::appdb::AppDb;
use escrow_desk::desk::{BuiltInSandbox, Desk};
use escrow_desk::error::ErrorCode;
use escrow_desk::journal::ActionState;
use escrow_desk::settings::keychain::Keychain;
use escrow_desk::trades::actions::TradeAction;
use escrow_desk::trades::inputs::{InitiateTradeInput, ShippingInput};
use escrow_desk::trades::service::TradeView;
use escrow_desk::wiring::Domains;
use escrow_sandbox::{DEMO_KEY, SandboxConfig};
use serde_json::{Value, json};

struct World {
    app: Domains,
    sandbox: escrow_sandbox::RunningSandbox,
    _dir: tempfile::TempDir,
}

async fn world() -> World {
    let dir = tempfile::tempdir().unwrap();
    let sandbox = escrow_sandbox::start(SandboxConfig::demo(dir.path().join("sandbox"))).await.unwrap();
    let app = Domains::new(
        Desk::new(
            AppDb::open(&dir.path().join("app")).unwrap(),
            Keychain::with_service(format!("dk.escrowdesk.test.{}", uuid::Uuid::new_v4())),
            Some(BuiltInSandbox { url: sandbox.url.clone(), key: DEMO_KEY.into() }),
        )
        .unwrap(),
    )
    .unwrap();
    World { app, sandbox, _dir: dir }
}

async fn control(w: &World, method: reqwest::Method, path: &str, body: Value) -> Value {
    let res = reqwest::Client::new()
        .request(method, format!("{}{path}", w.sandbox.url))
        .bearer_auth(DEMO_KEY)
        .json(&body)
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success(), "{path}: {}", res.status());
    res.json().await.unwrap_or(Value::Null)
}

/// A person connects as a marketplace user (stands in for the connect flow).
async fn connect(w: &World, id: &str, name: &str) {
    control(
        w,
        reqwest::Method::POST,
        "/_sandbox/trade/users",
        json!({ "marketplaceUserId": id, "name": name, "phoneNumber": "+45 20 30 40 50" }),
    )
    .await;
}

/// A person pays a payment to escrow (stands in for the hosted pay page).
async fn pay(w: &World, external_id: &str) {
    control(w, reqwest::Method::POST, &format!("/_sandbox/trade/payments/{external_id}/paid"), json!({})).await;
}

async fn ledger(w: &World) -> Vec<Value> {
    control(w, reqwest::Method::GET, "/_sandbox/ledger", json!({})).await["items"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

fn address() -> TradeAddress {
    // Field by field: the service also sends addresses, so the model is `#[non_exhaustive]`.
    let mut address = TradeAddress::default();
    address.street_name = Some("Vestergade".into());
    address.house_number = Some("12".into());
    address.city = Some("Aarhus C".into());
    address.post_number = Some("8000".into());
    address
}

fn business(business_id: &str) -> CreateBusinessUser {
    CreateBusinessUser {
        business_id: business_id.into(),
        business_location_id: "1003456789".into(),
        name: "Cykelhandler ApS".into(),
        phone_number: "+45 86 12 34 56".into(),
        address: address(),
        payouts_account_number: "1234 5678901234".into(),
    }
}

fn new_trade(payer: &str, payee: &str, amount: &str) -> InitiateTradeInput {
    InitiateTradeInput {
        title: "Racercykel".into(),
        description: "Brugt, 56 cm stel".into(),
        amount: amount.into(),
        payer_fee: "2.5".into(),
        payer_fixed_fee: "10.00".into(),
        payee_fee: "1".into(),
        payee_fixed_fee: "0".into(),
        payer_marketplace_user_id: payer.into(),
        payee_marketplace_user_id: payee.into(),
        reference_id: Some("order-77".into()),
        checkout_uniqueness_key: Some(uuid::Uuid::new_v4().to_string()),
        shipping: Some(ShippingInput {
            expected_max_weight: Some(12000),
            paid_by: Some("Payee".into()),
            sender: Some(r#"{"name":"Cykelhandler ApS"}"#.into()),
            price: Some("59.00".into()),
            ..Default::default()
        }),
        success_url: "https://shop.example/ok".into(),
        cancel_url: "https://shop.example/cancel".into(),
        checkout_type: Some("Marketplace".into()),
        image_urls: Some(vec!["https://shop.example/bike.jpg".into()]),
        allowed_time_for_item_delivery_in_minutes: Some(10080),
        ..Default::default()
    }
}

fn actions_of(v: &TradeView, role: &str) -> Vec<String> {
    v.trade[role]["status"]["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["name"].as_str().unwrap().to_owned())
        .collect()
}

fn phase(v: &TradeView, name: &str) -> String {
    v.trade["phases"][name]["state"].as_str().unwrap_or_default().to_owned()
}

#[tokio::test]
async fn business_user_field_errors_are_in_place_and_fixed() {
    let w = world().await;
    // The client's pre-send check: nothing is journaled.
    let mut bad = business("29876543");
    bad.name = "A".into();
    let e = w.app.business_users.create_business_user(&bad).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::Validation);
    assert_eq!(e.field_errors.as_ref().unwrap()[0].field, "name", "{e:?}");
    assert!(w.app.audit.audit_log(None, 100).unwrap().is_empty(), "refused before the journal");

    // The service's 400 `errors[{key, value}]`: only whitelisted (digit) company numbers.
    let e = w.app.business_users.create_business_user(&business("ACME-1")).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::BadRequest);
    let fields = e.field_errors.clone().unwrap();
    assert_eq!(fields[0].field, "businessId", "{e:?}");
    assert!(fields[0].message.contains("whitelisted"));
    assert!(serde_json::to_string(&e).unwrap().contains("\"fieldErrors\""));

    let made = w.app.business_users.create_business_user(&business("29876543")).await.unwrap();
    assert_eq!(made.name.as_deref(), Some("Cykelhandler ApS"));
    assert!(made.user_id.is_some() && made.service_user_id.is_some());
    assert_eq!(made.bank_account.as_ref().unwrap().account_number.as_deref(), Some("12345678901234"));
    let list = w.app.business_users.list_business_users().unwrap();
    assert_eq!(list.environment_id, "sandbox");
    assert_eq!(list.items.len(), 1);

    let edit = EditBusinessUser {
        name: "Cykelhandler A/S".into(),
        phone_number: None,
        address: address(),
        payouts_account_number: "DK5000400440116243".into(),
    };
    let edited = w.app.business_users.edit_business_user("29876543", "1003456789", &edit).await.unwrap();
    assert_eq!(edited.name.as_deref(), Some("Cykelhandler A/S"));
    assert_eq!(edited.user_id, made.user_id, "the userId from create is kept");
    let looked = w.app.business_users.lookup_business_user("29876543", "1003456789").await.unwrap();
    assert_eq!(looked.name.as_deref(), Some("Cykelhandler A/S"), "the local name survives a lookup");

    w.app.business_users.delete_business_user("29876543", "1003456789").await.unwrap();
    assert!(w.app.business_users.list_business_users().unwrap().items.is_empty());
    let e = w.app.business_users.lookup_business_user("29876543", "1003456789").await.unwrap_err();
    assert!(matches!(e.code, ErrorCode::NotFound | ErrorCode::BadRequest), "{e:?}");

    let kinds: Vec<_> =
        w.app.audit.audit_log(None, 100).unwrap().into_iter().map(|a| (a.entry.kind, a.entry.outcome)).collect();
    for k in ["businessUserCreate", "businessUserEdit", "businessUserDelete"] {
        assert!(kinds.iter().any(|(kind, o)| kind == k && o == "succeeded"), "{k} audited: {kinds:?}");
    }
    assert!(kinds.iter().any(|(kind, o)| kind == "businessUserCreate" && o == "failed"), "the 400 is audited too");
}

#[tokio::test]
async fn a_trade_is_walked_to_finished_and_another_reimbursed_exactly_once() {
    let w = world().await;
    let seller = w.app.business_users.create_business_user(&business("31415926")).await.unwrap();
    let payee = seller.user_id.clone().unwrap();
    connect(&w, "buyer-7", "Mette Buyer").await;

    // The initiate form's field errors, then the fixed request.
    let mut bad = new_trade("buyer-7", &payee, "1500.00");
    bad.payer_fee = "150".into();
    let e = w.app.trades.start_trade_action(&TradeAction::TradeInitiate { input: Box::new(bad) }).await.unwrap_err();
    assert_eq!(e.field_errors.unwrap()[0].field, "payerFee");
    let created = w
        .app
        .trades
        .start_trade_action(&TradeAction::TradeInitiate { input: Box::new(new_trade("buyer-7", &payee, "1500.00")) })
        .await
        .unwrap();
    assert_eq!(created.record.state, ActionState::Succeeded);
    let trade_id = created.trade_id.clone().unwrap();

    let page = w.app.trades.list_trades("buyer-7", 1, 20).await.unwrap();
    assert_eq!(page.trades.len(), 1);
    assert_eq!(page.trades[0]["price"], "1500.00", "money crosses IPC as decimal strings");
    assert_eq!(w.app.trades.trade_user().unwrap().marketplace_user_id.as_deref(), Some("buyer-7"));

    let v = w.app.trades.get_trade("buyer-7", &trade_id).await.unwrap();
    assert_eq!(v.viewer_role.as_deref(), Some("payer"));
    assert_eq!(v.payee_marketplace_user_id.as_deref(), Some(payee.as_str()));
    assert_eq!(phase(&v, "contract"), "Active");
    assert!(actions_of(&v, "payer").contains(&"AcceptAndPay".to_owned()));
    let total = "1547.50"; // 1500 + 2.5 % + 10.00
    assert_eq!(v.trade["payer"]["fees"]["amount"], "47.50");

    let paid = w
        .app
        .trades
        .start_trade_action(&TradeAction::TradeAcceptAndPay {
            trade_id: trade_id.clone(),
            marketplace_user_id: "buyer-7".into(),
            receiver_shop_id: None,
            amount: total.into(),
        })
        .await
        .unwrap();
    assert_eq!(paid.record.state, ActionState::Succeeded);
    let payment = paid.payment.clone().unwrap();
    assert_eq!(payment["amount"], total);
    let link = w
        .app
        .trades
        .start_trade_action(&TradeAction::TradePaymentFlow {
            trade_id: trade_id.clone(),
            marketplace_user_id: "buyer-7".into(),
            payment_id: payment["externalId"].as_str().unwrap().into(),
            success_url: "https://shop.example/ok".into(),
            cancel_url: "https://shop.example/cancel".into(),
            app_switch_callback_uri: Some("shopapp://paid".into()),
            app_switch_operating_system: Some("Android".into()),
        })
        .await
        .unwrap();
    assert!(link.url.unwrap().contains("/hosted/trade/pay/"));
    pay(&w, payment["externalId"].as_str().unwrap()).await;

    // The seller's side: buy the delivery label and pay it.
    let v = w.app.trades.get_trade(&payee, &trade_id).await.unwrap();
    assert_eq!(v.viewer_role.as_deref(), Some("payee"));
    assert_eq!(phase(&v, "delivery"), "Active");
    assert!(actions_of(&v, "payee").contains(&"BuyDeliveryShipment".to_owned()));
    let bad = TradeAction::TradeBuyDeliveryShipment {
        trade_id: trade_id.clone(),
        marketplace_user_id: payee.clone(),
        shipment_provider_id: "dhl".into(),
        price: "59.00".into(),
        expected_max_weight_in_grams: 12000,
    };
    assert_eq!(
        w.app.trades.start_trade_action(&bad).await.unwrap_err().field_errors.unwrap()[0].field,
        "shipmentProviderId"
    );
    let label = w
        .app
        .trades
        .start_trade_action(&TradeAction::TradeBuyDeliveryShipment {
            trade_id: trade_id.clone(),
            marketplace_user_id: payee.clone(),
            shipment_provider_id: "postnord".into(),
            price: "59.00".into(),
            expected_max_weight_in_grams: 12000,
        })
        .await
        .unwrap();
    pay(&w, label.payment.unwrap()["externalId"].as_str().unwrap()).await;

    let status = w
        .app
        .trades
        .start_trade_action(&TradeAction::TradeStatusLink {
            trade_id: trade_id.clone(),
            marketplace_user_id: "buyer-7".into(),
            return_url: "https://shop.example/back".into(),
            app_switch_callback_uri: None,
            app_switch_operating_system: None,
        })
        .await
        .unwrap();
    assert!(status.url.unwrap().contains("/hosted/trade/status/"));
    let v = w.app.trades.get_trade("buyer-7", &trade_id).await.unwrap();
    assert_eq!(actions_of(&v, "payer"), ["AcceptItemCondition", "RejectItemCondition"]);
    let accepted = w
        .app
        .trades
        .start_trade_action(&TradeAction::TradeAcceptItemCondition {
            trade_id: trade_id.clone(),
            marketplace_user_id: "buyer-7".into(),
        })
        .await
        .unwrap();
    assert_eq!(accepted.record.state, ActionState::Succeeded);
    let v = w.app.trades.get_trade("buyer-7", &trade_id).await.unwrap();
    assert_eq!(phase(&v, "finished"), "Completed");
    assert_eq!(v.trade["phases"]["finished"]["outcome"], "Completed");
    assert!(actions_of(&v, "payer").is_empty() && actions_of(&v, "payee").is_empty());
    assert!(!v.trade["payee"]["timeline"].as_array().unwrap().is_empty());

    // Another trade: paid, then reimbursed in part; the answer is lost once and the
    // action is retried with its stored key.
    let second = w
        .app
        .trades
        .start_trade_action(&TradeAction::TradeInitiate { input: Box::new(new_trade("buyer-7", &payee, "800.00")) })
        .await
        .unwrap();
    let second_id = second.trade_id.unwrap();
    let paid = w
        .app
        .trades
        .start_trade_action(&TradeAction::TradeAcceptAndPay {
            trade_id: second_id.clone(),
            marketplace_user_id: "buyer-7".into(),
            receiver_shop_id: Some("shop-1".into()),
            amount: "830.00".into(),
        })
        .await
        .unwrap();
    pay(&w, paid.payment.unwrap()["externalId"].as_str().unwrap()).await;
    let drop_all =
        json!({"rules": [{"method": "POST", "pathPrefix": "/v1/marketplace/users/buyer-7/trades", "kind": "drop"}]});
    control(&w, reqwest::Method::PUT, "/_sandbox/faults", drop_all).await;
    let reimburse = TradeAction::TradeReimburse {
        trade_id: second_id.clone(),
        payer_marketplace_user_id: "buyer-7".into(),
        amount: "100.00".into(),
    };
    let lost = w.app.trades.start_trade_action(&reimburse).await.unwrap();
    assert_eq!(lost.record.state, ActionState::Unknown, "{:?}", lost.record.message);
    assert_eq!(w.app.actions.open_actions().await.unwrap().len(), 1);
    control(&w, reqwest::Method::DELETE, "/_sandbox/faults", json!({})).await;
    let retried = w.app.actions.retry_action(&lost.record.id).await.unwrap();
    assert_eq!(retried.state, ActionState::Succeeded);
    assert_eq!(retried.idempotency_key, lost.record.idempotency_key);
    let v = w.app.trades.get_trade("buyer-7", &second_id).await.unwrap();
    let timeline = v.trade["payer"]["timeline"].to_string();
    assert_eq!(timeline.matches("reimbursed to the buyer").count(), 1, "{timeline}");

    // The ledger: exactly one execution per action, under the journal's key.
    let rows = ledger(&w).await;
    let count = |kind: &str, target: &str, key: &str| {
        rows.iter().filter(|r| r["kind"] == kind && r["target"] == target && r["idempotencyKey"] == key).count()
    };
    assert_eq!(count("trade.release", &trade_id, &accepted.record.idempotency_key), 1);
    assert_eq!(count("trade.reimburse", &second_id, &lost.record.idempotency_key), 1);
    assert_eq!(rows.iter().filter(|r| r["kind"] == "trade.reimburse").count(), 1);
    assert_eq!(rows.iter().filter(|r| r["kind"] == "trade.release").count(), 1);
    assert_eq!(rows.iter().filter(|r| r["kind"] == "trade.payment").count(), 2);

    // Journal and audit: intent and outcome of every action.
    let audit = w.app.audit.audit_log(None, 1000).unwrap();
    for kind in [
        "tradeInitiate",
        "tradeAcceptAndPay",
        "tradePaymentFlow",
        "tradeBuyDeliveryShipment",
        "tradeAcceptItemCondition",
        "tradeReimburse",
    ] {
        assert!(audit.iter().any(|a| a.kind == kind && a.phase == "intent"), "{kind} intent");
        assert!(audit.iter().any(|a| a.kind == kind && a.outcome == "succeeded"), "{kind} outcome");
    }
    assert!(audit.iter().any(|a| a.kind == "tradeReimburse" && a.outcome == "unknown"));
    assert!(audit.iter().filter(|a| a.kind == "tradeAcceptItemCondition").all(|a| a.target == trade_id));
    assert!(w.app.audit.verify_audit_log().unwrap().broken_at.is_none());
}

#[tokio::test]
async fn a_marketplace_user_connects_through_the_link_and_picks_a_payout_account() {
    let w = world().await;
    let user = format!("connect-{}", uuid::Uuid::new_v4().simple());
    assert!(w.app.trades.trade_user_details(&user).await.unwrap().details.is_none(), "unknown before connecting");

    let request = |kyc: Option<i32>, success: &str| TradeAction::TradeUserConnect {
        marketplace_user_id: user.clone(),
        success_url: success.into(),
        cancel_url: "https://shop.example.dk/cancel".into(),
        required_kyc_level: kyc,
        force_onboarding: true,
        app_switch_callback_uri: Some("shopapp://connected".into()),
        app_switch_operating_system: Some("Android".into()),
    };
    for bad in [request(Some(3), "https://shop.example.dk/ok"), request(None, "")] {
        let err = w.app.trades.start_trade_action(&bad).await.unwrap_err();
        assert_eq!(err.code, ErrorCode::Validation, "{err:?}");
    }
    let out = w.app.trades.start_trade_action(&request(Some(2), "https://shop.example.dk/ok")).await.unwrap();
    assert_eq!(out.record.state, ActionState::Succeeded, "{:?}", out.record.error);
    let link = out.url.expect("connect link");
    assert!(escrow_desk::external::check(&link).is_ok(), "{link}");

    // The person fills in the hosted page.
    let res = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
        .post(&link)
        .header("content-type", "application/x-www-form-urlencoded")
        .body("name=Mette+Kj%C3%A6r&phoneNumber=%2B45+20+30+40+50&accountNumber=12345678901234")
        .send()
        .await
        .unwrap();
    assert!(res.status().is_redirection() || res.status().is_success(), "{}", res.status());
    let details = w.app.trades.trade_user_details(&user).await.unwrap().details.expect("connected");
    assert!(details.has_completed_onboarding);
    assert_eq!(details.name.as_deref(), Some("Mette Kjær"));
    assert_eq!(details.bank_account.and_then(|b| b.account_number).as_deref(), Some("12345678901234"));

    let payout = TradeAction::TradeSelectPayoutAccount {
        marketplace_user_id: user.clone(),
        return_url: Some("https://shop.example.dk/account".into()),
        app_switch_callback_uri: None,
        app_switch_operating_system: None,
    };
    let out = w.app.trades.start_trade_action(&payout).await.unwrap();
    assert_eq!(out.record.state, ActionState::Succeeded, "{:?}", out.record.error);
    assert!(out.url.is_some_and(|u| u.contains("/hosted/trade/payout-account/")));
    let audit = w.app.audit.audit_log(Some(&user), 10).unwrap();
    assert!(audit.iter().any(|e| e.kind == "tradeSelectPayoutAccount" && e.outcome == "succeeded"), "{audit:?}");
}
