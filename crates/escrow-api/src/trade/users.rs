//! Users of the trade API: connecting them, their payout account, their details.

use super::api::TradeApi;
use super::models::trade::TradeLink;
use super::models::user::{TradeConnectRequest, TradeSelectPayoutAccount, TradeUserDetails};
use super::validate;
use crate::client::{Body, CallOptions, Response};
use crate::dialect::{self, Dialect};
use crate::error::{Error, Result};
use crate::routes::trade::TradeRoute;

impl TradeApi {
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
        if self.client.dialect() == Dialect::Published {
            // The published connect body names the tenant's user id `userId`.
            dialect::rename_key(&mut body, "marketplaceUserId", "userId");
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
}
