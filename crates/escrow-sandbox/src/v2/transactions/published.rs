//! What the v2 API does differently in the published dialect, beyond field names: the
//! answer to creating a transaction, and the published route that creates one.

use crate::dialect::Dialect;
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
    match dialect {
        Dialect::Spec => json!({
            "transactionId": transaction_id,
            "checkoutUrl": checkout_url,
            "connectUrl": null,
            "id": null,
        }),
        Dialect::Published => json!({
            "id": transaction_id,
            "checkoutUrl": checkout_url,
            "connectUrl": "",
        }),
    }
}
