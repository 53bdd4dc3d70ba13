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
#[serde(remote = "Self")]
#[non_exhaustive]
pub struct Party {
    /// The party's account at the service; `None` while the party is only invited or referenced.
    pub service_account_id: Option<String>,
    /// The tenant's own user id for the party, as linked in the connect flow.
    pub reference_id: Option<String>,
    /// Name on the party's account; `None` until the party has connected.
    pub name: Option<String>,
    /// E-mail on the party's account, for contacting them; `None` if unknown.
    pub email: Option<String>,
    /// Phone number on the party's account; `None` if unknown.
    pub phone_number: Option<String>,
}
crate::dialect::tolerant_model!(Party);

/// Fees per party. `safepay` is the service's own fee.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[non_exhaustive]
pub struct Fees {
    /// Fee charged to the payee, taken out of what the payee receives; in the transaction's
    /// currency.
    #[serde(with = "money::optional")]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub payee: Option<Decimal>,
    /// Fee charged to the payer, paid on top of the transaction amount; in the transaction's
    /// currency.
    #[serde(with = "money::optional")]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub payer: Option<Decimal>,
    /// What the tenant earns: payer fee + payee fee − the service's fee. Negative means a
    /// shortfall that the service bills to the tenant.
    #[serde(with = "money::optional")]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub tenant: Option<Decimal>,
    /// The service's own fee, taken out of the tenant's fees.
    #[serde(with = "money::optional")]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub safepay: Option<Decimal>,
}

