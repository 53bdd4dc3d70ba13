//! Staff actions of the business-user and trade API (spec document 2), journaled and
//! audited exactly like the v2 actions: their kind, target, amount, checks and the
//! request each one sends. Money-moving trade calls use the client's keyed operations,
//! so a retry sends the stored Idempotency-Key again.

use super::inputs::{NEW_TRADE, create_trade, field_error, money, shipment, some, user};
use crate::error::AppError;
use crate::journal::{Action, Sent};
use escrow_api::trade::{
    self, BusinessUser, PaymentToEscrow, TradeAppSwitch, TradeConnectRequest, TradePaymentFlowRequest,
    TradeSelectPayoutAccount, TradeStatusLinkRequest,
};
use escrow_api::{CallOptions, Client, IdempotencyKey};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A trade action as the journal stores it (JSON tagged by `kind`). Amounts are decimal
/// strings (never floats).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum TradeAction {
    BusinessUserCreate {
        request: escrow_api::trade::CreateBusinessUser,
    },
    BusinessUserEdit {
        business_id: String,
        business_location_id: String,
        request: escrow_api::trade::EditBusinessUser,
    },
    BusinessUserDelete {
        business_id: String,
        business_location_id: String,
    },
    TradeInitiate {
        input: super::inputs::InitiateTradeInput,
    },
    TradeAcceptInvitation {
        trade_id: String,
        marketplace_user_id: String,
    },
    /// `amount`: what the payer pays into escrow, as confirmed (journal and audit only).
    TradeAcceptAndPay {
        trade_id: String,
        marketplace_user_id: String,
        receiver_shop_id: Option<String>,
        amount: String,
    },
    TradeRejectInvitation {
        trade_id: String,
        marketplace_user_id: String,
    },
    TradeAcceptItemCondition {
        trade_id: String,
        marketplace_user_id: String,
    },
    TradeRejectItemCondition {
        trade_id: String,
        marketplace_user_id: String,
        reason: String,
    },
    TradeAbandon {
        trade_id: String,
        marketplace_user_id: String,
    },
    TradeBuyDeliveryShipment {
        trade_id: String,
        marketplace_user_id: String,
        shipment_provider_id: String,
        price: String,
        expected_max_weight_in_grams: i32,
    },
    TradeBuyReturnShipment {
        trade_id: String,
        marketplace_user_id: String,
        shipment_provider_id: String,
        price: String,
        expected_max_weight_in_grams: i32,
    },
    TradeCancel {
        trade_id: String,
        state: String,
    },
    TradeReimburse {
        trade_id: String,
        payer_marketplace_user_id: String,
        amount: String,
    },
    /// `appSwitch*`: return to a native app after the hosted page (both optional).
    TradeStatusLink {
        trade_id: String,
        marketplace_user_id: String,
        return_url: String,
        #[serde(default)]
        app_switch_callback_uri: Option<String>,
        #[serde(default)]
        app_switch_operating_system: Option<String>,
    },
    TradePaymentFlow {
        trade_id: String,
        marketplace_user_id: String,
        payment_id: String,
        success_url: String,
        cancel_url: String,
        #[serde(default)]
        app_switch_callback_uri: Option<String>,
        #[serde(default)]
        app_switch_operating_system: Option<String>,
    },
    /// A link where the marketplace user connects (national eID when `force_onboarding`).
    TradeUserConnect {
        marketplace_user_id: String,
        success_url: String,
        cancel_url: String,
        required_kyc_level: Option<i32>,
        #[serde(default)]
        force_onboarding: bool,
        app_switch_callback_uri: Option<String>,
        app_switch_operating_system: Option<String>,
    },
    /// A link where the marketplace user picks the account payouts go to.
    TradeSelectPayoutAccount {
        marketplace_user_id: String,
        return_url: Option<String>,
        app_switch_callback_uri: Option<String>,
        app_switch_operating_system: Option<String>,
    },
}

impl Action for TradeAction {
    type Answer = TradeSent;

