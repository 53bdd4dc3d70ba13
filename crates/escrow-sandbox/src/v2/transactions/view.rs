//! The transaction as `/v2` answers it: the record (`GET /v2/transactions/{id}`), the list
//! item and the list, as types. The handlers write them and the OpenAPI document describes
//! them from the same definitions. They are written through a `serde_json::Value` (sorted
//! keys), so a body reads byte for byte as the `json!` it replaced.

use super::store::{InboundDoc, OutboundDoc, PartyDoc, TxnDoc};
use crate::money::Money;
use rust_decimal::Decimal;
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Value, json};

/// The fees of a transaction.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Fees")]
pub struct Fees {
    pub payee: Money,
    pub payer: Money,
    pub tenant: Money,
    pub safepay: Money,
}

/// One payment into escrow.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct InboundPayment {
    pub payment_id: String,
    pub payer: PartyDoc,
    pub method: Option<String>,
    pub amount: Money,
    pub currency: String,
    pub status: String,
    pub created: String,
    pub authorized: Option<String>,
    pub failed: Option<String>,
}

/// One payment out of escrow.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OutboundPayment {
    pub destination: Option<String>,
    pub text: Option<String>,
    pub payee: PartyDoc,
    pub amount: Money,
    pub currency: String,
    pub status: String,
    pub created: String,
    pub authorized: Option<String>,
}

/// What came in: the authorized total and every payment.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Inbound {
    pub amount: Money,
    pub payments: Vec<InboundPayment>,
}

/// What went out: the total not cancelled and every payment.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Outbound {
    pub amount: Money,
    pub payments: Vec<OutboundPayment>,
}

#[derive(Debug, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Payments {
    pub inbound: Inbound,
    pub outbound: Outbound,
}

/// `GET /v2/transactions/{id}`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Transaction {
    pub transaction_id: String,
    pub checkout_url: String,
    pub payment_guide_url: String,
    pub status: String,
    pub reference_id: Option<String>,
    pub amount: Money,
    pub currency: String,
    pub fees: Fees,
    pub payee: Option<PartyDoc>,
    pub payer: Option<PartyDoc>,
    pub title: Option<String>,
    pub description: Option<String>,
    pub created: String,
    /// The Auto transaction's vehicle, debt and bill of sale, as sent.
    pub auto_information: Option<Value>,
    pub image_urls: Option<Vec<String>>,
    pub expected_completion: Option<String>,
    pub payments: Payments,
}

/// What a list item says was paid in.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PaidIn {
    pub amount: Money,
    pub currency: String,
}

#[derive(Debug, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListPayments {
    pub inbound: PaidIn,
}

/// One item of `GET /v2/transactions`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TransactionListItem {
    pub transaction_id: String,
    pub amount: Money,
    pub currency: String,
    pub status: String,
    pub created: String,
    pub reference_id: Option<String>,
    pub payee: Option<PartyDoc>,
    pub payer: Option<PartyDoc>,
    pub title: Option<String>,
    pub auto_information: Option<Value>,
    pub fees: Fees,
    pub payments: ListPayments,
    pub expected_completion: Option<String>,
}

/// `GET /v2/transactions`: a page, and how many match in all.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TransactionList {
    pub items: Vec<TransactionListItem>,
    pub count: i64,
}

fn fees(t: &TxnDoc) -> Fees {
    let f = &t.fees;
    Fees { payee: Money(f.payee), payer: Money(f.payer), tenant: Money(f.tenant), safepay: Money(f.safepay) }
}

fn inbound(p: &InboundDoc) -> InboundPayment {
    InboundPayment {
        payment_id: p.payment_id.clone(),
        payer: p.payer.clone(),
        method: p.method.clone(),
        amount: Money(p.amount),
        currency: p.currency.clone(),
        status: p.status.clone(),
        created: p.created.clone(),
        authorized: p.authorized.clone(),
        failed: p.failed.clone(),
    }
}

fn outbound(p: &OutboundDoc) -> OutboundPayment {
    OutboundPayment {
        destination: p.destination.clone(),
        text: p.text.clone(),
        payee: p.payee.clone(),
        amount: Money(p.amount),
        currency: p.currency.clone(),
        status: p.status.clone(),
        created: p.created.clone(),
        authorized: p.authorized.clone(),
    }
}

/// `GET /v2/transactions/{id}`.
pub fn record(t: &TxnDoc, public_url: &str) -> Value {
    let out_total: Decimal = t.outbound.iter().filter(|p| p.status != "CANCELLED").map(|p| p.amount).sum();
    json!(Transaction {
        transaction_id: t.transaction_id.clone(),
        checkout_url: format!("{public_url}/hosted/checkout/{}", t.transaction_id),
        payment_guide_url: format!("{public_url}/hosted/payment-guide/{}", t.transaction_id),
        status: t.status.clone(),
        reference_id: t.reference_id.clone(),
        amount: Money(t.amount),
        currency: t.currency.clone(),
        fees: fees(t),
        payee: t.payee.clone(),
        payer: t.payer.clone(),
        title: t.title.clone(),
        description: t.description.clone(),
        created: t.created.clone(),
        auto_information: t.auto_information.clone(),
        image_urls: t.image_urls.clone(),
        expected_completion: t.expected_completion.clone(),
        payments: Payments {
            inbound: Inbound { amount: Money(t.paid_in()), payments: t.inbound.iter().map(inbound).collect() },
            outbound: Outbound { amount: Money(out_total), payments: t.outbound.iter().map(outbound).collect() },
        },
    })
}

/// One item of `GET /v2/transactions`.
pub fn list_item(t: &TxnDoc) -> TransactionListItem {
    TransactionListItem {
        transaction_id: t.transaction_id.clone(),
        amount: Money(t.amount),
        currency: t.currency.clone(),
        status: t.status.clone(),
        created: t.created.clone(),
        reference_id: t.reference_id.clone(),
        payee: t.payee.clone(),
        payer: t.payer.clone(),
        title: t.title.clone(),
        auto_information: t.auto_information.clone(),
        fees: fees(t),
        payments: ListPayments { inbound: PaidIn { amount: Money(t.paid_in()), currency: t.currency.clone() } },
        expected_completion: t.expected_completion.clone(),
    }
}

/// `GET /v2/transactions`.
pub fn list(items: &[TxnDoc], count: i64) -> Value {
    json!(TransactionList { items: items.iter().map(list_item).collect(), count })
}
