//! Staff actions of the business-user and trade API (spec document 2), journaled and
//! audited exactly like the v2 actions: the action as stored, its kind, target and
//! amount. Its checks are in [`super::checks`], its requests in [`super::requests`], and
//! [`super::journaled`] makes it a journal action.

use super::inputs::NEW_TRADE;
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
        input: Box<super::inputs::InitiateTradeInput>,
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
    /// An action the party's status lists under a name this app has no dialog for,
    /// posted by that name (`performTradeAction`).
    TradePerformAction {
        trade_id: String,
        marketplace_user_id: String,
        name: String,
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

pub(super) fn kind(r: &TradeAction) -> &'static str {
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
        TradeAction::TradePerformAction { .. } => "tradePerformAction",
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
pub(super) fn target(r: &TradeAction) -> &str {
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
        | TradeAction::TradePerformAction { trade_id, .. }
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

/// The field [`target`] names, as the service calls it.
pub(super) fn target_field(r: &TradeAction) -> &'static str {
    match r {
        TradeAction::BusinessUserCreate { .. }
        | TradeAction::BusinessUserEdit { .. }
        | TradeAction::BusinessUserDelete { .. } => "businessId",
        TradeAction::TradeUserConnect { .. } | TradeAction::TradeSelectPayoutAccount { .. } => "marketplaceUserId",
        _ => "tradeId",
    }
}

/// The amount an action moves, for confirmation and the audit log.
pub(super) fn amount(r: &TradeAction) -> Option<&str> {
    match r {
        TradeAction::TradeInitiate { input } => Some(&input.amount),
        TradeAction::TradeAcceptAndPay { amount, .. } | TradeAction::TradeReimburse { amount, .. } => Some(amount),
        TradeAction::TradeBuyDeliveryShipment { price, .. } | TradeAction::TradeBuyReturnShipment { price, .. } => {
            Some(price)
        }
        _ => None,
    }
}
