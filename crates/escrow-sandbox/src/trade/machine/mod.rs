//! The trade phase machine and the stored documents of the trade API.
//!
//! ```text
//! contract  InvitationPending ──accept──▶ AwaitingPayment ──(payment paid)──▶ delivery
//!           │  └──accept-and-pay (payment created)──┘
//!           └─reject──▶ Rejected (finished)
//! delivery  AwaitingDelivery ──buy delivery shipment──▶ DeliveryShipmentPending ──(paid)──▶ ItemSent
//!              (a shipment priced 0 is paid at once: straight to ItemSent)
//!           ItemSent (or AwaitingDelivery when deliveryByHandAllowed)
//!              ──accept item condition──▶ Completed (finished; payee paid out)
//!              ──reject item condition──▶ return
//! return    ReturnPending ──buy return shipment──▶ ReturnShipmentPending ──(paid)──▶ Refunded
//!              (finished; the payer gets back what is left in escrow)
//! any time  cancel (tenant, by state id) before the item is sent ──▶ Cancelled (refund if paid)
//!           abandon: payer before paying, payee before sending ──▶ Abandoned (refund if paid)
//!           reimburse payer (money in escrow, amount ≤ paid − reimbursed); all of it ──▶ Reimbursed
//! ```
//!
//! Deadlines are shown to the parties but never enforced by the sandbox.
//!
//! The documents and stages are here; the steps in [`steps`], how a trade reads to its
//! parties in [`view`].

use super::api::Fault;
use crate::money::json as money;
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// Where a trade is. The names are this sandbox's (the spec shows phases, not states).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    InvitationPending,
    AwaitingPayment,
    AwaitingDelivery,
    DeliveryShipmentPending,
    ItemSent,
    ReturnPending,
    ReturnShipmentPending,
    Completed,
    Rejected,
    Cancelled,
    Abandoned,
    Reimbursed,
    Refunded,
}

impl Stage {
    pub fn finished(self) -> bool {
        matches!(
            self,
            Self::Completed | Self::Rejected | Self::Cancelled | Self::Abandoned | Self::Reimbursed | Self::Refunded
        )
    }

    /// The payer's money is held in escrow.
    pub fn money_in_escrow(self) -> bool {
        matches!(
            self,
            Self::AwaitingDelivery
                | Self::DeliveryShipmentPending
                | Self::ItemSent
                | Self::ReturnPending
                | Self::ReturnShipmentPending
        )
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::InvitationPending => "InvitationPending",
            Self::AwaitingPayment => "AwaitingPayment",
            Self::AwaitingDelivery => "AwaitingDelivery",
            Self::DeliveryShipmentPending => "DeliveryShipmentPending",
            Self::ItemSent => "ItemSent",
            Self::ReturnPending => "ReturnPending",
            Self::ReturnShipmentPending => "ReturnShipmentPending",
            Self::Completed => "Completed",
            Self::Rejected => "Rejected",
            Self::Cancelled => "Cancelled",
            Self::Abandoned => "Abandoned",
            Self::Reimbursed => "Reimbursed",
            Self::Refunded => "Refunded",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Payer,
    Payee,
}

impl Role {
    fn audience(self) -> &'static str {
        match self {
            Self::Payer => "payer",
            Self::Payee => "payee",
        }
    }
}

/// A bank account as this API shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BankAccountDoc {
    pub bank: String,
    pub account_number: String,
    pub name: String,
}

impl BankAccountDoc {
    pub fn json(&self) -> Value {
        json!({ "bank": self.bank, "accountNumber": self.account_number, "name": self.name })
    }
}

/// A marketplace user connected through the connect flow (or made by the control API,
/// or registered as a business user).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UserDoc {
    pub marketplace_user_id: String,
    pub service_user_id: String,
    pub name: String,
    pub phone_number: Option<String>,
    pub address: Option<Value>,
    pub bank_account: Option<BankAccountDoc>,
    pub has_completed_onboarding: bool,
    pub kyc_level: i64,
    pub connected: String,
    /// `{businessId}/{businessLocationId}` when this user is a business user.
    pub business: Option<String>,
}

impl UserDoc {
    /// The user details response.
    pub fn json(&self) -> Value {
        json!({
            "serviceUserId": self.service_user_id,
            "bankAccount": self.bank_account.as_ref().map(BankAccountDoc::json),
            "name": self.name,
            "phoneNumber": self.phone_number,
            "hasCompletedOnboarding": self.has_completed_onboarding,
        })
    }
}

