//! Staff actions of the business-user and trade API (spec document 2), journaled and
//! audited exactly like the v2 actions (`crate::actions`): each has an
//! [`ActionRequest`] variant; this module holds their kind, target, amount, checks and
//! the request each one sends. Money-moving trade calls use the client's keyed
//! operations, so a retry sends the stored Idempotency-Key again.

use crate::actions::{ActionRequest, parse_amount};
use crate::error::{AppError, ErrorCode, FieldErrorView};
use escrow_api::trade::{
    self, BusinessUser, CreateTrade, PaymentToEscrow, ShipmentPurchase, TradeAppSwitch, TradeConnectRequest,
    TradePaymentFlowRequest, TradeSelectPayoutAccount, TradeShipping, TradeStatusLinkRequest,
};
use escrow_api::{CallOptions, Client};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use std::str::FromStr;
use ts_rs::TS;

/// The pattern of every trade-API variant of [`ActionRequest`] (used by `crate::actions`).
macro_rules! any_trade {
    () => {
        $crate::actions::ActionRequest::BusinessUserCreate { .. }
            | $crate::actions::ActionRequest::BusinessUserEdit { .. }
            | $crate::actions::ActionRequest::BusinessUserDelete { .. }
            | $crate::actions::ActionRequest::TradeInitiate { .. }
            | $crate::actions::ActionRequest::TradeAcceptInvitation { .. }
            | $crate::actions::ActionRequest::TradeAcceptAndPay { .. }
            | $crate::actions::ActionRequest::TradeRejectInvitation { .. }
            | $crate::actions::ActionRequest::TradeAcceptItemCondition { .. }
            | $crate::actions::ActionRequest::TradeRejectItemCondition { .. }
            | $crate::actions::ActionRequest::TradeAbandon { .. }
            | $crate::actions::ActionRequest::TradeBuyDeliveryShipment { .. }
            | $crate::actions::ActionRequest::TradeBuyReturnShipment { .. }
            | $crate::actions::ActionRequest::TradeCancel { .. }
            | $crate::actions::ActionRequest::TradeReimburse { .. }
            | $crate::actions::ActionRequest::TradeStatusLink { .. }
            | $crate::actions::ActionRequest::TradePaymentFlow { .. }
            | $crate::actions::ActionRequest::TradeUserConnect { .. }
            | $crate::actions::ActionRequest::TradeSelectPayoutAccount { .. }
    };
}
pub(crate) use any_trade;

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

fn some(v: &Option<String>) -> Option<String> {
    v.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned)
}

fn money(field: &str, text: &str) -> Result<Decimal, AppError> {
    if text.trim().is_empty() {
        return Err(field_error(field, "is required"));
    }
    parse_amount(field, text).map_err(|e| field_error(field, e.message))
}

fn percent(field: &str, text: &str) -> Result<Decimal, AppError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(field_error(field, "is required"));
    }
    Decimal::from_str(t).map_err(|_| field_error(field, "is not a number"))
}

fn json_text(field: &str, text: &Option<String>) -> Result<Option<serde_json::Value>, AppError> {
    match some(text) {
        None => Ok(None),
        Some(t) => {
            serde_json::from_str(&t).map(Some).map_err(|e| field_error(field, format!("is not valid JSON ({e})")))
        }
    }
}

