//! The business-user and trade API (spec document 2): business users, trades between a
//! payer and a payee keyed by the tenant's own user ids (marketplaceUserId), user
//! connection, invitations, shipments and payment flows.
//!
//! ```no_run
//! # async fn demo(client: escrow_api::Client) -> escrow_api::Result<()> {
//! use escrow_api::CallOptions;
//! let trade = client.trade();
//! let user = trade.get_user("seller-42", &CallOptions::default()).await?;
//! println!("{:?} onboarded: {}", user.name, user.has_completed_onboarding);
//! # Ok(()) }
//! ```
//!
//! - Routes: the spec shows none; [`routes`] holds the defaults, overridable by name
//!   ([`TradeApi::with_routes`]).
//! - Every bound of the spec is checked before sending ([`validate`]); a refused call
//!   names the wire field and sends nothing (`attempts == 0`).
//! - `X-Correlation-Id` must be a UUID for this API; the client's generated ids are.
//! - Idempotency: the spec gives this API no Idempotency-Key, but the money-moving
//!   operations (initiate trade, cancel, reimburse, accept-and-pay, accept item
//!   condition, abandon, payment flow, buy delivery/return shipment) send one anyway,
//!   the same on every retry, so a retry after a timeout cannot act twice where the
//!   service honours it (the sandbox does). A service that ignores the header is no
//!   worse off. Other POSTs (accept, reject, reject item condition, links, business
//!   users) are not retried once sent; GETs are.
//! - 400s carry field faults: see [`field_errors`]. A not-found may come as 404 or as
//!   a 400 with a not-found `typeCode`: see [`is_not_found`].

pub mod action_codes;
pub mod models;
pub mod routes;
pub mod status;
pub mod validate;

pub use action_codes::TradeActionCodes;
pub use models::*;
pub use routes::{TradeRoute, TradeRoutes};
pub use status::{TradePartyStatus, TradePhase, TradePhases, TradeStatusAction, TradeTimelineEvent};

use crate::client::{Body, CallOptions, Client, Request, Response};
use crate::error::{Error, ErrorKind, FieldError, Result};
use rust_decimal::Decimal;
use serde::de::{DeserializeOwned, IgnoredAny};

/// The trade API over a [`Client`]: cheap to clone, holds the route table in force.
#[derive(Debug, Clone)]
pub struct TradeApi {
    client: Client,
    routes: TradeRoutes,
    action_codes: TradeActionCodes,
}

impl Client {
    /// The business-user and trade API, at the routes given to the builder (the defaults
    /// unless overridden).
    pub fn trade(&self) -> TradeApi {
        TradeApi {
            client: self.clone(),
            routes: self.trade_routes().clone(),
            action_codes: self.trade_action_codes().clone(),
        }
    }
}

/// Paging of [`TradeApi::get_trades`]; unset fields use the service's defaults (the
/// sandbox: page 1, 20 per page, at most 100).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TradePageQuery {
    /// 1-based page number.
    pub page: Option<u32>,
    /// Trades per page.
    pub page_size: Option<u32>,
}

/// The field faults of a 400 (`errors[{key, value}]`), empty when there are none.
pub fn field_errors(err: &Error) -> &[FieldError] {
    match err.body() {
        Some(crate::ErrorBody::Problem(p)) => p.errors.as_deref().unwrap_or_default(),
        _ => &[],
    }
}

/// Not found: a 404, or a 400 whose `typeCode` names a not-found (the spec's example).
pub fn is_not_found(err: &Error) -> bool {
    match &err.kind {
        ErrorKind::NotFound(_) => true,
        ErrorKind::BadRequest(crate::ErrorBody::Problem(p)) => {
            p.type_code.as_deref().is_some_and(|c| c.to_ascii_lowercase().contains("notfound"))
        }
        _ => false,
    }
}

impl TradeApi {
    /// Uses `routes` instead of the defaults.
    pub fn with_routes(mut self, routes: TradeRoutes) -> Self {
        self.routes = routes;
        self
    }

