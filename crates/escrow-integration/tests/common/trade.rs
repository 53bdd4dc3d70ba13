//! Helpers for the trade API tests (`trade_*.rs`): request builders, control-API calls
//! (connected users, paid payments) and readers of trades and the ledger.

#![allow(dead_code)]

use super::{ACME_KEY, Sandbox};
use escrow_api::CallOptions;
use escrow_api::trade::{self, CreateBusinessUser, CreateTrade, ShipmentPurchase, Trade, TradeAddress};
use rust_decimal::Decimal;
use serde_json::{Value, json};

pub fn dec(s: &str) -> Decimal {
    s.parse().unwrap()
}

pub fn opts() -> CallOptions {
    CallOptions::default()
}

pub fn no_redirects() -> reqwest::Client {
    reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap()
}

/// A connected user made through the control API.
pub async fn connected(sb: &Sandbox, key: &str, id: &str, name: &str) -> String {
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
pub async fn mark_paid(sb: &Sandbox, key: &str, external_id: &str) -> (u16, Value) {
    let res = reqwest::Client::new()
        .post(format!("{}/_sandbox/trade/payments/{external_id}/paid", sb.running.url))
        .bearer_auth(key)
        .send()
        .await
        .unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

pub fn address() -> TradeAddress {
    // Field by field: the service sends addresses too, so the model is `#[non_exhaustive]`.
    let mut address = TradeAddress::default();
    address.street_name = Some("Vestergade".into());
    address.house_number = Some("12".into());
    address.city = Some("Aarhus C".into());
    address.post_number = Some("8000".into());
    address
}

pub fn business_user(business_id: &str) -> CreateBusinessUser {
    CreateBusinessUser {
        business_id: business_id.into(),
        business_location_id: "1003386547".into(),
        name: "Cykelhandler Jensen ApS".into(),
        phone_number: "+45 86 12 34 56".into(),
        address: address(),
        payouts_account_number: "DK50 0040 0440 1162 43".into(),
    }
}

pub fn new_trade(payer: &str, payee: &str) -> CreateTrade {
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

pub fn shipment(price: &str, carrier: &str) -> ShipmentPurchase {
    ShipmentPurchase { price: dec(price), shipment_provider_id: carrier.into(), expected_max_weight_in_grams: 20_000 }
}

pub fn finished_outcome(t: &Trade) -> Option<String> {
    t.phases.as_ref()?.finished.as_ref()?.outcome.clone()
}

pub fn actions(t: &Trade, payer: bool) -> Vec<String> {
    let party = if payer { &t.payer } else { &t.payee };
    party
        .as_ref()
        .and_then(|p| p.status.as_ref())
        .map(|s| s.actions.iter().map(|a| a.name.clone()).collect())
        .unwrap_or_default()
}

pub fn ledger_of<'a>(rows: &'a [Value], trade_id: &str) -> Vec<(&'a str, &'a str)> {
    rows.iter()
        .filter(|r| r["target"] == trade_id)
        .map(|r| (r["kind"].as_str().unwrap(), r["amount"].as_str().unwrap_or("")))
        .collect()
}

/// Buyer and seller connected, a trade created: (trade id).
pub async fn started_trade(_sb: &Sandbox, api: &trade::TradeApi, buyer: &str, seller: &str) -> String {
    api.initiate_trade(&new_trade(buyer, seller), &opts()).await.unwrap().value.trade_id
}

/// Accept-and-pay, then paid through the control API.
pub async fn paid_trade(sb: &Sandbox, api: &trade::TradeApi, buyer: &str, seller: &str) -> String {
    let id = started_trade(sb, api, buyer, seller).await;
    let payment = api.accept_trade_and_pay(buyer, &id, None, &opts()).await.unwrap().value;
    assert_eq!(mark_paid(sb, ACME_KEY, &payment.external_id).await.0, 200);
    id
}
