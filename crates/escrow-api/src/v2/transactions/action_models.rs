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
    /// The account the cancellation is made on behalf of; must belong to the tenant.
    pub service_account_id: String,
    /// Why the transaction is cancelled; the service expects one. Kept with the transaction.
    pub reason: Option<String>,
}

/// Body of payout. `serviceAccountId` must belong to the tenant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PayoutTransaction {
    /// The account the payout is requested on behalf of; must belong to the tenant.
    pub service_account_id: String,
}

/// Body of reimburse payer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ReimbursePayer {
    /// How much to pay back to the payer from escrow, in the transaction's currency. Greater
    /// than zero; rounded to 2 decimals. The payer is taken from the transaction.
    #[serde(with = "money::amount")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub amount: Decimal,
}

/// A field of an update: leave it alone, clear it (null), or set it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Patch<T> {
    /// Not sent: the service keeps the current value.
    #[default]
    Keep,
    /// Sent as `null`: the service removes the value.
    Clear,
    /// Sent: the service stores this value.
    Set(T),
}

impl<T> Patch<T> {
    /// Whether the field is left out of the request.
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
    /// The new amount, in the transaction's currency; rounded to 2 decimals. At least the
    /// payee's costs plus split payouts; once a payment is authorized it can only be raised
    /// (never below what the payer authorized incl. payer fees), and raising re-opens the
    /// payment. Not allowed after the transaction is closed.
    #[serde(with = "money::amount")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub amount: Decimal,
    /// Replaces the payee's fixed fee; `None` is not sent and keeps the current fee.
    #[serde(with = "money::optional", skip_serializing_if = "Option::is_none", default)]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub payee_fixed_fee: Option<Decimal>,
    /// Replaces the payer's fixed fee; `None` is not sent and keeps the current fee.
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
    /// The party's account; takes precedence over `reference_id`.
    pub service_account_id: Option<String>,
    /// The tenant's own user id of the party, as linked in the connect flow.
    pub reference_id: Option<String>,
    /// Invites a person who has no account yet.
    pub phone_number: Option<String>,
}

/// Manual-transfer instructions for a payer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct PaymentInstructions {
    /// What remains to pay, including payer fees.
    #[serde(with = "money::amount")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub amount: Decimal,
    /// DKK or EUR, the transaction's currency.
    #[serde(default)]
    pub currency: crate::enums::Currency,
    /// The reference the payer must include when paying to the account number.
    #[serde(default)]
    pub bank_message: Option<String>,
    /// The escrow account number (Danish reg. no. + account no.) to pay to, with
    /// `bank_message` as the reference.
    #[serde(default)]
    pub bban: Option<String>,
    /// The escrow account as IBAN (EUR always pays to the account with `bank_message`).
    #[serde(default)]
    pub iban: Option<String>,
    /// BIC/SWIFT code of the escrow account's bank, for transfers from abroad.
    #[serde(default)]
    pub swift: Option<String>,
    /// FIK (+71) code; empty for EUR.
    #[serde(default)]
    pub fik: Option<String>,
}