/// Vehicle data of an Auto transaction. The spec gives no types, so numbers are
/// read leniently and the bill-of-sale and debt objects are kept as JSON.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[non_exhaustive]
pub struct AutoInformation {
    /// Make of the vehicle, e.g. "Volkswagen"; searchable in the transaction list.
    pub brand: Option<String>,
    /// Model of the vehicle, e.g. "Golf"; searchable in the transaction list.
    pub model: Option<String>,
    /// Model year; read from a number or a numeric string.
    #[serde(deserialize_with = "lenient::optional_int32")]
    pub year: Option<i32>,
    /// Odometer reading (kilometres in Danish use; the spec gives no unit); read from a
    /// number or a numeric string.
    #[serde(deserialize_with = "lenient::optional_int32")]
    pub mileage: Option<i32>,
    /// Licence plate; searchable in the transaction list.
    pub registration_number: Option<String>,
    /// Vehicle identification number (chassis number); searchable in the transaction list.
    pub vin: Option<String>,
    /// The vehicle's retail value in the transaction's currency; changeable later with
    /// update. Rounded to 2 decimals.
    #[serde(with = "money::optional")]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub retail_amount: Option<Decimal>,
    /// Date of first registration, kept as sent (the spec gives no format).
    pub first_registration: Option<String>,
    /// Bill-of-sale settings, kept as JSON (the spec does not show its fields). Enabling
    /// it needs the tenant's bill-of-sale module.
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub bill_of_sale: Option<serde_json::Value>,
    /// Outstanding-debt settings (a loan on the vehicle to settle from the price), kept as
    /// JSON (the spec does not show its fields). Enabling it needs the tenant's debt module.
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
    /// The price held in escrow, in `currency`, excluding the payer's fee. Must be greater
    /// than zero and cover the fees and split payouts (else 400 Invalid amount). Rounded to
    /// 2 decimals.
    #[serde(with = "money::amount")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub amount: Decimal,
    /// DKK or EUR; when `None` nothing is sent and the service uses DKK.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub currency: Option<Currency>,
    /// Shown to both parties during checkout. Required for Marketplace; optional for Auto.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub title: Option<String>,
    /// Free text about the deal; searchable in the transaction list.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub description: Option<String>,
    /// Addresses of pictures of the item, shown to the parties.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub image_urls: Option<Vec<String>>,
    /// The payee's serviceAccountId. This or `payee_reference_id` must identify the payee
    /// (else 400 Invalid payee).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub payee_id: Option<String>,
    /// The payer's serviceAccountId. Required for Marketplace; optional for Auto.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub payer_id: Option<String>,
    /// The tenant's own user id of the payee, as linked in the connect flow; can stand in
    /// for `payee_id`.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub payee_reference_id: Option<String>,
    /// The tenant's own user id of the payer, as linked in the connect flow.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub payer_reference_id: Option<String>,
    /// Invites the payee by phone when neither an account id nor a reference id is given.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub payee_phone_number: Option<String>,
    /// Invites the payer by phone when neither an account id nor a reference id is given.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub payer_phone_number: Option<String>,
    /// Parts of the amount paid to other accounts when the transaction succeeds; they count
    /// against `amount`.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub split_payouts: Option<Vec<PlannedSplitPayout>>,
    /// The tenant's fixed fee charged to the payer, on top of `amount`, in `currency`. The
    /// service's own fee is taken from it; a shortfall is billed to the tenant. Not negative.
    #[serde(with = "money::optional", skip_serializing_if = "Option::is_none", default)]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub payer_fixed_fee: Option<Decimal>,
    /// The tenant's fixed fee charged to the payee, out of the payout, in `currency`. The
    /// service's own fee is taken from it; a shortfall is billed to the tenant. Not negative.
    #[serde(with = "money::optional", skip_serializing_if = "Option::is_none", default)]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub payee_fixed_fee: Option<Decimal>,
    /// Extra administration fee charged to the payee, applied for eligible tenants only.
    /// Marketplace only.
    #[serde(with = "money::optional", skip_serializing_if = "Option::is_none", default)]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub payee_extra_fee: Option<Decimal>,
    /// Extra administration fee charged to the payer, applied for eligible tenants only.
    /// Marketplace only.
    #[serde(with = "money::optional", skip_serializing_if = "Option::is_none", default)]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub payer_extra_fee: Option<Decimal>,
    /// The tenant's own id for the transaction (e.g. an order number); returned on the
    /// transaction and in webhooks, and usable as a list filter.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub reference_id: Option<String>,
    /// At most one transaction is ever created per key, whatever the Idempotency-Key: a
    /// second create with the same key fails instead of making a duplicate.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub uniqueness_key: Option<String>,
    /// When the deal is expected to complete (e.g. the agreed delivery date). Must be in the
    /// future.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub expected_completion: Option<DateTime<Utc>>,
    /// Attaches an already uploaded document; an unknown id gives 400 Invalid document.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub document_id: Option<String>,
    /// Vehicle data, incl. bill of sale and debt settings. Auto only.
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
    /// The part of the transaction amount to pay out, in the transaction's currency. Greater
    /// than zero; rounded to 2 decimals.
    #[serde(with = "money::amount")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub amount: Decimal,
    /// PAYEE, PAYER (back to the payer's bank account) or TENANT (the tenant's default
    /// account).
    pub recipient: crate::enums::Recipient,
    /// NEXT_PAYOUT (with the next payout batch, whatever happens to the transaction) or
    /// ON_CLOSE (on release, out of the payee's share; not paid if the money is returned).
    /// `None` leaves the service's default, ON_CLOSE.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub timing: Option<crate::enums::Timing>,
}

/// Answer to a create request.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[serde(remote = "Self")]
#[non_exhaustive]
pub struct CreatedTransaction {
    /// The new transaction's id; every later call on it needs this.
    pub transaction_id: String,
    /// Hosted checkout page to send the payer to.
    pub checkout_url: Option<String>,
    /// Null in the spec's v2 response; kept in case the service fills it.
    pub connect_url: Option<String>,
    /// Null in the spec's v2 response; kept in case the service fills it.
    pub id: Option<String>,
}
crate::dialect::tolerant_model!(CreatedTransaction { "transactionId" <- "id" });

/// Sum paid in, as shown on list items.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[non_exhaustive]
pub struct InboundSummary {
    /// What the payer has paid into escrow so far, in `currency`.
    #[serde(with = "money::optional")]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub amount: Option<Decimal>,
    /// Currency of `amount`.
    pub currency: Option<Currency>,
}

/// The payments part of a list item: only the total paid in.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[non_exhaustive]
pub struct PaymentsSummary {
    /// Money paid in by the payer; `None` when the service sends nothing.
    pub inbound: Option<InboundSummary>,
}

