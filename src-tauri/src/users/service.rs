//! Users, the connect flow and bank accounts (spec section 4, "Connect" and "Users and
//! bank accounts"). Reads are plain `Users` methods; every change of state (guest
//! creation, connection delete, bank-account add / set-default / delete) is an
//! [`ActionRequest`] journaled and audited with the user as target.

use super::Users;
use super::actions::UserAction;
use crate::error::AppError;
use crate::journal::Outcome;
use crate::shared::fields::{id, short, text};
use crate::shared::views::HostedUrlView;
use escrow_api::ListUsers;
use escrow_api::{
    Bank, BankAccount, ConnectRequest, ConnectionRecord, OnboardingResult, StartOnboarding, User, UserListItem,
};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Page size limit of the users list (the spec shows none; the sandbox caps at 100).
pub const MAX_USERS_TAKE: u32 = 100;

/// A page query of the users list.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct UserQuery {
    pub skip: u32,
    pub take: u32,
    /// Name, phone or account id contains this (matched by the desk over the pages).
    #[serde(default)]
    #[ts(optional)]
    pub search: Option<String>,
    /// The service's `Public` filter, sent as given.
    #[serde(default)]
    #[ts(optional)]
    pub public: Option<bool>,
}

/// One page of users. The service gives no total: `hasMore` is a full page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct UserPageView {
    pub environment_id: String,
    pub skip: u32,
    pub items: Vec<UserListItem>,
    pub has_more: bool,
}

