//! What the v2 API does differently in the published dialect, beyond field names: the
//! answer to creating a transaction, and the published route that creates one.

use crate::dialect::Dialect;
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Value, json};

/// The published route that creates a Marketplace transaction (the guide's
/// `POST /v2/checkout/marketplace`); served next to the spec's `/v2/transactions/marketplace`.
pub const CHECKOUT_MARKETPLACE: &str = "/v2/checkout/marketplace";

/// The answer to creating a transaction.
///
/// - spec: `{transactionId, checkoutUrl, connectUrl: null, id: null}`;
/// - published ("V2 (Beta)" Checkout): `{id, checkoutUrl, connectUrl}`, all strings, no
///   `transactionId`. The sandbox needs no connect step at creation (the parties are
///   connected accounts, a reference or a phone invite), so `connectUrl` is `""`.
pub fn created(dialect: Dialect, transaction_id: &str, checkout_url: &str) -> Value {
    let checkout_url = checkout_url.to_owned();
    match dialect {
        Dialect::Spec => json!(TransactionCreated {
            checkout_url,
            connect_url: None,
            id: None,
            transaction_id: transaction_id.to_owned(),
        }),
        Dialect::Published => {
            json!(CheckoutCreated { checkout_url, connect_url: String::new(), id: transaction_id.to_owned() })
        }
    }
}

/// The spec's answer to creating a transaction (fields in the order of their JSON names).
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransactionCreated {
    pub checkout_url: String,
    /// Always null: the parties need no connect step at creation.
    pub connect_url: Option<()>,
    /// Always null in this dialect.
    pub id: Option<()>,
    pub transaction_id: String,
}

/// The published answer to creating a transaction.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
#[schemars(rename = "TransactionCreated")]
pub struct CheckoutCreated {
    pub checkout_url: String,
    /// Always empty: the parties need no connect step at creation.
    pub connect_url: String,
    /// The transaction's id.
    pub id: String,
}
