//! Transactions: create requests, list items and full records.

use crate::enums::{Currency, PaymentMethod, PaymentStatus, PayoutStatus, TransactionStatus};
use crate::{lenient, money};
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// A party as shown on a transaction (the spec does not list its fields; these are
/// the ones the service is known to need, all optional).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct Party {
    pub service_account_id: Option<String>,
    pub reference_id: Option<String>,
    pub name: Option<String>,
    pub email: Option<String>,
    pub phone_number: Option<String>,
}

/// Fees per party. `safepay` is the service's own fee.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct Fees {
    #[serde(with = "money::optional")]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub payee: Option<Decimal>,
    #[serde(with = "money::optional")]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub payer: Option<Decimal>,
    #[serde(with = "money::optional")]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub tenant: Option<Decimal>,
    #[serde(with = "money::optional")]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub safepay: Option<Decimal>,
}

/// Vehicle data of an Auto transaction. The spec gives no types, so numbers are
/// read leniently and the bill-of-sale and debt objects are kept as JSON.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct AutoInformation {
    pub brand: Option<String>,
    pub model: Option<String>,
    #[serde(deserialize_with = "lenient::optional_int32")]
    pub year: Option<i32>,
    #[serde(deserialize_with = "lenient::optional_int32")]
    pub mileage: Option<i32>,
    pub registration_number: Option<String>,
    pub vin: Option<String>,
    #[serde(with = "money::optional")]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub retail_amount: Option<Decimal>,
    pub first_registration: Option<String>,
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub bill_of_sale: Option<serde_json::Value>,
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub debt: Option<serde_json::Value>,
}

/// The fields shared by Marketplace and Auto create requests.
///
/// Build with [`CreateTransaction::new`] and set what you need; the client checks the
/// spec's rules for the chosen type before sending.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CreateTransaction {
    #[serde(with = "money::amount")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub amount: Decimal,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub currency: Option<Currency>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub title: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub description: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub image_urls: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub payee_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub payer_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub payee_reference_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub payer_reference_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub payee_phone_number: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub payer_phone_number: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub split_payouts: Option<Vec<PlannedSplitPayout>>,
    #[serde(with = "money::optional", skip_serializing_if = "Option::is_none", default)]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub payer_fixed_fee: Option<Decimal>,
    #[serde(with = "money::optional", skip_serializing_if = "Option::is_none", default)]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub payee_fixed_fee: Option<Decimal>,
    /// Marketplace only.
    #[serde(with = "money::optional", skip_serializing_if = "Option::is_none", default)]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub payee_extra_fee: Option<Decimal>,
    /// Marketplace only.
    #[serde(with = "money::optional", skip_serializing_if = "Option::is_none", default)]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub payer_extra_fee: Option<Decimal>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub reference_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub uniqueness_key: Option<String>,
    /// Must be in the future.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub expected_completion: Option<DateTime<Utc>>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub document_id: Option<String>,
    /// Auto only.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub auto_information: Option<AutoInformation>,
}

impl CreateTransaction {
    /// A request for `amount` with every optional field unset.
    pub fn new(amount: Decimal) -> Self {
        Self { amount, ..Self::default() }
    }
}

/// A split payout planned at creation (the spec does not show its fields; these
/// mirror the split payout create request).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PlannedSplitPayout {
    #[serde(with = "money::amount")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub amount: Decimal,
    pub recipient: crate::enums::Recipient,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub timing: Option<crate::enums::Timing>,
}

/// Answer to a create request.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct CreatedTransaction {
    pub transaction_id: String,
    pub checkout_url: Option<String>,
    pub connect_url: Option<String>,
    pub id: Option<String>,
}

/// Sum paid in, as shown on list items.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct InboundSummary {
    #[serde(with = "money::optional")]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub amount: Option<Decimal>,
    pub currency: Option<Currency>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct PaymentsSummary {
    pub inbound: Option<InboundSummary>,
}

