//! Request bodies of the transaction actions.

use crate::money;
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize, Serializer};

/// Body of cancel. `serviceAccountId` must belong to the tenant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CancelTransaction {
    pub service_account_id: String,
    pub reason: Option<String>,
}

/// Body of payout. `serviceAccountId` must belong to the tenant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PayoutTransaction {
    pub service_account_id: String,
}

/// Body of reimburse payer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ReimbursePayer {
    #[serde(with = "money::amount")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub amount: Decimal,
}

/// A field of an update: leave it alone, clear it (null), or set it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Patch<T> {
    #[default]
    Keep,
    Clear,
    Set(T),
}

impl<T> Patch<T> {
    pub fn is_keep(&self) -> bool {
        matches!(self, Self::Keep)
    }
}

/// Body of update. Only fields that are not [`Patch::Keep`] are sent.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct UpdateTransaction {
    /// Must be in the future; `Clear` removes it.
    #[serde(skip_serializing_if = "Patch::is_keep", serialize_with = "patch_datetime")]
    pub expected_completion: Patch<DateTime<Utc>>,
    /// Auto only.
    #[serde(skip_serializing_if = "Patch::is_keep", serialize_with = "patch_amount")]
    pub retail_amount: Patch<Decimal>,
}

fn patch_datetime<S: Serializer>(p: &Patch<DateTime<Utc>>, s: S) -> Result<S::Ok, S::Error> {
    match p {
        Patch::Set(t) => t.serialize(s),
        _ => s.serialize_none(),
    }
}

fn patch_amount<S: Serializer>(p: &Patch<Decimal>, s: S) -> Result<S::Ok, S::Error> {
    match p {
        Patch::Set(a) => money::amount::serialize(a, s),
        _ => s.serialize_none(),
    }
}

/// Body of change amount; fees given replace the existing ones.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ChangeAmount {
    #[serde(with = "money::amount")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub amount: Decimal,
    #[serde(with = "money::optional", skip_serializing_if = "Option::is_none", default)]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub payee_fixed_fee: Option<Decimal>,
    #[serde(with = "money::optional", skip_serializing_if = "Option::is_none", default)]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub payer_fixed_fee: Option<Decimal>,
}

/// Body of add payee / add payer: `serviceAccountId` wins over `referenceId`;
/// `phoneNumber` invites a person without an account.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct AddParty {
    pub service_account_id: Option<String>,
    pub reference_id: Option<String>,
    pub phone_number: Option<String>,
}

/// Manual-transfer instructions for a payer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PaymentInstructions {
    /// What remains to pay, including payer fees.
    #[serde(with = "money::amount")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub amount: Decimal,
    #[serde(default)]
    pub currency: crate::enums::Currency,
    /// The reference the payer must include when paying to the account number.
    #[serde(default)]
    pub bank_message: Option<String>,
    #[serde(default)]
    pub bban: Option<String>,
    #[serde(default)]
    pub iban: Option<String>,
    #[serde(default)]
    pub swift: Option<String>,
    /// FIK (+71) code; empty for EUR.
    #[serde(default)]
    pub fik: Option<String>,
}
