//! `client.connect()`.

use super::models::{ConnectRequest, ConnectStarted, ConnectionRecord, CreatedAccount, GuestUser};
use crate::client::{Body, CallOptions, Client, Request};
use crate::error::{Error, Result};
use crate::routes::v2::V2Route;
use crate::validate::{check_return_url, non_empty};
use serde::de::IgnoredAny;

/// Borrows the client: one per call costs nothing.
#[derive(Debug, Clone, Copy)]
pub struct ConnectHandler<'c> {
    client: &'c Client,
}

impl Client {
    /// The connect flow: link a tenant's user id to an account, look it up, remove it.
    pub fn connect(&self) -> ConnectHandler<'_> {
        ConnectHandler { client: self }
    }
}

impl ConnectHandler<'_> {
    /// `POST /v2/connect`: the hosted connect page to send the person to.
    pub async fn start(&self, request: &ConnectRequest) -> Result<ConnectStarted> {
        if request.allow_private == Some(false) && request.allow_business == Some(false) {
            return Err(Error::validation("allowPrivate", "allowPrivate and allowBusiness cannot both be false"));
        }
        if let Some(url) = request.return_url.as_deref() {
            check_return_url("returnUrl", url)?;
        }
        let req = Request::post(self.client.path(V2Route::StartConnect, &[]), Body::json(request)?);
        Ok(self.client.send(req, &CallOptions::default()).await?.value)
    }

    /// `GET /v2/connect/{referenceId}`: which account a referenceId is linked to.
    pub async fn get(&self, reference_id: &str) -> Result<ConnectionRecord> {
        let reference = non_empty("referenceId", reference_id)?;
        let req = Request::get(self.client.path(V2Route::GetConnection, &[("referenceId", reference)]));
        Ok(self.client.send(req, &CallOptions::default()).await?.value)
    }

    /// `POST /v2/connect/{referenceId}/guest`: an account without the hosted flow.
    pub async fn create_guest(&self, reference_id: &str, guest: &GuestUser) -> Result<CreatedAccount> {
        let reference = non_empty("referenceId", reference_id)?;
        if let Some(cvr) = guest.cvr.as_deref()
            && !(cvr.len() == 8 && cvr.bytes().all(|b| b.is_ascii_digit()))
        {
            return Err(Error::validation("cvr", "must be 8 digits"));
        }
        let req =
            Request::post(self.client.path(V2Route::CreateGuest, &[("referenceId", reference)]), Body::json(guest)?);
        Ok(self.client.send(req, &CallOptions::default()).await?.value)
    }

    /// `POST /v2/connect/{referenceId}/delete`: removes the link. Without a connection
    /// the account can take part in no transaction; use only for a specific purpose.
    pub async fn delete(&self, reference_id: &str) -> Result<()> {
        let reference = non_empty("referenceId", reference_id)?;
        let req =
            Request::post(self.client.path(V2Route::DeleteConnection, &[("referenceId", reference)]), Body::Empty);
        self.client.send::<IgnoredAny>(req, &CallOptions::default()).await.map(|_| ())
    }
}