/// One row of `GET /v2/transactions`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct TransactionListItem {
    pub transaction_id: String,
    #[serde(with = "money::amount")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub amount: Decimal,
    #[serde(default)]
    pub currency: Currency,
    pub status: TransactionStatus,
    #[serde(default, deserialize_with = "lenient::optional_datetime")]
    pub created: Option<DateTime<Utc>>,
    #[serde(default)]
    pub reference_id: Option<String>,
    #[serde(default)]
    pub payee: Option<Party>,
    #[serde(default)]
    pub payer: Option<Party>,
    #[serde(default)]
    pub title: Option<String>,
    #[serde(default)]
    pub auto_information: Option<AutoInformation>,
    #[serde(default)]
    pub fees: Option<Fees>,
    #[serde(default)]
    pub payments: Option<PaymentsSummary>,
    #[serde(default, deserialize_with = "lenient::optional_datetime")]
    pub expected_completion: Option<DateTime<Utc>>,
}

/// A page of transactions; `count` is the number of all matches, ignoring paging.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct TransactionPage {
    #[serde(default)]
    pub items: Vec<TransactionListItem>,
    #[serde(deserialize_with = "lenient::int32")]
    pub count: i32,
}

/// A payment from the payer into escrow.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct InboundPayment {
    #[serde(default)]
    pub payment_id: Option<String>,
    #[serde(default)]
    pub payer: Option<Party>,
    #[serde(default)]
    pub method: Option<PaymentMethod>,
    #[serde(with = "money::amount")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub amount: Decimal,
    #[serde(default)]
    pub currency: Option<Currency>,
    pub status: PaymentStatus,
    #[serde(default, deserialize_with = "lenient::optional_datetime")]
    pub created: Option<DateTime<Utc>>,
    #[serde(default, deserialize_with = "lenient::optional_datetime")]
    pub authorized: Option<DateTime<Utc>>,
    #[serde(default, deserialize_with = "lenient::optional_datetime")]
    pub failed: Option<DateTime<Utc>>,
}

/// A payment out of escrow (payout, split payout, refund).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct OutboundPayment {
    #[serde(default)]
    pub destination: Option<String>,
    #[serde(default)]
    pub text: Option<String>,
    #[serde(default)]
    pub payee: Option<Party>,
    #[serde(with = "money::amount")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub amount: Decimal,
    #[serde(default)]
    pub currency: Option<Currency>,
    pub status: PayoutStatus,
    #[serde(default, deserialize_with = "lenient::optional_datetime")]
    pub created: Option<DateTime<Utc>>,
    #[serde(default, deserialize_with = "lenient::optional_datetime")]
    pub authorized: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct InboundPayments {
    #[serde(with = "money::optional")]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub amount: Option<Decimal>,
    pub payments: Vec<InboundPayment>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct OutboundPayments {
    #[serde(with = "money::optional")]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub amount: Option<Decimal>,
    pub payments: Vec<OutboundPayment>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
pub struct TransactionPayments {
    pub inbound: InboundPayments,
    pub outbound: OutboundPayments,
}

/// The full record of `GET /v2/transactions/{transactionId}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Transaction {
    pub transaction_id: String,
    #[serde(default)]
    pub checkout_url: Option<String>,
    #[serde(default)]
    pub payment_guide_url: Option<String>,
    pub status: TransactionStatus,
    #[serde(default)]
    pub reference_id: Option<String>,
    #[serde(with = "money::amount")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub amount: Decimal,
    #[serde(default)]
    pub currency: Currency,
    #[serde(default)]
    pub fees: Option<Fees>,
    #[serde(default)]
    pub payee: Option<Party>,
    #[serde(default)]
    pub payer: Option<Party>,
    #[serde(default)]
    pub title: Option<String>,
    /// Not in the spec's record, but sent by the sandbox; absent stays `None`.
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default, deserialize_with = "lenient::optional_datetime")]
    pub created: Option<DateTime<Utc>>,
    #[serde(default)]
    pub auto_information: Option<AutoInformation>,
    #[serde(default, deserialize_with = "lenient::optional_datetime")]
    pub expected_completion: Option<DateTime<Utc>>,
    #[serde(default)]
    pub payments: TransactionPayments,
}
