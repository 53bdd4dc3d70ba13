//! The payer's answers: to the invitation, to the item's condition, or walking away.

use super::api::TradeApi;
use super::models::payment::PaymentToEscrow;
use super::models::trade::Trade;
use super::validate;
use crate::client::{Body, CallOptions, Response};
use crate::error::Result;
use crate::routes::trade::TradeRoute;

impl TradeApi {
    /// The payer accepts the invitation.
    pub async fn accept_trade(
        &self,
        marketplace_user_id: &str,
        trade_id: &str,
        opts: &CallOptions,
    ) -> Result<Response<Trade>> {
        self.trade_step(TradeRoute::AcceptTrade, marketplace_user_id, trade_id, Body::Empty, false, opts).await
    }

    /// The payer accepts and starts paying: the answer is the payment to escrow to pay
    /// (see [`TradeApi::initiate_payment_flow`]). Keyed.
    pub async fn accept_trade_and_pay(
        &self,
        marketplace_user_id: &str,
        trade_id: &str,
        receiver_shop_id: Option<&str>,
        opts: &CallOptions,
    ) -> Result<Response<PaymentToEscrow>> {
        validate::correlation(opts)?;
        validate::receiver_shop_id(receiver_shop_id)?;
        let params = [("marketplaceUserId", marketplace_user_id), ("tradeId", trade_id)];
        let mut req = self.request(TradeRoute::AcceptTradeAndPay, &params, Body::Empty)?.keyed();
        if let Some(shop) = receiver_shop_id {
            req.query.push(("receiverShopId", shop.to_owned()));
        }
        self.send(req, opts).await
    }

    /// The payer rejects the invitation.
    pub async fn reject_trade(
        &self,
        marketplace_user_id: &str,
        trade_id: &str,
        opts: &CallOptions,
    ) -> Result<Response<Trade>> {
        self.trade_step(TradeRoute::RejectTrade, marketplace_user_id, trade_id, Body::Empty, false, opts).await
    }

    /// The payer accepts the item as received: the money goes to the payee. Keyed.
    pub async fn accept_item_condition(
        &self,
        marketplace_user_id: &str,
        trade_id: &str,
        opts: &CallOptions,
    ) -> Result<Response<Trade>> {
        self.trade_step(TradeRoute::AcceptItemCondition, marketplace_user_id, trade_id, Body::Empty, true, opts).await
    }

    /// The payer rejects the item (the body is the reason as a JSON string): the return
    /// phase starts. Any string is sent (the spec sets no bounds; the sandbox has a local
    /// limit of 1 to 5000 characters).
    pub async fn reject_item_condition(
        &self,
        marketplace_user_id: &str,
        trade_id: &str,
        reason: &str,
        opts: &CallOptions,
    ) -> Result<Response<Trade>> {
        self.trade_step(
            TradeRoute::RejectItemCondition,
            marketplace_user_id,
            trade_id,
            Body::json(&reason)?,
            false,
            opts,
        )
        .await
    }

    /// A party walks away from the trade (may refund the payer). Keyed.
    pub async fn abandon_trade(
        &self,
        marketplace_user_id: &str,
        trade_id: &str,
        opts: &CallOptions,
    ) -> Result<Response<Trade>> {
        self.trade_step(TradeRoute::AbandonTrade, marketplace_user_id, trade_id, Body::Empty, true, opts).await
    }

    /// A party performs an action its status lists, by name (body `{"name": ...}`): for
    /// a name with no operation of its own. Not keyed (the spec names no key for it).
    pub async fn perform_action(
        &self,
        marketplace_user_id: &str,
        trade_id: &str,
        name: &str,
        opts: &CallOptions,
    ) -> Result<Response<Trade>> {
        let body = Body::json(&serde_json::json!({ "name": name }))?;
        self.trade_step(TradeRoute::PerformTradeAction, marketplace_user_id, trade_id, body, false, opts).await
    }
}
