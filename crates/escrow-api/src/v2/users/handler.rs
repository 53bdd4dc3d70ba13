//! `client.users()`.

use super::models::{BankAccountList, BankAccountRef, BankList, OnboardingResult, StartOnboarding, User, UserPage};
use super::query::ListUsers;
use crate::client::{Body, CallOptions, Client, Request};
use crate::error::Result;
use crate::routes::v2::V2Route;
use crate::v2::connect::models::HostedUrl;
use crate::validate::{check_return_url, non_empty};
use serde::de::IgnoredAny;

fn account_ref(r: &BankAccountRef) -> Result<()> {
    non_empty("bankId", &r.bank_id)?;
    non_empty("bankAccountId", &r.bank_account_id)?;
    Ok(())
}

/// Borrows the client: one per call costs nothing.
#[derive(Debug, Clone, Copy)]
pub struct UsersHandler<'c> {
    client: &'c Client,
}

impl Client {
    /// The tenant's users and their bank accounts.
    pub fn users(&self) -> UsersHandler<'_> {
        UsersHandler { client: self }
    }
}

impl UsersHandler<'_> {
    /// `GET /v2/users`: one page of the tenant's connected users.
    pub async fn list(&self, query: &ListUsers) -> Result<UserPage> {
        let mut req = Request::get(self.client.path(V2Route::ListUsers, &[]));
        req.query = query.query()?;
        Ok(self.client.send(req, &CallOptions::default()).await?.value)
    }

    /// `GET /v2/users/{serviceAccountId}`: the full record.
    pub async fn get(&self, service_account_id: &str) -> Result<User> {
        let id = non_empty("serviceAccountId", service_account_id)?;
        let req = Request::get(self.client.path(V2Route::GetUserAccount, &[("serviceAccountId", id)]));
        Ok(self.client.send(req, &CallOptions::default()).await?.value)
    }

    /// `GET /v2/users/{serviceAccountId}/banks`: banks open for onboarding.
    pub async fn list_banks(&self, service_account_id: &str) -> Result<BankList> {
        let id = non_empty("serviceAccountId", service_account_id)?;
        let req = Request::get(self.client.path(V2Route::ListBanks, &[("serviceAccountId", id)]));
        Ok(self.client.send(req, &CallOptions::default()).await?.value)
    }

    /// `GET /v2/users/{serviceAccountId}/bank-accounts`: the connected accounts.
    pub async fn list_bank_accounts(&self, service_account_id: &str) -> Result<BankAccountList> {
        let id = non_empty("serviceAccountId", service_account_id)?;
        let req = Request::get(self.client.path(V2Route::ListBankAccounts, &[("serviceAccountId", id)]));
        Ok(self.client.send(req, &CallOptions::default()).await?.value)
    }

    /// `POST .../bank-accounts/initialize`: the hosted bank-selection page to send the
    /// person to. 404 `Invalid account` / `Invalid bank`; 400 `Invalid bank url`
    /// (retry later).
    pub async fn start_bank_account_onboarding(
        &self,
        service_account_id: &str,
        request: &StartOnboarding,
    ) -> Result<HostedUrl> {
        let id = non_empty("serviceAccountId", service_account_id)?;
        non_empty("bankId", &request.bank_id)?;
        check_return_url("returnUrl", &request.return_url)?;
        let req = Request::post(
            self.client.path(V2Route::StartBankOnboarding, &[("serviceAccountId", id)]),
            Body::json(request)?,
        );
        Ok(self.client.send(req, &CallOptions::default()).await?.value)
    }

    /// `GET .../bank-accounts/initialize`: what the person chose, for 30 minutes after
    /// they return; 400 `Invalid results` when nothing was chosen, it was cancelled or
    /// it expired.
    pub async fn get_bank_account_onboarding(&self, service_account_id: &str) -> Result<OnboardingResult> {
        let id = non_empty("serviceAccountId", service_account_id)?;
        let req = Request::get(self.client.path(V2Route::GetBankOnboarding, &[("serviceAccountId", id)]));
        Ok(self.client.send(req, &CallOptions::default()).await?.value)
    }

    /// `POST .../bank-accounts/add`, once per chosen account. The first becomes the
    /// default; one with the IBAN or BBAN of an existing account replaces it.
    pub async fn add_bank_account(&self, service_account_id: &str, account: &BankAccountRef) -> Result<()> {
        self.bank_account_action(service_account_id, V2Route::AddBankAccount, account).await
    }

    /// `POST .../bank-accounts/set-default`: the account that receives payouts.
    pub async fn set_default_bank_account(&self, service_account_id: &str, account: &BankAccountRef) -> Result<()> {
        self.bank_account_action(service_account_id, V2Route::SetDefaultBankAccount, account).await
    }

    /// `POST .../bank-accounts/delete`. The last account cannot be deleted (400
    /// `Bank account can't be deleted`).
    pub async fn delete_bank_account(&self, service_account_id: &str, account: &BankAccountRef) -> Result<()> {
        self.bank_account_action(service_account_id, V2Route::DeleteBankAccount, account).await
    }

    async fn bank_account_action(
        &self,
        service_account_id: &str,
        route: V2Route,
        account: &BankAccountRef,
    ) -> Result<()> {
        let id = non_empty("serviceAccountId", service_account_id)?;
        account_ref(account)?;
        let req = Request::post(self.client.path(route, &[("serviceAccountId", id)]), Body::json(account)?);
        self.client.send::<IgnoredAny>(req, &CallOptions::default()).await.map(|_| ())
    }
}
