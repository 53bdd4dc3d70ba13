//! Connect operations (spec section 4, "Connect"): link a tenant's own user id
//! (referenceId) to an account, look it up, make guest accounts, remove a link.

use crate::client::{Body, CallOptions, Client, Request};
use crate::error::{Error, Result};
use crate::models::{ConnectRequest, ConnectStarted, ConnectionRecord, CreatedAccount, GuestUser};
use crate::routes::V2Route;
use crate::transactions::non_empty;
use serde::de::IgnoredAny;

/// Refuses a returnUrl the service could never redirect to.
pub(crate) fn check_return_url(field: &str, url: &str) -> Result<()> {
    match url::Url::parse(url.trim()) {
        Ok(u) if matches!(u.scheme(), "http" | "https") && u.host().is_some() => Ok(()),
        _ => Err(Error::validation(field, "must be an absolute http or https URL")),
    }
}

impl Client {
    /// `POST /v2/connect`: the hosted connect page to send the person to.
    pub async fn start_connect(&self, request: &ConnectRequest) -> Result<ConnectStarted> {
        if request.allow_private == Some(false) && request.allow_business == Some(false) {
            return Err(Error::validation("allowPrivate", "allowPrivate and allowBusiness cannot both be false"));
        }
        if let Some(url) = request.return_url.as_deref() {
            check_return_url("returnUrl", url)?;
        }
        let req = Request::post(self.path(V2Route::StartConnect, &[]), Body::json(request)?);
        Ok(self.send(req, &CallOptions::default()).await?.value)
    }

    /// `GET /v2/connect/{referenceId}`: which account a referenceId is linked to.
    pub async fn get_connection(&self, reference_id: &str) -> Result<ConnectionRecord> {
        let reference = non_empty("referenceId", reference_id)?;
        let req = Request::get(self.path(V2Route::GetConnection, &[("referenceId", reference)]));
        Ok(self.send(req, &CallOptions::default()).await?.value)
    }

    /// `POST /v2/connect/{referenceId}/guest`: an account without the hosted flow.
    pub async fn create_guest(&self, reference_id: &str, guest: &GuestUser) -> Result<CreatedAccount> {
        let reference = non_empty("referenceId", reference_id)?;
        if let Some(cvr) = guest.cvr.as_deref()
            && !(cvr.len() == 8 && cvr.bytes().all(|b| b.is_ascii_digit()))
        {
            return Err(Error::validation("cvr", "must be 8 digits"));
        }
        let req = Request::post(self.path(V2Route::CreateGuest, &[("referenceId", reference)]), Body::json(guest)?);
        Ok(self.send(req, &CallOptions::default()).await?.value)
    }

    /// `POST /v2/connect/{referenceId}/delete`: removes the link. Without a connection
    /// the account can take part in no transaction; use only for a specific purpose.
    pub async fn delete_connection(&self, reference_id: &str) -> Result<()> {
        let reference = non_empty("referenceId", reference_id)?;
        let req = Request::post(self.path(V2Route::DeleteConnection, &[("referenceId", reference)]), Body::Empty);
        self.send::<IgnoredAny>(req, &CallOptions::default()).await.map(|_| ())
    }
}
