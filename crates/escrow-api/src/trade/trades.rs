//! Trades: initiate, cancel, read, status links and reimbursing the payer.

use super::api::TradeApi;
use super::models::trade::{
    CreateTrade, CreatedTrade, Trade, TradeLink, TradePage, TradeReimburse, TradeState, TradeStatusLinkRequest,
};
use super::validate;
use crate::client::{Body, CallOptions, Response};
use crate::error::{Error, Result};
use crate::routes::trade::TradeRoute;
use rust_decimal::Decimal;
use serde::de::IgnoredAny;

/// Paging of [`TradeApi::get_trades`]; unset fields use the service's defaults (the
/// sandbox: page 1, 20 per page, at most 100).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TradePageQuery {
    /// 1-based page number.
    pub page: Option<u32>,
    /// Trades per page.
    pub page_size: Option<u32>,
}

impl TradeApi {
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
}