    /// The route table in force.
    pub fn routes(&self) -> &TradeRoutes {
        &self.routes
    }

    fn request(&self, route: TradeRoute, params: &[(&str, &str)], body: Body) -> Result<Request> {
        for (name, value) in params {
            validate::path_param(name, value)?;
        }
        let (method, path) = self.routes.resolve_in(route, self.client.dialect(), params);
        Ok(Request { method, path, query: Vec::new(), body, idempotent_key: false })
    }

    async fn send<T: DeserializeOwned>(&self, req: Request, opts: &CallOptions) -> Result<Response<T>> {
        validate::correlation(opts)?;
        self.client.send(req, opts).await
    }

    async fn get<T: DeserializeOwned>(
        &self,
        route: TradeRoute,
        params: &[(&str, &str)],
        opts: &CallOptions,
    ) -> Result<T> {
        validate::correlation(opts)?;
        let req = self.request(route, params, Body::Empty)?;
        Ok(self.send(req, opts).await?.value)
    }

    // ---- business users ------------------------------------------------------------

    /// Registers a business user; the answer carries its `userId`.
    pub async fn create_business_user(
        &self,
        req: &CreateBusinessUser,
        opts: &CallOptions,
    ) -> Result<Response<BusinessUser>> {
        validate::correlation(opts)?;
        let body = validate::create_business_user(req)?;
        let req = self.request(TradeRoute::CreateBusinessUser, &[], Body::json(&body)?)?;
        self.send(req, opts).await
    }

    /// Changes a business user's name, phone, address and payout account.
    pub async fn edit_business_user(
        &self,
        business_id: &str,
        business_location_id: &str,
        req: &EditBusinessUser,
        opts: &CallOptions,
    ) -> Result<Response<BusinessUser>> {
        validate::correlation(opts)?;
        let body = validate::edit_business_user(req)?;
        let params = [("businessId", business_id), ("businessLocationId", business_location_id)];
        let req = self.request(TradeRoute::EditBusinessUser, &params, Body::json(&body)?)?;
        self.send(req, opts).await
    }

    /// Reads a business user.
    pub async fn get_business_user(
        &self,
        business_id: &str,
        business_location_id: &str,
        opts: &CallOptions,
    ) -> Result<BusinessUser> {
        let params = [("businessId", business_id), ("businessLocationId", business_location_id)];
        self.get(TradeRoute::GetBusinessUser, &params, opts).await
    }

    /// Removes a business user.
    pub async fn delete_business_user(
        &self,
        business_id: &str,
        business_location_id: &str,
        opts: &CallOptions,
    ) -> Result<Response<()>> {
        validate::correlation(opts)?;
        let params = [("businessId", business_id), ("businessLocationId", business_location_id)];
        let req = self.request(TradeRoute::DeleteBusinessUser, &params, Body::Empty)?;
        let res = self.send::<Option<IgnoredAny>>(req, opts).await?;
        Ok(Response { value: (), meta: res.meta })
    }

    // ---- trades --------------------------------------------------------------------

    /// Creates a trade (keyed: a retry never makes a second trade where the key is honoured).
    pub async fn initiate_trade(&self, req: &CreateTrade, opts: &CallOptions) -> Result<Response<CreatedTrade>> {
        validate::correlation(opts)?;
        validate::create_trade(req)?;
        let req = self.request(TradeRoute::InitiateTrade, &[], Body::json(req)?)?.keyed();
        self.send(req, opts).await
    }

    /// Cancels a trade by its state id (keyed: cancelling may refund the payer).
    pub async fn cancel_trade(&self, state: &str, opts: &CallOptions) -> Result<Response<TradeState>> {
        validate::correlation(opts)?;
        validate::state(state)?;
        let body = TradeState { state: state.to_owned() };
        let req = self.request(TradeRoute::CancelTrade, &[], Body::json(&body)?)?.keyed();
        self.send(req, opts).await
    }

