//! The connect flow: linking a tenant's own user id (referenceId) to an account.

use crate::lenient::{self, null_default};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// `POST /v2/connect` body. Every field is optional; unset ones are not sent, so the
/// service's defaults apply.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct ConnectRequest {
    /// The tenant's own id for the user; later `GET /v2/connect/{referenceId}` finds the account.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reference_id: Option<String>,
    /// Where the person goes after the flow (else an exit page).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub return_url: Option<String>,
    /// Whether a private person may connect; `None` leaves the service's default.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allow_private: Option<bool>,
    /// Whether a business may connect; `None` leaves the service's default.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allow_business: Option<bool>,
    /// The caller handles all UI; every other skip flag is then ignored.
    #[serde(rename = "skipUI", skip_serializing_if = "Option::is_none")]
    pub skip_ui: Option<bool>,
    /// Skips the phone-number step that a missing phone number would add.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skip_phone_number: Option<bool>,
    /// Skips the e-mail step.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skip_email: Option<bool>,
    /// Skips adding a payout bank account (add one later through bank-account onboarding).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skip_bank_account: Option<bool>,
    /// Skips the identity check (KYC) that a private person without one would get.
    #[serde(rename = "skipKYC", skip_serializing_if = "Option::is_none")]
    pub skip_kyc: Option<bool>,
    /// Skips the business check (KYB) that a business without one would get.
    #[serde(rename = "skipKYB", skip_serializing_if = "Option::is_none")]
    pub skip_kyb: Option<bool>,
}

/// Answer to `POST /v2/connect`: the hosted page to send the person to.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[non_exhaustive]
pub struct ConnectStarted {
    /// Hosted connect page; redirect the person there.
    pub connect_url: String,
}

/// One link between a tenant's referenceId and an account.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[non_exhaustive]
pub struct UserConnection {
    /// The tenant's own user id linked to the account (empty if the service sends null).
    #[serde(deserialize_with = "null_default")]
    pub reference_id: String,
    /// When the link was made.
    #[serde(deserialize_with = "lenient::optional_datetime")]
    pub connected: Option<DateTime<Utc>>,
}

/// `GET /v2/connect/{referenceId}`: translates a referenceId to its serviceAccountId.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[serde(remote = "Self")]
#[non_exhaustive]
pub struct ConnectionRecord {
    /// Record id as sent by the service (nullable); calls use `service_account_id`.
    pub id: Option<String>,
    /// The account linked to the referenceId; use it as payer or payee.
    pub service_account_id: String,
    /// Every referenceId linked to the account.
    #[serde(deserialize_with = "null_default")]
    pub connections: Vec<UserConnection>,
}
crate::dialect::tolerant_model!(ConnectionRecord);

/// `POST /v2/connect/{referenceId}/guest` body: an account made without the hosted
/// flow (available to some tenants only).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct GuestUser {
    /// Full name of the guest.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Phone number of the guest.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phone_number: Option<String>,
    /// E-mail of the guest.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    /// Danish company number (8 digits).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cvr: Option<String>,
    /// The spec does not show the address fields, so any JSON object is sent as given.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(type = "Record<string, unknown> | null"))]
    pub address: Option<serde_json::Map<String, serde_json::Value>>,
}

/// The account a call created (guest) and the tenant uses from now on.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[serde(remote = "Self")]
#[non_exhaustive]
pub struct CreatedAccount {
    /// The new account's id; use it as payer or payee.
    pub service_account_id: String,
}
crate::dialect::tolerant_model!(CreatedAccount);

/// An address of a hosted page (`{url}`): onboarding, signing, download.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[non_exhaustive]
pub struct HostedUrl {
    /// The hosted page to redirect the person to, or the file link for downloads.
    pub url: String,
}
