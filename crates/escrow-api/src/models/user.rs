//! Users (connected accounts), the banks they can onboard from and their bank accounts.

use super::connect::{UserConnection, null_default};
use crate::enums::{Currency, Psd2Type, UserType};
use crate::lenient;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Deserializer, Serialize};

/// A value the spec gives no type for, read from a JSON string or number as text.
fn optional_text<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(match Option::<serde_json::Value>::deserialize(d)? {
        None | Some(serde_json::Value::Null) => None,
        Some(serde_json::Value::String(s)) => Some(s),
        Some(other) => Some(other.to_string()),
    })
}

/// One row of `GET /v2/users`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct UserListItem {
    pub service_account_id: String,
    #[serde(deserialize_with = "null_default")]
    pub name: String,
    pub phone_number: Option<String>,
    #[serde(deserialize_with = "null_default")]
    pub phone_number_verified: bool,
    #[serde(deserialize_with = "lenient::optional_datetime")]
    pub created: Option<DateTime<Utc>>,
    #[serde(rename = "type")]
    pub user_type: Option<UserType>,
}

/// `GET /v2/users` answer (no total count in the spec).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct UserPage {
    #[serde(deserialize_with = "null_default")]
    pub items: Vec<UserListItem>,
}

/// Know-your-customer state. The level's type is not shown in the spec, so it is kept
/// as text (a number arrives as its digits).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct Kyc {
    #[serde(deserialize_with = "optional_text")]
    pub level: Option<String>,
}

/// The full record of `GET /v2/users/{serviceAccountId}`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct User {
    pub id: Option<String>,
    pub service_account_id: String,
    #[serde(deserialize_with = "null_default")]
    pub connections: Vec<UserConnection>,
    #[serde(deserialize_with = "null_default")]
    pub name: String,
    pub kyc: Option<Kyc>,
    pub email: Option<String>,
    pub phone_number: Option<String>,
    #[serde(deserialize_with = "null_default")]
    pub phone_number_verified: bool,
    /// As sent (a date or a date-time; the spec does not say which).
    pub date_of_birth: Option<String>,
    pub cpr: Option<String>,
    pub cvr: Option<String>,
    /// The spec does not show the address fields; kept as JSON.
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub address: Option<serde_json::Value>,
    #[serde(rename = "type")]
    pub user_type: Option<UserType>,
}

/// A bank a user can onboard accounts from; its `bankId` starts onboarding.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct Bank {
    pub bank_id: String,
    #[serde(deserialize_with = "null_default")]
    pub name: String,
    pub bank_central: Option<String>,
}

/// `GET /v2/users/{serviceAccountId}/banks` answer.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct BankList {
    #[serde(deserialize_with = "null_default")]
    pub banks: Vec<Bank>,
}

/// A bank account connected to a user; the default one receives payouts.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct BankAccount {
    pub bank: Option<String>,
    pub bank_id: String,
    pub bank_account_id: String,
    pub bban: Option<String>,
    pub iban: Option<String>,
    pub account_name: Option<String>,
    #[serde(deserialize_with = "null_default")]
    pub is_default: bool,
}

/// `GET /v2/users/{serviceAccountId}/bank-accounts` answer.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct BankAccountList {
    #[serde(deserialize_with = "null_default")]
    pub items: Vec<BankAccount>,
}

/// `POST .../bank-accounts/initialize` body: which bank, and where the person returns.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct StartOnboarding {
    pub bank_id: String,
    pub return_url: String,
    /// Default: the type of the user's account.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub psd2_type: Option<Psd2Type>,
}

/// An account the person chose at the bank, ready to add.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct OnboardingAccount {
    pub bank_account_id: String,
    pub name: Option<String>,
    pub owner_name: Option<String>,
    pub bban: Option<String>,
    pub iban: Option<String>,
    pub currency: Option<Currency>,
}

/// `GET .../bank-accounts/initialize`: the chosen accounts, available 30 minutes
/// after the person returns.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct OnboardingResult {
    pub bank_id: Option<String>,
    pub bank_name: Option<String>,
    pub bank_central: Option<String>,
    #[serde(deserialize_with = "null_default")]
    pub bank_accounts: Vec<OnboardingAccount>,
}

/// Names one bank account for add, set-default and delete.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct BankAccountRef {
    pub bank_id: String,
    pub bank_account_id: String,
}

impl BankAccountRef {
    pub fn new(bank_id: impl Into<String>, bank_account_id: impl Into<String>) -> Self {
        Self {
            bank_id: bank_id.into(),
            bank_account_id: bank_account_id.into(),
        }
    }
}