/// One row of `GET /v2/transactions`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct TransactionListItem {
    /// The service's id of the transaction.
    pub transaction_id: String,
    /// The price held in escrow, excluding the payer's fee, in `currency`.
    #[serde(with = "money::amount")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub amount: Decimal,
    /// DKK or EUR; DKK when the service omits it.
    #[serde(default)]
    pub currency: Currency,
    /// Where the transaction stands: CREATED, PAID, SUCCEEDED, CANCELLED, or a newer value
    /// kept as sent.
    pub status: TransactionStatus,
    /// When the transaction was created (UTC); `None` if the service omits it.
    #[serde(default, deserialize_with = "lenient::optional_datetime")]
    pub created: Option<DateTime<Utc>>,
    /// The tenant's own id for the transaction, as given at creation.
    #[serde(default)]
    pub reference_id: Option<String>,
    /// Who receives the money; `None` until a payee is known.
    #[serde(default)]
    pub payee: Option<Party>,
    /// Who pays; `None` until a payer is known.
    #[serde(default)]
    pub payer: Option<Party>,
    /// The title shown to the parties during checkout.
    #[serde(default)]
    pub title: Option<String>,
    /// Vehicle data of an Auto transaction; `None` for Marketplace.
    #[serde(default)]
    pub auto_information: Option<AutoInformation>,
    /// Fees charged to each party and what the tenant and the service get.
    #[serde(default)]
    pub fees: Option<Fees>,
    /// What the payer has paid in so far.
    #[serde(default)]
    pub payments: Option<PaymentsSummary>,
    /// When the deal is expected to complete; `None` when not set.
    #[serde(default, deserialize_with = "lenient::optional_datetime")]
    pub expected_completion: Option<DateTime<Utc>>,
}

/// A page of transactions; `count` is the number of all matches, ignoring paging.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct TransactionPage {
    /// This page of transactions, newest first.
    #[serde(default)]
    pub items: Vec<TransactionListItem>,
    /// Number of all matches, ignoring Skip and Take: the basis for paging.
    #[serde(deserialize_with = "lenient::int32")]
    pub count: i32,
}

/// A payment from the payer into escrow.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct InboundPayment {
    /// The payment's id, as returned by create payment.
    #[serde(default)]
    pub payment_id: Option<String>,
    /// Who paid (usually the transaction's payer).
    #[serde(default)]
    pub payer: Option<Party>,
    /// PSD2, BANK, MOBILEWALLET, TRANSFER or a newer value kept as sent; `None` while the
    /// payer has not chosen.
    #[serde(default)]
    pub method: Option<PaymentMethod>,
    /// Amount of this payment, in `currency`.
    #[serde(with = "money::amount")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub amount: Decimal,
    /// Currency of `amount`; `None` when the service omits it (then the transaction's).
    #[serde(default)]
    pub currency: Option<Currency>,
    /// INPROGRESS (waiting for the payer), AUTHORIZED (money in escrow), FAILED, RETURNED
    /// (refunded to the payer), or a newer value kept as sent.
    pub status: PaymentStatus,
    /// When the payment was created.
    #[serde(default, deserialize_with = "lenient::optional_datetime")]
    pub created: Option<DateTime<Utc>>,
    /// When the payer's bank authorized it, putting the money in escrow; `None` until then.
    #[serde(default, deserialize_with = "lenient::optional_datetime")]
    pub authorized: Option<DateTime<Utc>>,
    /// When the payment failed; `None` unless it did.
    #[serde(default, deserialize_with = "lenient::optional_datetime")]
    pub failed: Option<DateTime<Utc>>,
}

