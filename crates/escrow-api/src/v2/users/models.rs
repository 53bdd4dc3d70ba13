//! Users (connected accounts), the banks they can onboard from and their bank accounts.

use crate::enums::{Currency, Psd2Type, UserType};
use crate::lenient::{self, null_default};
use crate::v2::connect::models::UserConnection;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// One row of `GET /v2/users`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[serde(remote = "Self")]
#[non_exhaustive]
pub struct UserListItem {
    /// The account's id.
    pub service_account_id: String,
    /// Name on the account (empty if the service sends null).
    #[serde(deserialize_with = "null_default")]
    pub name: String,
    /// Phone number on the account, if any.
    pub phone_number: Option<String>,
    /// Whether the user has confirmed the phone number.
    #[serde(deserialize_with = "null_default")]
    pub phone_number_verified: bool,
    /// When the account was created.
    #[serde(deserialize_with = "lenient::optional_datetime")]
    pub created: Option<DateTime<Utc>>,
    /// Private or Business (the spec does not list the values; others are kept as sent).
    #[serde(rename = "type")]
    pub user_type: Option<UserType>,
}
crate::dialect::tolerant_model!(UserListItem);

/// `GET /v2/users` answer (no total count in the spec).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[non_exhaustive]
pub struct UserPage {
    /// This page of users.
    #[serde(deserialize_with = "null_default")]
    pub items: Vec<UserListItem>,
}

/// Know-your-customer state. The level's type is not shown in the spec, so it is kept
/// as text (a number arrives as its digits).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[non_exhaustive]
pub struct Kyc {
    /// How far the identity check has got, as text (the spec shows neither type nor values).
    #[serde(deserialize_with = "lenient::optional_text")]
    pub level: Option<String>,
}

/// The full record of `GET /v2/users/{serviceAccountId}`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[serde(remote = "Self")]
#[non_exhaustive]
pub struct User {
    /// Record id as sent by the service; calls use `service_account_id`.
    pub id: Option<String>,
    /// The account's id.
    pub service_account_id: String,
    /// Every referenceId of the tenant linked to the account.
    #[serde(deserialize_with = "null_default")]
    pub connections: Vec<UserConnection>,
    /// Name on the account (empty if the service sends null).
    #[serde(deserialize_with = "null_default")]
    pub name: String,
    /// Identity-check state; `None` when not shown.
    pub kyc: Option<Kyc>,
    /// E-mail on the account, if any.
    pub email: Option<String>,
    /// Phone number on the account, if any.
    pub phone_number: Option<String>,
    /// Whether the user has confirmed the phone number.
    #[serde(deserialize_with = "null_default")]
    pub phone_number_verified: bool,
    /// As sent (a date or a date-time; the spec does not say which).
    pub date_of_birth: Option<String>,
    /// Danish personal id number (CPR), when the service shares it. Sensitive: do not log it.
    pub cpr: Option<String>,
    /// Danish company number (CVR) of a business account.
    pub cvr: Option<String>,
    /// The spec does not show the address fields; kept as JSON.
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub address: Option<serde_json::Value>,
    /// Private or Business (the spec does not list the values; others are kept as sent).
    #[serde(rename = "type")]
    pub user_type: Option<UserType>,
}
crate::dialect::tolerant_model!(User);

/// A bank a user can onboard accounts from; its `bankId` starts onboarding.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[non_exhaustive]
pub struct Bank {
    /// Starts onboarding from this bank.
    pub bank_id: String,
    /// The bank's name, for the person to choose from.
    #[serde(deserialize_with = "null_default")]
    pub name: String,
    /// The bank's central (shared data centre), as sent.
    pub bank_central: Option<String>,
}

/// `GET /v2/users/{serviceAccountId}/banks` answer.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[non_exhaustive]
pub struct BankList {
    /// Banks the user can onboard accounts from.
    #[serde(deserialize_with = "null_default")]
    pub banks: Vec<Bank>,
}

/// A bank account connected to a user; the default one receives payouts.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[non_exhaustive]
pub struct BankAccount {
    /// Name of the bank holding the account.
    pub bank: Option<String>,
    /// The bank's id, as in the banks list.
    pub bank_id: String,
    /// The account's id: pays a PSD2 payment, and names it for set-default and delete.
    pub bank_account_id: String,
    /// Danish account number (reg. no. + account no.).
    pub bban: Option<String>,
    /// The account as IBAN.
    pub iban: Option<String>,
    /// The account's name at the bank.
    pub account_name: Option<String>,
    /// Whether payouts go to this account; the first account added becomes default.
    #[serde(deserialize_with = "null_default")]
    pub is_default: bool,
}

/// `GET /v2/users/{serviceAccountId}/bank-accounts` answer.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[non_exhaustive]
pub struct BankAccountList {
    /// The user's connected accounts.
    #[serde(deserialize_with = "null_default")]
    pub items: Vec<BankAccount>,
}

/// `POST .../bank-accounts/initialize` body: which bank, and where the person returns.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct StartOnboarding {
    /// A bankId from the user's banks list (else 404 Invalid bank).
    pub bank_id: String,
    /// Where the person returns after choosing accounts at the bank.
    pub return_url: String,
    /// Default: the type of the user's account.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub psd2_type: Option<Psd2Type>,
}

/// An account the person chose at the bank, ready to add.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[non_exhaustive]
pub struct OnboardingAccount {
    /// Passed to add to connect this account.
    pub bank_account_id: String,
    /// The account's name at the bank.
    pub name: Option<String>,
    /// The account holder's name at the bank.
    pub owner_name: Option<String>,
    /// Danish account number (reg. no. + account no.).
    pub bban: Option<String>,
    /// The account as IBAN.
    pub iban: Option<String>,
    /// The account's currency.
    pub currency: Option<Currency>,
}

/// `GET .../bank-accounts/initialize`: the chosen accounts, available 30 minutes
/// after the person returns.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[non_exhaustive]
pub struct OnboardingResult {
    /// The bank the person chose accounts at.
    pub bank_id: Option<String>,
    /// That bank's name.
    pub bank_name: Option<String>,
    /// That bank's central (shared data centre), as sent.
    pub bank_central: Option<String>,
    /// The accounts the person chose; add each one to connect it.
    #[serde(deserialize_with = "null_default")]
    pub bank_accounts: Vec<OnboardingAccount>,
}

/// Names one bank account for add, set-default and delete.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct BankAccountRef {
    /// The bank's id.
    pub bank_id: String,
    /// The account's id at that bank.
    pub bank_account_id: String,
}

impl BankAccountRef {
    /// Names account `bank_account_id` at bank `bank_id`.
    pub fn new(bank_id: impl Into<String>, bank_account_id: impl Into<String>) -> Self {
        Self { bank_id: bank_id.into(), bank_account_id: bank_account_id.into() }
    }
}
