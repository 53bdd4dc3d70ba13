//! What staff type for the trade API (a new trade, shipping, a label) and how it becomes
//! the client's request, with every fault naming its wire field.

use crate::error::{AppError, ErrorCode, FieldErrorView};
use crate::shared::fields::parse_amount;
use escrow_api::trade::{self, CreateTrade, ShipmentPurchase, TradeAppSwitch, TradeShipping};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use std::str::FromStr;
use ts_rs::TS;

/// The journal target of a trade that does not exist yet.
pub const NEW_TRADE: &str = "new-trade";

/// Shipping of a new trade as the form sends it: amounts as decimal strings, the nested
/// shapes the spec does not detail (options, sender, receiver) as JSON text.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", default)]
pub struct ShippingInput {
    pub expected_max_weight: Option<i32>,
    pub paid_by: Option<String>,
    pub return_paid_by: Option<String>,
    /// JSON.
    pub shipping_options: Option<String>,
    /// JSON.
    pub sender: Option<String>,
    /// JSON.
    pub receiver: Option<String>,
    pub price: Option<String>,
}

/// Every field of the spec's trade creation request, as the form sends it.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", default)]
pub struct InitiateTradeInput {
    pub title: String,
    pub description: String,
    pub amount: String,
    /// Percentage, 0 to 100.
    pub payer_fee: String,
    pub payer_fixed_fee: String,
    /// Percentage, 0 to 100.
    pub payee_fee: String,
    pub payee_fixed_fee: String,
    pub payer_marketplace_user_id: String,
    pub payee_marketplace_user_id: String,
    pub reference_id: Option<String>,
    pub checkout_idempotency_key: Option<String>,
    pub checkout_uniqueness_key: Option<String>,
    pub delivery_by_hand_allowed: bool,
    pub shipping: Option<ShippingInput>,
    pub return_shipping: Option<ShippingInput>,
    pub success_url: String,
    pub cancel_url: String,
    pub checkout_type: Option<String>,
    pub image_urls: Option<Vec<String>>,
    pub app_switch_callback_uri: Option<String>,
    pub app_switch_operating_system: Option<String>,
    pub allowed_time_for_item_delivery_in_minutes: Option<i32>,
    /// JSON array.
    pub prioritized_payees: Option<String>,
}

/// A validation error naming one request field, so the UI shows it next to the input.
pub fn field_error(field: &str, message: impl Into<String>) -> AppError {
    let message = message.into();
    let mut e = AppError::new(ErrorCode::Validation, format!("invalid {field}: {message}"));
    e.field_errors = Some(vec![FieldErrorView { field: field.to_owned(), message }]);
    e
}

pub(crate) fn some(v: &Option<String>) -> Option<String> {
    v.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned)
}

pub(crate) fn money(field: &str, text: &str) -> Result<Decimal, AppError> {
    if text.trim().is_empty() {
        return Err(field_error(field, "is required"));
    }
    parse_amount(field, text).map_err(|e| field_error(field, e.message))
}

pub(crate) fn percent(field: &str, text: &str) -> Result<Decimal, AppError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(field_error(field, "is required"));
    }
    Decimal::from_str(t).map_err(|_| field_error(field, "is not a number"))
}

pub(crate) fn json_text(field: &str, text: &Option<String>) -> Result<Option<serde_json::Value>, AppError> {
    match some(text) {
        None => Ok(None),
        Some(t) => {
            serde_json::from_str(&t).map(Some).map_err(|e| field_error(field, format!("is not valid JSON ({e})")))
        }
    }
}