/// A business user.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BusinessUserDoc {
    pub service_user_id: String,
    pub business_id: String,
    pub business_location_id: String,
    /// Also its marketplaceUserId: a business user can be the payee of a trade.
    pub user_id: String,
    pub name: String,
    pub phone_number: Option<String>,
    pub address: Value,
    /// The payout account as a BBAN.
    pub account_number: String,
    pub created: String,
}

impl BusinessUserDoc {
    pub fn key(business_id: &str, location_id: &str) -> String {
        format!("{business_id}/{location_id}")
    }

    pub fn bank_account(&self) -> BankAccountDoc {
        BankAccountDoc {
            bank: "Sandbox Bank".into(),
            account_number: self.account_number.clone(),
            name: self.name.clone(),
        }
    }

    /// The business user response; `userId` only on create (the spec).
    pub fn json(&self, with_user_id: bool) -> Value {
        let mut v = json!({
            "serviceUserId": self.service_user_id,
            "businessId": self.business_id,
            "businessLocationId": self.business_location_id,
            "bankAccount": self.bank_account().json(),
            "address": self.address,
        });
        if with_user_id {
            v["userId"] = json!(self.user_id);
        }
        v
    }
}

/// A payment to escrow: the trade's own (`escrow`) or a shipment's (`delivery`, `return`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PaymentDoc {
    pub external_id: String,
    pub trade_id: String,
    pub purpose: String,
    /// The marketplaceUserId of whoever pays it.
    pub payer_id: String,
    pub amount: Decimal,
    /// `Pending`, `Paid` or `Cancelled`.
    pub state: String,
    pub created: String,
    pub paid_at: Option<String>,
}

impl PaymentDoc {
    pub fn json(&self) -> Value {
        json!({
            "externalId": self.external_id,
            "amount": money(self.amount),
            "isPaid": self.state == "Paid",
            "state": self.state,
        })
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Shipment {
    pub provider: String,
    pub price: Decimal,
    pub weight_grams: i64,
    pub payment_id: String,
    pub tracking_number: String,
    pub bought: String,
}

/// One line of a party's timeline; `to` is `both`, `payer` or `payee`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Event {
    pub at: String,
    pub to: String,
    pub text: String,
}

/// A money movement the handler records in the ledger.
#[derive(Debug, Clone, PartialEq)]
pub struct Effect {
    pub kind: &'static str,
    pub amount: Decimal,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TradeDoc {
    pub trade_id: String,
    pub created: String,
    pub created_by: String,
    pub title: String,
    pub description: String,
    pub amount: Decimal,
    pub payer_fee: Decimal,
    pub payer_fixed_fee: Decimal,
    pub payee_fee: Decimal,
    pub payee_fixed_fee: Decimal,
    pub payer_id: String,
    pub payee_id: String,
    pub reference_id: Option<String>,
    pub checkout_key: Option<String>,
    pub delivery_by_hand_allowed: bool,
    pub shipping: Option<Value>,
    pub return_shipping: Option<Value>,
    pub success_url: String,
    pub cancel_url: String,
    pub checkout_type: Option<String>,
    pub image_urls: Vec<String>,
    pub app_switch: Option<Value>,
    pub allowed_minutes: Option<i64>,
    pub prioritized_payees: Option<Value>,
    pub stage: Stage,
    pub receiver_shop_id: Option<String>,
    pub payment_id: Option<String>,
    pub paid: Decimal,
    pub reimbursed: Decimal,
    pub delivery: Option<Shipment>,
    pub return_shipment: Option<Shipment>,
    pub rejection_reason: Option<String>,
    pub accepted_at: Option<String>,
    pub paid_at: Option<String>,
    pub sent_at: Option<String>,
    pub inspected_at: Option<String>,
    pub finished_at: Option<String>,
    pub events: Vec<Event>,
    /// Actions listed for a party beyond the sandbox's own (set up through the control
    /// API, so a client can be tried with a name it does not know).
    #[serde(default)]
    pub extra_actions: Vec<ExtraAction>,
}

/// An action listed for one party until that party performs it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExtraAction {
    /// `payer` or `payee`.
    pub party: String,
    pub name: String,
}

/// Default time for the payee to send after payment: 7 days.
pub const DEFAULT_DELIVERY_MINUTES: i64 = 7 * 24 * 60;

fn parse_time(s: &Option<String>) -> Option<DateTime<Utc>> {
    s.as_deref().and_then(|t| DateTime::parse_from_rfc3339(t).ok()).map(|t| t.with_timezone(&Utc))
}

fn not_allowed(detail: impl Into<String>) -> Fault {
    Fault::rule("ActionNotAllowed", "Action not allowed", detail)
}

mod steps;
mod view;

#[cfg(test)]
mod tests;