    /// One page of the trades a user takes part in.
    pub async fn get_trades(
        &self,
        marketplace_user_id: &str,
        query: TradePageQuery,
        opts: &CallOptions,
    ) -> Result<TradePage> {
        validate::correlation(opts)?;
        let mut req =
            self.request(TradeRoute::GetTrades, &[("marketplaceUserId", marketplace_user_id)], Body::Empty)?;
        for (name, value) in [("page", query.page), ("pageSize", query.page_size)] {
            if let Some(v) = value {
                if v == 0 || i32::try_from(v).is_err() {
                    return Err(Error::validation(name, "must be 1 to 2147483647"));
                }
                req.query.push((name, v.to_string()));
            }
        }
        let mut page: TradePage = self.send(req, opts).await?.value;
        self.action_codes.name_page(&mut page);
        Ok(page)
    }

    /// One trade as the user (a party of it) sees it.
    pub async fn get_trade(&self, marketplace_user_id: &str, trade_id: &str, opts: &CallOptions) -> Result<Trade> {
        let mut trade: Trade = self
            .get(TradeRoute::GetTrade, &[("marketplaceUserId", marketplace_user_id), ("tradeId", trade_id)], opts)
            .await?;
        self.action_codes.name_trade(&mut trade);
        Ok(trade)
    }

    /// A link to the trade's hosted status page for the user.
    pub async fn get_trade_status_link(
        &self,
        marketplace_user_id: &str,
        trade_id: &str,
        req: &TradeStatusLinkRequest,
        opts: &CallOptions,
    ) -> Result<Response<TradeLink>> {
        validate::correlation(opts)?;
        validate::status_link(req)?;
        let params = [("marketplaceUserId", marketplace_user_id), ("tradeId", trade_id)];
        let req = self.request(TradeRoute::GetTradeStatusLink, &params, Body::json(req)?)?;
        self.send(req, opts).await
    }

    /// Pays `amount` of the escrowed money back to the payer (keyed).
    pub async fn reimburse_payer(
        &self,
        payer_marketplace_user_id: &str,
        trade_id: &str,
        amount: Decimal,
        opts: &CallOptions,
    ) -> Result<Response<()>> {
        validate::correlation(opts)?;
        validate::reimburse(amount)?;
        let params = [("payerMarketplaceUserId", payer_marketplace_user_id), ("tradeId", trade_id)];
        let body = TradeReimburse { amount };
        let req = self.request(TradeRoute::ReimbursePayer, &params, Body::json(&body)?)?.keyed();
        let res = self.send::<Option<IgnoredAny>>(req, opts).await?;
        Ok(Response { value: (), meta: res.meta })
    }

    // ---- users ---------------------------------------------------------------------

    /// A link where the user connects; `force_onboarding` forces a national eID sign-in
    /// even when the user's session has cookies (the spec's default: false).
    pub async fn initiate_user_connect(
        &self,
        req: &TradeConnectRequest,
        force_onboarding: bool,
        opts: &CallOptions,
    ) -> Result<Response<TradeLink>> {
        validate::correlation(opts)?;
        validate::connect(req)?;
        let mut body = serde_json::to_value(req).map_err(|e| Error::validation("body", e.to_string()))?;
        if self.client.dialect() == crate::Dialect::Published {
            // The published connect body names the tenant's user id `userId`.
            crate::dialect::rename_key(&mut body, "marketplaceUserId", "userId");
        }
        let mut req = self.request(TradeRoute::InitiateUserConnect, &[], Body::json(&body)?)?;
        req.query.push(("forceOnboarding", force_onboarding.to_string()));
        self.send(req, opts).await
    }

    /// A link where the user picks the payout account.
    pub async fn select_payout_account(
        &self,
        marketplace_user_id: &str,
        req: &TradeSelectPayoutAccount,
        opts: &CallOptions,
    ) -> Result<Response<TradeLink>> {
        validate::correlation(opts)?;
        validate::select_payout_account(req)?;
        let req = self.request(
            TradeRoute::SelectPayoutAccount,
            &[("marketplaceUserId", marketplace_user_id)],
            Body::json(req)?,
        )?;
        self.send(req, opts).await
    }

