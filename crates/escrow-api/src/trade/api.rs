//! [`TradeApi`]: the handle every trade operation hangs off, and the request plumbing
//! they share (route lookup, the UUID correlation rule, naming numeric actions).

use super::models::trade::Trade;
use super::validate;
use crate::client::{Body, CallOptions, Client, Request, Response};
use crate::error::Result;
use crate::routes::action_codes::TradeActionCodes;
use crate::routes::trade::{TradeRoute, TradeRoutes};
use serde::de::DeserializeOwned;

/// The trade API over a [`Client`]: cheap to clone, holds the route table in force.
#[derive(Debug, Clone)]
pub struct TradeApi {
    pub(super) client: Client,
    pub(super) routes: TradeRoutes,
    pub(super) action_codes: TradeActionCodes,
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

    pub(super) fn request(&self, route: TradeRoute, params: &[(&str, &str)], body: Body) -> Result<Request> {
        for (name, value) in params {
            validate::path_param(name, value)?;
        }
        let (method, path) = self.routes.resolve_in(route, self.client.dialect(), params);
        Ok(Request::new(route.name(), method, path, body))
    }

    pub(super) async fn send<T: DeserializeOwned>(&self, req: Request, opts: &CallOptions) -> Result<Response<T>> {
        validate::correlation(opts)?;
        self.client.send(req, opts).await
    }

    pub(super) async fn get<T: DeserializeOwned>(
        &self,
        route: TradeRoute,
        params: &[(&str, &str)],
        opts: &CallOptions,
    ) -> Result<T> {
        validate::correlation(opts)?;
        let req = self.request(route, params, Body::Empty)?;
        Ok(self.send(req, opts).await?.value)
    }

    pub(super) async fn trade_action<T: DeserializeOwned>(
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
    pub(super) async fn trade_step(
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
}
