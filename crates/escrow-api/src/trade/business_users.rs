//! Business users: register, edit, read and remove.

use super::api::TradeApi;
use super::models::business_user::{BusinessUser, CreateBusinessUser, EditBusinessUser};
use super::validate;
use crate::client::{Body, CallOptions, Response};
use crate::error::Result;
use crate::routes::trade::TradeRoute;
use serde::de::IgnoredAny;

impl TradeApi {
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
}