    /// A connected user's details.
    pub async fn get_user(&self, marketplace_user_id: &str, opts: &CallOptions) -> Result<TradeUserDetails> {
        self.get(TradeRoute::GetUser, &[("marketplaceUserId", marketplace_user_id)], opts).await
    }

    // ---- invitations and item condition --------------------------------------------

    async fn trade_action<T: DeserializeOwned>(
        &self,
        route: TradeRoute,
        user: &str,
        trade_id: &str,
        body: Body,
        keyed: bool,
        opts: &CallOptions,
    ) -> Result<Response<T>> {
        validate::correlation(opts)?;
        let mut req = self.request(route, &[("marketplaceUserId", user), ("tradeId", trade_id)], body)?;
        if keyed {
            req = req.keyed();
        }
        self.send(req, opts).await
    }

    /// [`TradeApi::trade_action`] answering the trade, its numeric actions named.
    async fn trade_step(
        &self,
        route: TradeRoute,
        user: &str,
        trade_id: &str,
        body: Body,
        keyed: bool,
        opts: &CallOptions,
    ) -> Result<Response<Trade>> {
        let mut res: Response<Trade> = self.trade_action(route, user, trade_id, body, keyed, opts).await?;
        self.action_codes.name_trade(&mut res.value);
        Ok(res)
    }

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
    /// phase starts.
    pub async fn reject_item_condition(
        &self,
        marketplace_user_id: &str,
        trade_id: &str,
        reason: &str,
        opts: &CallOptions,
    ) -> Result<Response<Trade>> {
        validate::rejection_reason(reason)?;
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

    // ---- payments and shipments ----------------------------------------------------

    /// A link where the user pays a payment to escrow. Keyed.
    pub async fn initiate_payment_flow(
        &self,
        marketplace_user_id: &str,
        payment_id: &str,
        req: &TradePaymentFlowRequest,
        opts: &CallOptions,
    ) -> Result<Response<TradeLink>> {
        validate::correlation(opts)?;
        validate::payment_flow(req)?;
        let params = [("marketplaceUserId", marketplace_user_id), ("paymentId", payment_id)];
        let req = self.request(TradeRoute::InitiatePaymentFlow, &params, Body::json(req)?)?.keyed();
        self.send(req, opts).await
    }

    /// The trade's payment to escrow.
    pub async fn get_payment(
        &self,
        marketplace_user_id: &str,
        trade_id: &str,
        opts: &CallOptions,
    ) -> Result<PaymentToEscrow> {
        self.get(TradeRoute::GetPayment, &[("marketplaceUserId", marketplace_user_id), ("tradeId", trade_id)], opts)
            .await
    }

    /// The payee buys the delivery shipment; the answer is the shipment's payment. Keyed.
    pub async fn buy_delivery_shipment(
        &self,
        marketplace_user_id: &str,
        trade_id: &str,
        req: &ShipmentPurchase,
        opts: &CallOptions,
    ) -> Result<Response<PaymentToEscrow>> {
        validate::shipment(req)?;
        self.trade_action(TradeRoute::BuyDeliveryShipment, marketplace_user_id, trade_id, Body::json(req)?, true, opts)
            .await
    }

    /// The payer buys the return shipment; the answer is the shipment's payment. Keyed.
    pub async fn buy_return_shipment(
        &self,
        marketplace_user_id: &str,
        trade_id: &str,
        req: &ShipmentPurchase,
        opts: &CallOptions,
    ) -> Result<Response<PaymentToEscrow>> {
        validate::shipment(req)?;
        self.trade_action(TradeRoute::BuyReturnShipment, marketplace_user_id, trade_id, Body::json(req)?, true, opts)
            .await
    }
}