fn shipping(prefix: &str, s: &Option<ShippingInput>) -> Result<Option<TradeShipping>, AppError> {
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

fn shipment(provider: &str, price: &str, weight: i32) -> Result<ShipmentPurchase, AppError> {
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

fn user(field: &str, v: &str) -> Result<(), AppError> {
    Ok(trade::validate::path_param(field, v.trim())?)
}

pub fn kind(r: &ActionRequest) -> &'static str {
    match r {
        ActionRequest::BusinessUserCreate { .. } => "businessUserCreate",
        ActionRequest::BusinessUserEdit { .. } => "businessUserEdit",
        ActionRequest::BusinessUserDelete { .. } => "businessUserDelete",
        ActionRequest::TradeInitiate { .. } => "tradeInitiate",
        ActionRequest::TradeAcceptInvitation { .. } => "tradeAcceptInvitation",
        ActionRequest::TradeAcceptAndPay { .. } => "tradeAcceptAndPay",
        ActionRequest::TradeRejectInvitation { .. } => "tradeRejectInvitation",
        ActionRequest::TradeAcceptItemCondition { .. } => "tradeAcceptItemCondition",
        ActionRequest::TradeRejectItemCondition { .. } => "tradeRejectItemCondition",
        ActionRequest::TradeAbandon { .. } => "tradeAbandon",
        ActionRequest::TradeBuyDeliveryShipment { .. } => "tradeBuyDeliveryShipment",
        ActionRequest::TradeBuyReturnShipment { .. } => "tradeBuyReturnShipment",
        ActionRequest::TradeCancel { .. } => "tradeCancel",
        ActionRequest::TradeReimburse { .. } => "tradeReimburse",
        ActionRequest::TradeStatusLink { .. } => "tradeStatusLink",
        ActionRequest::TradePaymentFlow { .. } => "tradePaymentFlow",
        ActionRequest::TradeUserConnect { .. } => "tradeUserConnect",
        ActionRequest::TradeSelectPayoutAccount { .. } => "tradeSelectPayoutAccount",
        _ => "unknown",
    }
}

/// The journal target: the trade id (the business id for business users).
pub fn target(r: &ActionRequest) -> &str {
    match r {
        ActionRequest::BusinessUserCreate { request } => &request.business_id,
        ActionRequest::BusinessUserEdit { business_id, .. } | ActionRequest::BusinessUserDelete { business_id, .. } => {
            business_id
        }
        ActionRequest::TradeInitiate { .. } => NEW_TRADE,
        ActionRequest::TradeAcceptInvitation { trade_id, .. }
        | ActionRequest::TradeAcceptAndPay { trade_id, .. }
        | ActionRequest::TradeRejectInvitation { trade_id, .. }
        | ActionRequest::TradeAcceptItemCondition { trade_id, .. }
        | ActionRequest::TradeRejectItemCondition { trade_id, .. }
        | ActionRequest::TradeAbandon { trade_id, .. }
        | ActionRequest::TradeBuyDeliveryShipment { trade_id, .. }
        | ActionRequest::TradeBuyReturnShipment { trade_id, .. }
        | ActionRequest::TradeCancel { trade_id, .. }
        | ActionRequest::TradeReimburse { trade_id, .. }
        | ActionRequest::TradeStatusLink { trade_id, .. }
        | ActionRequest::TradePaymentFlow { trade_id, .. } => trade_id,
        ActionRequest::TradeUserConnect { marketplace_user_id, .. }
        | ActionRequest::TradeSelectPayoutAccount { marketplace_user_id, .. } => marketplace_user_id,
        _ => "",
    }
}

/// The amount an action moves, for confirmation and the audit log.
pub fn amount(r: &ActionRequest) -> Option<&str> {
    match r {
        ActionRequest::TradeInitiate { input } => Some(&input.amount),
        ActionRequest::TradeAcceptAndPay { amount, .. } | ActionRequest::TradeReimburse { amount, .. } => Some(amount),
        ActionRequest::TradeBuyDeliveryShipment { price, .. } | ActionRequest::TradeBuyReturnShipment { price, .. } => {
            Some(price)
        }
        _ => None,
    }
}

/// Every check of the client (and the spec's bounds) before anything is written or sent;
/// a fault names the wire field (`fieldErrors`).
pub fn validate(r: &ActionRequest) -> Result<(), AppError> {
    match r {
        ActionRequest::BusinessUserCreate { request } => trade::validate::create_business_user(request).map(drop)?,
        ActionRequest::BusinessUserEdit { business_id, business_location_id, request } => {
            user("businessId", business_id)?;
            user("businessLocationId", business_location_id)?;
            trade::validate::edit_business_user(request).map(drop)?;
        }
        ActionRequest::BusinessUserDelete { business_id, business_location_id } => {
            user("businessId", business_id)?;
            user("businessLocationId", business_location_id)?;
        }
        ActionRequest::TradeInitiate { input } => create_trade(input).map(drop)?,
        ActionRequest::TradeAcceptInvitation { trade_id, marketplace_user_id }
        | ActionRequest::TradeRejectInvitation { trade_id, marketplace_user_id }
        | ActionRequest::TradeAcceptItemCondition { trade_id, marketplace_user_id }
        | ActionRequest::TradeAbandon { trade_id, marketplace_user_id } => {
            user("tradeId", trade_id)?;
            user("marketplaceUserId", marketplace_user_id)?;
        }
        ActionRequest::TradeAcceptAndPay { trade_id, marketplace_user_id, receiver_shop_id, amount } => {
            user("tradeId", trade_id)?;
            user("marketplaceUserId", marketplace_user_id)?;
            trade::validate::receiver_shop_id(some(receiver_shop_id).as_deref())?;
            if money("amount", amount)? <= Decimal::ZERO {
                return Err(field_error("amount", "must be more than 0"));
            }
        }
        ActionRequest::TradeRejectItemCondition { trade_id, marketplace_user_id, reason } => {
            user("tradeId", trade_id)?;
            user("marketplaceUserId", marketplace_user_id)?;
            trade::validate::rejection_reason(reason.trim())?;
        }
        ActionRequest::TradeBuyDeliveryShipment {
            trade_id,
            marketplace_user_id,
            shipment_provider_id,
            price,
            expected_max_weight_in_grams,
        }
        | ActionRequest::TradeBuyReturnShipment {
            trade_id,
            marketplace_user_id,
            shipment_provider_id,
            price,
            expected_max_weight_in_grams,
        } => {
            user("tradeId", trade_id)?;
            user("marketplaceUserId", marketplace_user_id)?;
            shipment(shipment_provider_id, price, *expected_max_weight_in_grams)?;
        }
        ActionRequest::TradeCancel { trade_id, state } => {
            user("tradeId", trade_id)?;
            trade::validate::state(state.trim())?;
        }
        ActionRequest::TradeReimburse { trade_id, payer_marketplace_user_id, amount } => {
            user("tradeId", trade_id)?;
            user("payerMarketplaceUserId", payer_marketplace_user_id)?;
            trade::validate::reimburse(money("amount", amount)?)?;
        }
        ActionRequest::TradeStatusLink {
            trade_id,
            marketplace_user_id,
            return_url,
            app_switch_callback_uri,
            app_switch_operating_system,
        } => {
            user("tradeId", trade_id)?;
            user("marketplaceUserId", marketplace_user_id)?;
            let app_switch = app_switch_of(app_switch_callback_uri, app_switch_operating_system);
            trade::validate::status_link(&TradeStatusLinkRequest {
                return_url: return_url.trim().to_owned(),
                app_switch,
            })?;
        }
        ActionRequest::TradePaymentFlow { trade_id, marketplace_user_id, payment_id, .. } => {
            user("tradeId", trade_id)?;
            user("marketplaceUserId", marketplace_user_id)?;
            user("paymentId", payment_id)?;
            trade::validate::payment_flow(&flow(r).unwrap_or_default())?;
        }
        ActionRequest::TradeUserConnect { .. } => {
            let (req, _) = connect(r).unwrap_or_default();
            trade::validate::connect(&req)?;
        }
        ActionRequest::TradeSelectPayoutAccount { marketplace_user_id, .. } => {
            user("marketplaceUserId", marketplace_user_id)?;
            trade::validate::select_payout_account(&payout_account(r).unwrap_or_default())?;
        }
        _ => return Err(AppError::validation("Not a trade API action.")),
    }
    Ok(())
}

/// The appSwitch object when either field is given (the spec lets both be absent).
fn app_switch_of(uri: &Option<String>, os: &Option<String>) -> Option<TradeAppSwitch> {
    match (some(uri), some(os)) {
        (None, None) => None,
        (uri, os) => Some(TradeAppSwitch { app_switch_callback_uri: uri, operating_system: os }),
    }
}

fn flow(r: &ActionRequest) -> Option<TradePaymentFlowRequest> {
    let ActionRequest::TradePaymentFlow {
        success_url,
        cancel_url,
        app_switch_callback_uri,
        app_switch_operating_system,
        ..
    } = r
    else {
        return None;
    };
    Some(TradePaymentFlowRequest {
        success_url: success_url.trim().to_owned(),
        cancel_url: cancel_url.trim().to_owned(),
        app_switch: app_switch_of(app_switch_callback_uri, app_switch_operating_system),
    })
}

/// The user connect request and its `forceOnboarding` query flag.
fn connect(r: &ActionRequest) -> Option<(TradeConnectRequest, bool)> {
    let ActionRequest::TradeUserConnect {
        marketplace_user_id,
        success_url,
        cancel_url,
        required_kyc_level,
        force_onboarding,
        app_switch_callback_uri,
        app_switch_operating_system,
    } = r
    else {
        return None;
    };
    let req = TradeConnectRequest {
        success_url: success_url.trim().to_owned(),
        cancel_url: cancel_url.trim().to_owned(),
        app_switch: app_switch_of(app_switch_callback_uri, app_switch_operating_system),
        marketplace_user_id: marketplace_user_id.trim().to_owned(),
        required_kyc_level: *required_kyc_level,
    };
    Some((req, *force_onboarding))
}

fn payout_account(r: &ActionRequest) -> Option<TradeSelectPayoutAccount> {
    let ActionRequest::TradeSelectPayoutAccount {
        return_url,
        app_switch_callback_uri,
        app_switch_operating_system,
        ..
    } = r
    else {
        return None;
    };
    Some(TradeSelectPayoutAccount {
        return_url: some(return_url),
        app_switch: app_switch_of(app_switch_callback_uri, app_switch_operating_system),
    })
}

/// What a sent trade action answered, besides its correlation id.
#[derive(Debug, Clone, Default)]
pub struct TradeSent {
    pub correlation_id: String,
    pub trade_id: Option<String>,
    pub url: Option<String>,
    pub payment: Option<PaymentToEscrow>,
    pub business_user: Option<BusinessUser>,
}

fn sent<T>(res: escrow_api::Response<T>) -> (T, TradeSent) {
    (res.value, TradeSent { correlation_id: res.meta.correlation_id, ..TradeSent::default() })
}

/// Sends the stored request (with the stored key in `opts` for the keyed operations).
pub async fn send(client: &Client, r: &ActionRequest, opts: &CallOptions) -> Result<TradeSent, AppError> {
    let api = client.trade();
    let out = match r {
        ActionRequest::BusinessUserCreate { request } => {
            let (user, mut s) = sent(api.create_business_user(request, opts).await?);
            s.business_user = Some(user);
            s
        }
        ActionRequest::BusinessUserEdit { business_id, business_location_id, request } => {
            let (user, mut s) =
                sent(api.edit_business_user(business_id.trim(), business_location_id.trim(), request, opts).await?);
            s.business_user = Some(user);
            s
        }
        ActionRequest::BusinessUserDelete { business_id, business_location_id } => {
            sent(api.delete_business_user(business_id.trim(), business_location_id.trim(), opts).await?).1
        }
        ActionRequest::TradeInitiate { input } => {
            let (created, mut s) = sent(api.initiate_trade(&create_trade(input)?, opts).await?);
            s.trade_id = Some(created.trade_id);
            s
        }
        ActionRequest::TradeAcceptInvitation { trade_id, marketplace_user_id } => {
            sent(api.accept_trade(marketplace_user_id.trim(), trade_id, opts).await?).1
        }
        ActionRequest::TradeAcceptAndPay { trade_id, marketplace_user_id, receiver_shop_id, .. } => {
            let shop = some(receiver_shop_id);
            let (payment, mut s) =
                sent(api.accept_trade_and_pay(marketplace_user_id.trim(), trade_id, shop.as_deref(), opts).await?);
            s.payment = Some(payment);
            s
        }
        ActionRequest::TradeRejectInvitation { trade_id, marketplace_user_id } => {
            sent(api.reject_trade(marketplace_user_id.trim(), trade_id, opts).await?).1
        }
        ActionRequest::TradeAcceptItemCondition { trade_id, marketplace_user_id } => {
            sent(api.accept_item_condition(marketplace_user_id.trim(), trade_id, opts).await?).1
        }
        ActionRequest::TradeRejectItemCondition { trade_id, marketplace_user_id, reason } => {
            sent(api.reject_item_condition(marketplace_user_id.trim(), trade_id, reason.trim(), opts).await?).1
        }
        ActionRequest::TradeAbandon { trade_id, marketplace_user_id } => {
            sent(api.abandon_trade(marketplace_user_id.trim(), trade_id, opts).await?).1
        }
        ActionRequest::TradeBuyDeliveryShipment {
            trade_id,
            marketplace_user_id,
            shipment_provider_id,
            price,
            expected_max_weight_in_grams,
        } => {
            let body = shipment(shipment_provider_id, price, *expected_max_weight_in_grams)?;
            let (payment, mut s) =
                sent(api.buy_delivery_shipment(marketplace_user_id.trim(), trade_id, &body, opts).await?);
            s.payment = Some(payment);
            s
        }
        ActionRequest::TradeBuyReturnShipment {
            trade_id,
            marketplace_user_id,
            shipment_provider_id,
            price,
            expected_max_weight_in_grams,
        } => {
            let body = shipment(shipment_provider_id, price, *expected_max_weight_in_grams)?;
            let (payment, mut s) =
                sent(api.buy_return_shipment(marketplace_user_id.trim(), trade_id, &body, opts).await?);
            s.payment = Some(payment);
            s
        }
        ActionRequest::TradeCancel { state, .. } => sent(api.cancel_trade(state.trim(), opts).await?).1,
        ActionRequest::TradeReimburse { trade_id, payer_marketplace_user_id, amount } => {
            sent(api.reimburse_payer(payer_marketplace_user_id.trim(), trade_id, money("amount", amount)?, opts).await?)
                .1
        }
        ActionRequest::TradeStatusLink {
            trade_id,
            marketplace_user_id,
            return_url,
            app_switch_callback_uri,
            app_switch_operating_system,
        } => {
            let app_switch = app_switch_of(app_switch_callback_uri, app_switch_operating_system);
            let body = TradeStatusLinkRequest { return_url: return_url.trim().to_owned(), app_switch };
            let (link, mut s) =
                sent(api.get_trade_status_link(marketplace_user_id.trim(), trade_id, &body, opts).await?);
            s.url = Some(link.url);
            s
        }
        ActionRequest::TradePaymentFlow { marketplace_user_id, payment_id, .. } => {
            let body = flow(r).unwrap_or_default();
            let (link, mut s) =
                sent(api.initiate_payment_flow(marketplace_user_id.trim(), payment_id.trim(), &body, opts).await?);
            s.url = Some(link.url);
            s
        }
        ActionRequest::TradeUserConnect { .. } => {
            let (body, force) = connect(r).unwrap_or_default();
            let (link, mut s) = sent(api.initiate_user_connect(&body, force, opts).await?);
            s.url = Some(link.url);
            s
        }
        ActionRequest::TradeSelectPayoutAccount { marketplace_user_id, .. } => {
            let body = payout_account(r).unwrap_or_default();
            let (link, mut s) = sent(api.select_payout_account(marketplace_user_id.trim(), &body, opts).await?);
            s.url = Some(link.url);
            s
        }
        _ => return Err(AppError::validation("Not a trade API action.")),
    };
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_errors_name_the_wire_field() {
        let mut i = InitiateTradeInput {
            title: "Cykel".into(),
            description: "Brugt".into(),
            amount: "3".into(),
            payer_fee: "0".into(),
            payer_fixed_fee: "0".into(),
            payee_fee: "0".into(),
            payee_fixed_fee: "0".into(),
            payer_marketplace_user_id: "buyer".into(),
            payee_marketplace_user_id: "seller".into(),
            success_url: "https://a".into(),
            cancel_url: "https://b".into(),
            ..Default::default()
        };
        let e = create_trade(&i).unwrap_err();
        assert_eq!(e.field_errors.unwrap()[0].field, "amount");
        i.amount = "250.00".into();
        i.shipping = Some(ShippingInput { sender: Some("{nope".into()), ..Default::default() });
        assert_eq!(create_trade(&i).unwrap_err().field_errors.unwrap()[0].field, "shipping.sender");
        i.shipping = Some(ShippingInput {
            sender: Some(r#"{"name":"A"}"#.into()),
            price: Some("39.00".into()),
            ..Default::default()
        });
        assert!(create_trade(&i).is_ok());
        let r = ActionRequest::TradeBuyDeliveryShipment {
            trade_id: "t".into(),
            marketplace_user_id: "u".into(),
            shipment_provider_id: "dhl".into(),
            price: "10".into(),
            expected_max_weight_in_grams: 1000,
        };
        assert_eq!(validate(&r).unwrap_err().field_errors.unwrap()[0].field, "shipmentProviderId");
        assert_eq!(kind(&r), "tradeBuyDeliveryShipment");
        assert_eq!(r.kind(), "tradeBuyDeliveryShipment");
        assert_eq!(r.amount(), Some("10"));
    }
}