    fn kind(&self) -> &'static str {
        kind(self)
    }
    fn target(&self) -> &str {
        target(self)
    }
    fn amount(&self) -> Option<&str> {
        amount(self)
    }
    fn validate(&self) -> Result<(), AppError> {
        crate::fields::id("transactionId", self.target())?;
        validate(self)
    }
    async fn send(&self, client: &Client, key: &IdempotencyKey) -> Result<Sent<TradeSent>, AppError> {
        let sent = send(client, self, &CallOptions::with_idempotency_key(key.clone())).await?;
        Ok(Sent { correlation_id: Some(sent.correlation_id.clone()), answer: sent })
    }
    async fn reconcile(&self, _client: &Client) -> Result<Option<bool>, AppError> {
        Ok(None) // no v2 transaction to look at; keyed trade calls are replayed by the service
    }
    fn note(&self, _answer: &TradeSent) -> Option<String> {
        None
    }
}

fn kind(r: &TradeAction) -> &'static str {
    match r {
        TradeAction::BusinessUserCreate { .. } => "businessUserCreate",
        TradeAction::BusinessUserEdit { .. } => "businessUserEdit",
        TradeAction::BusinessUserDelete { .. } => "businessUserDelete",
        TradeAction::TradeInitiate { .. } => "tradeInitiate",
        TradeAction::TradeAcceptInvitation { .. } => "tradeAcceptInvitation",
        TradeAction::TradeAcceptAndPay { .. } => "tradeAcceptAndPay",
        TradeAction::TradeRejectInvitation { .. } => "tradeRejectInvitation",
        TradeAction::TradeAcceptItemCondition { .. } => "tradeAcceptItemCondition",
        TradeAction::TradeRejectItemCondition { .. } => "tradeRejectItemCondition",
        TradeAction::TradeAbandon { .. } => "tradeAbandon",
        TradeAction::TradeBuyDeliveryShipment { .. } => "tradeBuyDeliveryShipment",
        TradeAction::TradeBuyReturnShipment { .. } => "tradeBuyReturnShipment",
        TradeAction::TradeCancel { .. } => "tradeCancel",
        TradeAction::TradeReimburse { .. } => "tradeReimburse",
        TradeAction::TradeStatusLink { .. } => "tradeStatusLink",
        TradeAction::TradePaymentFlow { .. } => "tradePaymentFlow",
        TradeAction::TradeUserConnect { .. } => "tradeUserConnect",
        TradeAction::TradeSelectPayoutAccount { .. } => "tradeSelectPayoutAccount",
    }
}

/// The journal target: the trade id (the business id for business users).
fn target(r: &TradeAction) -> &str {
    match r {
        TradeAction::BusinessUserCreate { request } => &request.business_id,
        TradeAction::BusinessUserEdit { business_id, .. } | TradeAction::BusinessUserDelete { business_id, .. } => {
            business_id
        }
        TradeAction::TradeInitiate { .. } => NEW_TRADE,
        TradeAction::TradeAcceptInvitation { trade_id, .. }
        | TradeAction::TradeAcceptAndPay { trade_id, .. }
        | TradeAction::TradeRejectInvitation { trade_id, .. }
        | TradeAction::TradeAcceptItemCondition { trade_id, .. }
        | TradeAction::TradeRejectItemCondition { trade_id, .. }
        | TradeAction::TradeAbandon { trade_id, .. }
        | TradeAction::TradeBuyDeliveryShipment { trade_id, .. }
        | TradeAction::TradeBuyReturnShipment { trade_id, .. }
        | TradeAction::TradeCancel { trade_id, .. }
        | TradeAction::TradeReimburse { trade_id, .. }
        | TradeAction::TradeStatusLink { trade_id, .. }
        | TradeAction::TradePaymentFlow { trade_id, .. } => trade_id,
        TradeAction::TradeUserConnect { marketplace_user_id, .. }
        | TradeAction::TradeSelectPayoutAccount { marketplace_user_id, .. } => marketplace_user_id,
    }
}

/// The amount an action moves, for confirmation and the audit log.
fn amount(r: &TradeAction) -> Option<&str> {
    match r {
        TradeAction::TradeInitiate { input } => Some(&input.amount),
        TradeAction::TradeAcceptAndPay { amount, .. } | TradeAction::TradeReimburse { amount, .. } => Some(amount),
        TradeAction::TradeBuyDeliveryShipment { price, .. } | TradeAction::TradeBuyReturnShipment { price, .. } => {
            Some(price)
        }
        _ => None,
    }
}