pub(crate) fn shipping(prefix: &str, s: &Option<ShippingInput>) -> Result<Option<TradeShipping>, AppError> {
    let Some(s) = s else { return Ok(None) };
    let f = |name: &str| format!("{prefix}.{name}");
    if s.expected_max_weight.is_some_and(|w| w <= 0) {
        return Err(field_error(&f("expectedMaxWeight"), "must be more than 0 grams"));
    }
    let price = match some(&s.price) {
        Some(p) => Some(money(&f("price"), &p)?),
        None => None,
    };
    if price.is_some_and(|p| p < Decimal::ZERO) {
        return Err(field_error(&f("price"), "must not be negative"));
    }
    Ok(Some(TradeShipping {
        expected_max_weight: s.expected_max_weight,
        paid_by: some(&s.paid_by),
        return_paid_by: some(&s.return_paid_by),
        shipping_options: json_text(&f("shippingOptions"), &s.shipping_options)?,
        sender: json_text(&f("sender"), &s.sender)?,
        receiver: json_text(&f("receiver"), &s.receiver)?,
        price,
    }))
}

/// The client's request for the form's input; every bound of the spec checked.
pub fn create_trade(i: &InitiateTradeInput) -> Result<CreateTrade, AppError> {
    let prioritized_payees = match json_text("prioritizedPayees", &i.prioritized_payees)? {
        None => None,
        Some(serde_json::Value::Array(items)) => Some(items),
        Some(_) => return Err(field_error("prioritizedPayees", "must be a JSON array")),
    };
    let app_switch = match (some(&i.app_switch_callback_uri), some(&i.app_switch_operating_system)) {
        (None, None) => None,
        (uri, os) => Some(TradeAppSwitch { app_switch_callback_uri: uri, operating_system: os }),
    };
    let images: Vec<String> =
        i.image_urls.iter().flatten().map(|u| u.trim().to_owned()).filter(|u| !u.is_empty()).collect();
    let req = CreateTrade {
        title: i.title.trim().to_owned(),
        description: i.description.trim().to_owned(),
        amount: money("amount", &i.amount)?,
        payer_fee: percent("payerFee", &i.payer_fee)?,
        payer_fixed_fee: money("payerFixedFee", &i.payer_fixed_fee)?,
        payee_fee: percent("payeeFee", &i.payee_fee)?,
        payee_fixed_fee: money("payeeFixedFee", &i.payee_fixed_fee)?,
        payer_marketplace_user_id: i.payer_marketplace_user_id.trim().to_owned(),
        payee_marketplace_user_id: i.payee_marketplace_user_id.trim().to_owned(),
        reference_id: some(&i.reference_id),
        checkout_idempotency_key: some(&i.checkout_idempotency_key),
        checkout_uniqueness_key: some(&i.checkout_uniqueness_key),
        delivery_by_hand_allowed: i.delivery_by_hand_allowed,
        shipping: shipping("shipping", &i.shipping)?,
        return_shipping: shipping("returnShipping", &i.return_shipping)?,
        success_url: i.success_url.trim().to_owned(),
        cancel_url: i.cancel_url.trim().to_owned(),
        checkout_type: some(&i.checkout_type),
        image_urls: (!images.is_empty()).then_some(images),
        app_switch,
        allowed_time_for_item_delivery_in_minutes: i.allowed_time_for_item_delivery_in_minutes,
        prioritized_payees,
    };
    trade::validate::create_trade(&req)?;
    Ok(req)
}

pub(crate) fn shipment(provider: &str, price: &str, weight: i32) -> Result<ShipmentPurchase, AppError> {
    let provider = provider.trim();
    if !CARRIERS.contains(&provider) {
        return Err(field_error("shipmentProviderId", format!("must be one of {}", CARRIERS.join(", "))));
    }
    let price = money("price", price)?;
    if price < Decimal::ZERO {
        return Err(field_error("price", "must not be negative"));
    }
    let req =
        ShipmentPurchase { price, shipment_provider_id: provider.to_owned(), expected_max_weight_in_grams: weight };
    trade::validate::shipment(&req)?;
    Ok(req)
}

/// The two supported carriers (the spec's `<carrier_a>` and `<carrier_b>`; the sandbox's ids).
pub const CARRIERS: [&str; 2] = ["postnord", "gls"];

pub(crate) fn user(field: &str, v: &str) -> Result<(), AppError> {
    Ok(trade::validate::path_param(field, v.trim())?)
}