/// A user's full record; `cpr` is masked (only the date part crosses to the web view).
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct UserView {
    pub environment_id: String,
    pub user: User,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ConnectionView {
    pub environment_id: String,
    pub connection: ConnectionRecord,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BanksView {
    pub environment_id: String,
    pub banks: Vec<Bank>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BankAccountsView {
    pub environment_id: String,
    pub items: Vec<BankAccount>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct OnboardingView {
    pub environment_id: String,
    pub result: OnboardingResult,
}

/// The connect form. Blank texts are not sent; unset flags leave the service's default.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ConnectInput {
    pub reference_id: Option<String>,
    pub return_url: Option<String>,
    pub allow_private: Option<bool>,
    pub allow_business: Option<bool>,
    pub skip_ui: Option<bool>,
    pub skip_phone_number: Option<bool>,
    pub skip_email: Option<bool>,
    pub skip_bank_account: Option<bool>,
    pub skip_kyc: Option<bool>,
    pub skip_kyb: Option<bool>,
}

/// A guest account (no hosted flow). The address is not offered: the spec does not
/// show its fields.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct GuestInput {
    pub reference_id: String,
    pub name: Option<String>,
    pub phone_number: Option<String>,
    pub email: Option<String>,
    pub cvr: Option<String>,
}

/// Only the birth date part of a CPR number (`DDMMYY-****`) leaves Rust.
pub fn mask_cpr(cpr: &str) -> String {
    let digits: String = cpr.chars().filter(char::is_ascii_digit).collect();
    if digits.len() >= 6 { format!("{}-****", &digits[..6]) } else { "******-****".into() }
}

impl Users {
    pub async fn list_users(&self, q: &UserQuery) -> Result<UserPageView, AppError> {
        if q.take == 0 || q.take > MAX_USERS_TAKE {
            return Err(AppError::validation("take must be 1 to 100"));
        }
        if i32::try_from(q.skip).is_err() {
            return Err(AppError::validation("skip is too large"));
        }
        if q.search.as_ref().is_some_and(|s| s.len() > 200) {
            return Err(AppError::validation("The search text is too long (200 characters at most)."));
        }
        if let Some(search) = q.search.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            return self.search_users(q, search).await;
        }
        let (environment_id, client) = self.desk.active_client()?;
        let page = client.users().list(&ListUsers { skip: Some(q.skip), take: Some(q.take), public: q.public }).await?;
        let has_more = page.items.len() as u32 >= q.take;
        Ok(UserPageView { environment_id, skip: q.skip, items: page.items, has_more })
    }

    pub async fn get_user(&self, service_account_id: &str) -> Result<UserView, AppError> {
        let sid = id("serviceAccountId", service_account_id)?;
        let (environment_id, client) = self.desk.active_client()?;
        let mut user = client.users().get(sid).await?;
        user.cpr = user.cpr.as_deref().map(mask_cpr);
        Ok(UserView { environment_id, user })
    }

    /// `POST /v2/connect`: a hosted connect page for the person (not journaled: nothing
    /// changes until the person finishes the flow).
    pub async fn start_connect(&self, input: &ConnectInput) -> Result<HostedUrlView, AppError> {
        let reference_id = text(&input.reference_id);
        if let Some(r) = &reference_id {
            id("referenceId", r)?;
        }
        let return_url = text(&input.return_url);
        short("returnUrl", &return_url, 2000)?;
        let request = ConnectRequest {
            reference_id,
            return_url,
            allow_private: input.allow_private,
            allow_business: input.allow_business,
            skip_ui: input.skip_ui,
            skip_phone_number: input.skip_phone_number,
            skip_email: input.skip_email,
            skip_bank_account: input.skip_bank_account,
            skip_kyc: input.skip_kyc,
            skip_kyb: input.skip_kyb,
        };
        let (environment_id, client) = self.desk.active_client()?;
        let started = client.connect().start(&request).await?;
        Ok(HostedUrlView { environment_id, url: started.connect_url })
    }

    /// `GET /v2/connect/{referenceId}`.
    pub async fn get_connection(&self, reference_id: &str) -> Result<ConnectionView, AppError> {
        let reference = id("referenceId", reference_id)?;
        let (environment_id, client) = self.desk.active_client()?;
        let connection = client.connect().get(reference).await?;
        Ok(ConnectionView { environment_id, connection })
    }

    /// Journaled; `value` is the new serviceAccountId.
    pub async fn create_guest(&self, input: &GuestInput) -> Result<Outcome<UserAction>, AppError> {
        let request = UserAction::CreateGuest {
            reference_id: input.reference_id.trim().to_owned(),
            name: text(&input.name),
            phone_number: text(&input.phone_number),
            email: text(&input.email),
            cvr: text(&input.cvr),
        };
        self.desk.run_with_value(&request).await
    }

    /// Journaled: removes the link between `reference_id` and the account.
    pub async fn delete_connection(
        &self,
        service_account_id: &str,
        reference_id: &str,
    ) -> Result<Outcome<UserAction>, AppError> {
        let request = UserAction::DeleteConnection {
            service_account_id: service_account_id.trim().into(),
            reference_id: reference_id.trim().into(),
        };
        self.desk.run_with_value(&request).await
    }

    pub async fn list_banks(&self, service_account_id: &str) -> Result<BanksView, AppError> {
        let sid = id("serviceAccountId", service_account_id)?;
        let (environment_id, client) = self.desk.active_client()?;
        let banks = client.users().list_banks(sid).await?.banks;
        Ok(BanksView { environment_id, banks })
    }

    pub async fn list_bank_accounts(&self, service_account_id: &str) -> Result<BankAccountsView, AppError> {
        let sid = id("serviceAccountId", service_account_id)?;
        let (environment_id, client) = self.desk.active_client()?;
        let items = client.users().list_bank_accounts(sid).await?.items;
        Ok(BankAccountsView { environment_id, items })
    }

    /// The bank's hosted page where the person picks accounts (not journaled: nothing
    /// changes until accounts are added from the result).
    pub async fn start_bank_onboarding(
        &self,
        service_account_id: &str,
        bank_id: &str,
        return_url: &str,
    ) -> Result<HostedUrlView, AppError> {
        let sid = id("serviceAccountId", service_account_id)?;
        let bank_id = id("bankId", bank_id)?;
        let return_url = return_url.trim();
        if return_url.is_empty() {
            return Err(AppError::validation("A return URL is required."));
        }
        short("returnUrl", &Some(return_url.to_owned()), 2000)?;
        let (environment_id, client) = self.desk.active_client()?;
        let start = StartOnboarding { bank_id: bank_id.into(), return_url: return_url.into(), psd2_type: None };
        let url = client.users().start_bank_account_onboarding(sid, &start).await?.url;
        Ok(HostedUrlView { environment_id, url })
    }

    pub async fn bank_onboarding_result(&self, service_account_id: &str) -> Result<OnboardingView, AppError> {
        let sid = id("serviceAccountId", service_account_id)?;
        let (environment_id, client) = self.desk.active_client()?;
        let result = client.users().get_bank_account_onboarding(sid).await?;
        Ok(OnboardingView { environment_id, result })
    }

    pub async fn add_bank_account(
        &self,
        service_account_id: &str,
        bank_id: &str,
        bank_account_id: &str,
    ) -> Result<Outcome<UserAction>, AppError> {
        self.bank_account_action(UserAction::AddBankAccount {
            service_account_id: service_account_id.trim().into(),
            bank_id: bank_id.trim().into(),
            bank_account_id: bank_account_id.trim().into(),
        })
        .await
    }

    pub async fn set_default_bank_account(
        &self,
        service_account_id: &str,
        bank_id: &str,
        bank_account_id: &str,
    ) -> Result<Outcome<UserAction>, AppError> {
        self.bank_account_action(UserAction::SetDefaultBankAccount {
            service_account_id: service_account_id.trim().into(),
            bank_id: bank_id.trim().into(),
            bank_account_id: bank_account_id.trim().into(),
        })
        .await
    }

    /// Journaled. The service refuses the last account (400 `Bank account can't be deleted`):
    /// the record is then `failed` with the service's title.
    pub async fn delete_bank_account(
        &self,
        service_account_id: &str,
        bank_id: &str,
        bank_account_id: &str,
    ) -> Result<Outcome<UserAction>, AppError> {
        self.bank_account_action(UserAction::DeleteBankAccount {
            service_account_id: service_account_id.trim().into(),
            bank_id: bank_id.trim().into(),
            bank_account_id: bank_account_id.trim().into(),
        })
        .await
    }

    async fn bank_account_action(&self, request: UserAction) -> Result<Outcome<UserAction>, AppError> {
        self.desk.run_with_value(&request).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::journal::Action;

    #[test]
    fn cpr_keeps_only_the_date() {
        assert_eq!(mask_cpr("140385-1234"), "140385-****");
        assert_eq!(mask_cpr("1403851234"), "140385-****");
        assert_eq!(mask_cpr("140385-XXXX"), "140385-****");
        assert_eq!(mask_cpr("12"), "******-****");
    }

    #[test]
    fn guest_fields_are_checked() {
        let ok = UserAction::CreateGuest {
            reference_id: "r".into(),
            name: None,
            phone_number: None,
            email: None,
            cvr: Some("1234 5678".into()),
        };
        assert!(ok.validate().is_ok());
        let bad = UserAction::CreateGuest {
            reference_id: "r".into(),
            name: None,
            phone_number: None,
            email: None,
            cvr: Some("123".into()),
        };
        assert!(bad.validate().is_err());
        let bad = UserAction::CreateGuest {
            reference_id: " ".into(),
            name: None,
            phone_number: None,
            email: None,
            cvr: None,
        };
        // The target is checked on the journal's path, named as the service names it.
        let err = crate::journal::check(&bad).err().expect("a blank reference id is refused");
        assert!(err.message.starts_with("referenceId "), "{}", err.message);
        assert!(crate::journal::check(&ok).is_ok());
    }
}
