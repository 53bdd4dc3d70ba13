//! Payments into escrow.

use crate::enums::PaymentMethod;
use crate::money;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// Body of create payment. `amount` defaults to the remaining amount (with payer fees).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CreatePayment {
    /// The paying user (usually the transaction's payer).
    pub service_account_id: String,
    /// The transaction being paid for.
    pub transaction_id: String,
    /// Amount of this payment in the transaction's currency; `None` means the remaining amount
    /// including payer fees. Greater than zero and at most the remaining amount (else 400
    /// Invalid amount). Rounded to 2 decimals.
    #[serde(with = "money::optional", skip_serializing_if = "Option::is_none", default)]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub amount: Option<Decimal>,
    /// Text for the payment; the service defaults it to the transaction's service id.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub description: Option<String>,
    /// Where the payer goes after paying, also when payment failed; no status is appended, so
    /// confirm by webhook or by reading the transaction.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub return_url: Option<String>,
    /// Send the payer straight to `returnUrl` after paying; the service applies it only when
    /// `returnUrl` is set (sent either way).
    #[serde(rename = "skipUI", skip_serializing_if = "Option::is_none", default)]
    pub skip_ui: Option<bool>,
}

/// Answer to create payment.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[non_exhaustive]
pub struct CreatedPayment {
    /// The new payment's id; initialize it to choose how to pay.
    pub payment_id: String,
    /// Hosted page where the payer chooses how to pay.
    pub payment_url: String,
}

/// Body of initialize: PSD2 needs `bankAccountId`, BANK needs `bankId`; without a
/// method the payment page lets the payer choose.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct InitializePayment {
    /// PSD2 (recommended), BANK or MOBILEWALLET; `None` is sent as null and the page lets
    /// the payer choose.
    pub payment_method: Option<PaymentMethod>,
    /// BANK only, and required there: the bank the payer pays from.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub bank_id: Option<String>,
    /// PSD2 only, and required there: one of the paying user's own bank accounts (another
    /// account gives 404 Bank account not found).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub bank_account_id: Option<String>,
}

/// Answer to initialize payment.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[non_exhaustive]
pub struct PaymentUrl {
    /// Hosted page for the chosen method; redirect the payer there.
    pub payment_url: String,
}