/// Every check of the client (and the spec's bounds) before anything is written or sent;
/// a fault names the wire field (`fieldErrors`).
fn validate(r: &TradeAction) -> Result<(), AppError> {
    match r {
        TradeAction::BusinessUserCreate { request } => trade::validate::create_business_user(request).map(drop)?,
        TradeAction::BusinessUserEdit { business_id, business_location_id, request } => {
            user("businessId", business_id)?;
            user("businessLocationId", business_location_id)?;
            trade::validate::edit_business_user(request).map(drop)?;
        }
        TradeAction::BusinessUserDelete { business_id, business_location_id } => {
            user("businessId", business_id)?;
            user("businessLocationId", business_location_id)?;
        }
        TradeAction::TradeInitiate { input } => create_trade(input).map(drop)?,
        TradeAction::TradeAcceptInvitation { trade_id, marketplace_user_id }
        | TradeAction::TradeRejectInvitation { trade_id, marketplace_user_id }
        | TradeAction::TradeAcceptItemCondition { trade_id, marketplace_user_id }
        | TradeAction::TradeAbandon { trade_id, marketplace_user_id } => {
            user("tradeId", trade_id)?;
            user("marketplaceUserId", marketplace_user_id)?;
        }
        TradeAction::TradeAcceptAndPay { trade_id, marketplace_user_id, receiver_shop_id, amount } => {
            user("tradeId", trade_id)?;
            user("marketplaceUserId", marketplace_user_id)?;
            trade::validate::receiver_shop_id(some(receiver_shop_id).as_deref())?;
            if money("amount", amount)? <= Decimal::ZERO {
                return Err(field_error("amount", "must be more than 0"));
            }
        }
        TradeAction::TradeRejectItemCondition { trade_id, marketplace_user_id, reason } => {
            user("tradeId", trade_id)?;
            user("marketplaceUserId", marketplace_user_id)?;
            trade::validate::rejection_reason(reason.trim())?;
        }
        TradeAction::TradeBuyDeliveryShipment {
            trade_id,
            marketplace_user_id,
            shipment_provider_id,
            price,
            expected_max_weight_in_grams,
        }
        | TradeAction::TradeBuyReturnShipment {
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
        TradeAction::TradeCancel { trade_id, state } => {
            user("tradeId", trade_id)?;
            trade::validate::state(state.trim())?;
        }
        TradeAction::TradeReimburse { trade_id, payer_marketplace_user_id, amount } => {
            user("tradeId", trade_id)?;
            user("payerMarketplaceUserId", payer_marketplace_user_id)?;
            trade::validate::reimburse(money("amount", amount)?)?;
        }
        TradeAction::TradeStatusLink {
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
        TradeAction::TradePaymentFlow { trade_id, marketplace_user_id, payment_id, .. } => {
            user("tradeId", trade_id)?;
            user("marketplaceUserId", marketplace_user_id)?;
            user("paymentId", payment_id)?;
            trade::validate::payment_flow(&flow(r).unwrap_or_default())?;
        }
        TradeAction::TradeUserConnect { .. } => {
            let (req, _) = connect(r).unwrap_or_default();
            trade::validate::connect(&req)?;
        }
        TradeAction::TradeSelectPayoutAccount { marketplace_user_id, .. } => {
            user("marketplaceUserId", marketplace_user_id)?;
            trade::validate::select_payout_account(&payout_account(r).unwrap_or_default())?;
        }
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

fn flow(r: &TradeAction) -> Option<TradePaymentFlowRequest> {
    let TradeAction::TradePaymentFlow {
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
fn connect(r: &TradeAction) -> Option<(TradeConnectRequest, bool)> {
    let TradeAction::TradeUserConnect {
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

fn payout_account(r: &TradeAction) -> Option<TradeSelectPayoutAccount> {
    let TradeAction::TradeSelectPayoutAccount {
        return_url, app_switch_callback_uri, app_switch_operating_system, ..
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
async fn send(client: &Client, r: &TradeAction, opts: &CallOptions) -> Result<TradeSent, AppError> {
    let api = client.trade();
    let out = match r {
        TradeAction::BusinessUserCreate { request } => {
            let (user, mut s) = sent(api.create_business_user(request, opts).await?);
            s.business_user = Some(user);
            s
        }
        TradeAction::BusinessUserEdit { business_id, business_location_id, request } => {
            let (user, mut s) =
                sent(api.edit_business_user(business_id.trim(), business_location_id.trim(), request, opts).await?);
            s.business_user = Some(user);
            s
        }
        TradeAction::BusinessUserDelete { business_id, business_location_id } => {
            sent(api.delete_business_user(business_id.trim(), business_location_id.trim(), opts).await?).1
        }
        TradeAction::TradeInitiate { input } => {
            let (created, mut s) = sent(api.initiate_trade(&create_trade(input)?, opts).await?);
            s.trade_id = Some(created.trade_id);
            s
        }
        TradeAction::TradeAcceptInvitation { trade_id, marketplace_user_id } => {
            sent(api.accept_trade(marketplace_user_id.trim(), trade_id, opts).await?).1
        }
        TradeAction::TradeAcceptAndPay { trade_id, marketplace_user_id, receiver_shop_id, .. } => {
            let shop = some(receiver_shop_id);
            let (payment, mut s) =
                sent(api.accept_trade_and_pay(marketplace_user_id.trim(), trade_id, shop.as_deref(), opts).await?);
            s.payment = Some(payment);
            s
        }
        TradeAction::TradeRejectInvitation { trade_id, marketplace_user_id } => {
            sent(api.reject_trade(marketplace_user_id.trim(), trade_id, opts).await?).1
        }
        TradeAction::TradeAcceptItemCondition { trade_id, marketplace_user_id } => {
            sent(api.accept_item_condition(marketplace_user_id.trim(), trade_id, opts).await?).1
        }
        TradeAction::TradeRejectItemCondition { trade_id, marketplace_user_id, reason } => {
            sent(api.reject_item_condition(marketplace_user_id.trim(), trade_id, reason.trim(), opts).await?).1
        }
        TradeAction::TradeAbandon { trade_id, marketplace_user_id } => {
            sent(api.abandon_trade(marketplace_user_id.trim(), trade_id, opts).await?).1
        }
        TradeAction::TradeBuyDeliveryShipment {
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
        TradeAction::TradeBuyReturnShipment {
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
        TradeAction::TradeCancel { state, .. } => sent(api.cancel_trade(state.trim(), opts).await?).1,
        TradeAction::TradeReimburse { trade_id, payer_marketplace_user_id, amount } => {
            sent(api.reimburse_payer(payer_marketplace_user_id.trim(), trade_id, money("amount", amount)?, opts).await?)
                .1
        }
        TradeAction::TradeStatusLink {
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
        TradeAction::TradePaymentFlow { marketplace_user_id, payment_id, .. } => {
            let body = flow(r).unwrap_or_default();
            let (link, mut s) =
                sent(api.initiate_payment_flow(marketplace_user_id.trim(), payment_id.trim(), &body, opts).await?);
            s.url = Some(link.url);
            s
        }
        TradeAction::TradeUserConnect { .. } => {
            let (body, force) = connect(r).unwrap_or_default();
            let (link, mut s) = sent(api.initiate_user_connect(&body, force, opts).await?);
            s.url = Some(link.url);
            s
        }
        TradeAction::TradeSelectPayoutAccount { marketplace_user_id, .. } => {
            let body = payout_account(r).unwrap_or_default();
            let (link, mut s) = sent(api.select_payout_account(marketplace_user_id.trim(), &body, opts).await?);
            s.url = Some(link.url);
            s
        }
    };
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::super::inputs::{InitiateTradeInput, ShippingInput};
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
        let r = TradeAction::TradeBuyDeliveryShipment {
            trade_id: "t".into(),
            marketplace_user_id: "u".into(),
            shipment_provider_id: "dhl".into(),
            price: "10".into(),
            expected_max_weight_in_grams: 1000,
        };
        assert_eq!(validate(&r).unwrap_err().field_errors.unwrap()[0].field, "shipmentProviderId");
        assert_eq!(kind(&r), "tradeBuyDeliveryShipment");
        assert_eq!(Action::kind(&r), "tradeBuyDeliveryShipment");
        assert_eq!(Action::amount(&r), Some("10"));
    }
}
