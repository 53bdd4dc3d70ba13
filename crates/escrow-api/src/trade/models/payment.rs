//! Payments to escrow and the shipment labels paid through them.

use super::trade::TradeAppSwitch;
use super::wire::{amount, lenient_bool, optional_amount};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// Starts paying a payment to escrow.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct TradePaymentFlowRequest {
    /// Where the user goes after paying; 1 to 2048 characters.
    pub success_url: String,
    /// Where the user goes on cancel; 1 to 2048 characters.
    pub cancel_url: String,
    /// Return to a native app.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub app_switch: Option<TradeAppSwitch>,
}

string_enum! {
    /// State of a payment to escrow. The spec observed only `Pending`; `Paid` and
    /// `Cancelled` are the sandbox's.
    PaymentToEscrowState {
        /// Waiting for the user to pay.
        Pending = "Pending",
        /// Paid.
        Paid = "Paid",
        /// Will not be paid (the trade closed first).
        Cancelled = "Cancelled",
    }
}

/// A payment into escrow: the trade's own, or a shipment's.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase", default)]
#[non_exhaustive]
pub struct PaymentToEscrow {
    /// The payment's id (the `paymentId` of the payment flow).
    pub external_id: String,
    /// What is to be paid.
    #[serde(with = "optional_amount")]
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub amount: Option<Decimal>,
    /// Whether it has been paid.
    #[serde(deserialize_with = "lenient_bool")]
    pub is_paid: bool,
    /// Where the payment is.
    pub state: Option<PaymentToEscrowState>,
}

/// Buys a shipment label (spec: shipment purchase request).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ShipmentPurchase {
    /// What the user pays for the label; not negative (0: already covered).
    #[serde(with = "amount")]
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub price: Decimal,
    /// The carrier: one of two supported identifiers (the sandbox's: `postnord`, `gls`).
    pub shipment_provider_id: String,
    /// Expected maximum weight in grams; more than 0.
    pub expected_max_weight_in_grams: i32,
}
