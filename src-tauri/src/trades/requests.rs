//! The request each trade action sends; money-moving calls use the client's keyed
//! operations, so a retry sends the stored Idempotency-Key again.

use super::actions::TradeAction;
use super::inputs::{create_trade, money, shipment, some};
use crate::error::AppError;
use escrow_api::trade::{
    BusinessUser, PaymentToEscrow, TradeAppSwitch, TradeConnectRequest, TradePaymentFlowRequest,
    TradeSelectPayoutAccount, TradeStatusLinkRequest,
};
use escrow_api::{CallOptions, Client};

/// The appSwitch object when either field is given (the spec lets both be absent).
pub(super) fn app_switch_of(uri: &Option<String>, os: &Option<String>) -> Option<TradeAppSwitch> {
    match (some(uri), some(os)) {
        (None, None) => None,
        (uri, os) => Some(TradeAppSwitch { app_switch_callback_uri: uri, operating_system: os }),
    }
}

pub(super) fn flow(r: &TradeAction) -> Option<TradePaymentFlowRequest> {
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
pub(super) fn connect(r: &TradeAction) -> Option<(TradeConnectRequest, bool)> {
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

pub(super) fn payout_account(r: &TradeAction) -> Option<TradeSelectPayoutAccount> {
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
pub(super) async fn send(client: &Client, r: &TradeAction, opts: &CallOptions) -> Result<TradeSent, AppError> {
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
        TradeAction::TradePerformAction { trade_id, marketplace_user_id, name } => {
            sent(api.perform_action(marketplace_user_id.trim(), trade_id, name.trim(), opts).await?).1
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