/// A payment out of escrow (payout, split payout, refund).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct OutboundPayment {
    /// The receiving account as the service shows it; `None` when not shown.
    #[serde(default)]
    pub destination: Option<String>,
    /// Transfer text the receiver sees on the bank statement.
    #[serde(default)]
    pub text: Option<String>,
    /// Who receives this money: the payee, a split-payout recipient, or the payer on refund.
    #[serde(default)]
    pub payee: Option<Party>,
    /// Amount paid out, in `currency`.
    #[serde(with = "money::amount")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub amount: Decimal,
    /// Currency of `amount`; `None` when the service omits it (then the transaction's).
    #[serde(default)]
    pub currency: Option<Currency>,
    /// SCHEDULED (waiting for the payout run), PAID, CANCELLED, or a newer value kept as sent.
    pub status: PayoutStatus,
    /// When the payout was scheduled.
    #[serde(default, deserialize_with = "lenient::optional_datetime")]
    pub created: Option<DateTime<Utc>>,
    /// When the transfer was authorized for execution; `None` until then.
    #[serde(default, deserialize_with = "lenient::optional_datetime")]
    pub authorized: Option<DateTime<Utc>>,
}

/// Money paid into escrow by the payer.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[non_exhaustive]
pub struct InboundPayments {
    /// Total actually paid in, in the transaction's currency.
    #[serde(with = "money::optional")]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub amount: Option<Decimal>,
    /// Every payment created for the transaction, including unfinished and failed ones.
    pub payments: Vec<InboundPayment>,
}

/// Money paid out of escrow.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[non_exhaustive]
pub struct OutboundPayments {
    /// Total scheduled or paid out (cancelled payouts excluded), in the transaction's currency.
    #[serde(with = "money::optional")]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub amount: Option<Decimal>,
    /// Each payout, split payout and refund.
    pub payments: Vec<OutboundPayment>,
}

/// Money in and out of a transaction.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[non_exhaustive]
pub struct TransactionPayments {
    /// From the payer into escrow.
    pub inbound: InboundPayments,
    /// From escrow to the payee, split-payout recipients or back to the payer.
    pub outbound: OutboundPayments,
}

/// The full record of `GET /v2/transactions/{transactionId}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct Transaction {
    /// The service's id of the transaction.
    pub transaction_id: String,
    /// Hosted checkout page for the payer.
    #[serde(default)]
    pub checkout_url: Option<String>,
    /// Hosted page that tells the payer how to pay.
    #[serde(default)]
    pub payment_guide_url: Option<String>,
    /// Where the transaction stands: CREATED, PAID, SUCCEEDED, CANCELLED, or a newer value
    /// kept as sent.
    pub status: TransactionStatus,
    /// The tenant's own id for the transaction, as given at creation.
    #[serde(default)]
    pub reference_id: Option<String>,
    /// The price held in escrow, excluding the payer's fee, in `currency`.
    #[serde(with = "money::amount")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub amount: Decimal,
    /// DKK or EUR; DKK when the service omits it.
    #[serde(default)]
    pub currency: Currency,
    /// Fees charged to each party and what the tenant and the service get.
    #[serde(default)]
    pub fees: Option<Fees>,
    /// Who receives the money; `None` until a payee is known.
    #[serde(default)]
    pub payee: Option<Party>,
    /// Who pays; `None` until a payer is known.
    #[serde(default)]
    pub payer: Option<Party>,
    /// The title shown to the parties during checkout.
    #[serde(default)]
    pub title: Option<String>,
    /// Not in the spec's record, but sent by the sandbox; absent stays `None`.
    #[serde(default)]
    pub description: Option<String>,
    /// When the transaction was created (UTC); not in the spec's record, so `None` if absent.
    #[serde(default, deserialize_with = "lenient::optional_datetime")]
    pub created: Option<DateTime<Utc>>,
    /// Vehicle data of an Auto transaction; `None` for Marketplace.
    #[serde(default)]
    pub auto_information: Option<AutoInformation>,
    /// When the deal is expected to complete; `None` when not set.
    #[serde(default, deserialize_with = "lenient::optional_datetime")]
    pub expected_completion: Option<DateTime<Utc>>,
    /// Money in and out; empty lists when there is none.
    #[serde(default)]
    pub payments: TransactionPayments,
    /// Pictures of the item: not in the spec's record; the sandbox sends `imageUrls`, the
    /// published record `images: [{url}]`. Any other shape reads as `None`.
    #[serde(default, alias = "images", deserialize_with = "lenient::optional_image_urls")]
    pub image_urls: Option<Vec<String>>,
}
