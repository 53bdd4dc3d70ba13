//! Every check of a trade action before anything is written or sent: the client's
//! validators and the spec's bounds, each fault naming its wire field.

use super::actions::TradeAction;
use super::inputs::{create_trade, field_error, money, shipment, some, user};
use super::requests::{app_switch_of, connect, flow, payout_account};
use crate::error::AppError;
use escrow_api::trade::{self, TradeStatusLinkRequest};
use rust_decimal::Decimal;

/// Every check of the client (and the spec's bounds) before anything is written or sent;
/// a fault names the wire field (`fieldErrors`).
pub(super) fn validate(r: &TradeAction) -> Result<(), AppError> {
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
        TradeAction::TradePerformAction { trade_id, marketplace_user_id, name } => {
            user("tradeId", trade_id)?;
            user("marketplaceUserId", marketplace_user_id)?;
            let n = name.trim().chars().count();
            if n == 0 || n > 100 || name.chars().any(char::is_control) {
                return Err(field_error("name", "must be 1 to 100 visible characters"));
            }
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
            // A local choice of the app's form (its textarea allows 5000): a reason of 1 to
            // 5000 characters. The spec asks only for a JSON string and the client sends any;
            // the app may be stricter than the service for its own form.
            let reason = reason.trim();
            if reason.is_empty() {
                return Err(field_error("reason", "is required"));
            }
            let n = reason.chars().count();
            if n > 5000 {
                return Err(field_error("reason", format!("must be 1 to 5000 characters (is {n})")));
            }
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

#[cfg(test)]
mod tests {
    use super::super::actions::kind;
    use super::super::inputs::{InitiateTradeInput, ShippingInput};
    use super::*;
    use crate::journal::Action;

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

    /// A blank target is refused on the journal's path under the field the service names.
    #[test]
    fn a_blank_target_names_its_own_field() {
        let field_of = |a: TradeAction| crate::journal::check(&a).err().map(|e| e.message).unwrap_or_default();
        let business = TradeAction::BusinessUserDelete { business_id: " ".into(), business_location_id: "1".into() };
        assert!(field_of(business).starts_with("businessId "));
        let trade = TradeAction::TradeAbandon { trade_id: "".into(), marketplace_user_id: "u".into() };
        assert!(field_of(trade).starts_with("tradeId "));
    }
}
