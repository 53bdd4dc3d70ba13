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
    pub transaction_id: String,
    #[serde(with = "money::optional", skip_serializing_if = "Option::is_none", default)]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub amount: Option<Decimal>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub description: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub return_url: Option<String>,
    /// Send the payer straight to `returnUrl` after paying (only with a returnUrl).
    #[serde(rename = "skipUI", skip_serializing_if = "Option::is_none", default)]
    pub skip_ui: Option<bool>,
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct CreatedPayment {
    pub payment_id: String,
    pub payment_url: String,
}

/// Body of initialize: PSD2 needs `bankAccountId`, BANK needs `bankId`; without a
/// method the payment page lets the payer choose.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct InitializePayment {
    pub payment_method: Option<PaymentMethod>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub bank_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub bank_account_id: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct PaymentUrl {
    pub payment_url: String,
}
