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

use super::api::{Fault, Outcome};
use crate::money::{json as money, round2};
use chrono::{DateTime, Duration, Utc};
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
}

/// Default time for the payee to send after payment: 7 days.
pub const DEFAULT_DELIVERY_MINUTES: i64 = 7 * 24 * 60;

fn parse_time(s: &Option<String>) -> Option<DateTime<Utc>> {
    s.as_deref().and_then(|t| DateTime::parse_from_rfc3339(t).ok()).map(|t| t.with_timezone(&Utc))
}

fn not_allowed(detail: impl Into<String>) -> Fault {
    Fault::rule("ActionNotAllowed", "Action not allowed", detail)
}

impl TradeDoc {
    pub fn role_of(&self, user: &str) -> Option<Role> {
        if user == self.payer_id {
            Some(Role::Payer)
        } else if user == self.payee_id {
            Some(Role::Payee)
        } else {
            None
        }
    }

    pub fn log(&mut self, at: &str, to: &str, text: impl Into<String>) {
        self.events.push(Event { at: at.to_owned(), to: to.to_owned(), text: text.into() });
    }

    fn require_stage(&self, allowed: &[Stage], what: &str) -> Outcome<()> {
        if allowed.contains(&self.stage) {
            return Ok(());
        }
        Err(Fault::rule(
            "InvalidTradeState",
            "Invalid trade state",
            format!("cannot {what} while the trade is {}", self.stage.name()),
        ))
    }

    fn expect_role(&self, user: &str, role: Role, what: &str) -> Outcome<()> {
        if self.role_of(user) == Some(role) {
            return Ok(());
        }
        let who = match role {
            Role::Payer => "payer",
            Role::Payee => "payee",
        };
        Err(not_allowed(format!("only the {who} can {what}")))
    }

    /// (fixed, percentage, variable, total) of a party's fee.
    pub fn fees(&self, role: Role) -> (Decimal, Decimal, Decimal, Decimal) {
        let (pct, fixed) = match role {
            Role::Payer => (self.payer_fee, self.payer_fixed_fee),
            Role::Payee => (self.payee_fee, self.payee_fixed_fee),
        };
        let variable = round2(self.amount * pct / Decimal::ONE_HUNDRED);
        (fixed, pct, variable, round2(fixed + variable))
    }

    /// What the payer pays into escrow: the amount plus the payer's fee.
    pub fn payer_total(&self) -> Decimal {
        round2(self.amount + self.fees(Role::Payer).3)
    }

    /// What the payee gets on release: the amount less the payee's fee and what was
    /// reimbursed, never below zero.
    pub fn payee_payout(&self) -> Decimal {
        round2(self.amount - self.fees(Role::Payee).3 - self.reimbursed).max(Decimal::ZERO)
    }

    /// What is left in escrow for the payer.
    pub fn refundable(&self) -> Decimal {
        (self.paid - self.reimbursed).max(Decimal::ZERO)
    }

    fn finish(&mut self, stage: Stage, at: &str) {
        self.stage = stage;
        self.finished_at = Some(at.to_owned());
    }

    // ---- transitions -------------------------------------------------------------

    pub fn accept(&mut self, user: &str, at: &str) -> Outcome<()> {
        self.expect_role(user, Role::Payer, "accept the invitation")?;
        self.require_stage(&[Stage::InvitationPending], "accept the invitation")?;
        self.stage = Stage::AwaitingPayment;
        self.accepted_at = Some(at.to_owned());
        self.log(at, "both", "The buyer accepted the invitation");
        Ok(())
    }

    /// Accepts if needed; the caller creates (or reuses) the escrow payment.
    pub fn accept_for_payment(&mut self, user: &str, at: &str) -> Outcome<()> {
        self.expect_role(user, Role::Payer, "accept and pay")?;
        self.require_stage(&[Stage::InvitationPending, Stage::AwaitingPayment], "accept and pay")?;
        if self.stage == Stage::InvitationPending {
            self.accept(user, at)?;
        }
        Ok(())
    }

    pub fn reject(&mut self, user: &str, at: &str) -> Outcome<()> {
        self.expect_role(user, Role::Payer, "reject the invitation")?;
        self.require_stage(&[Stage::InvitationPending], "reject the invitation")?;
        self.finish(Stage::Rejected, at);
        self.log(at, "both", "The buyer rejected the invitation");
        Ok(())
    }

    /// A payment of this trade was paid.
    pub fn payment_paid(&mut self, payment: &PaymentDoc, at: &str) -> Outcome<Vec<Effect>> {
        let not_payable =
            || Fault::rule("PaymentNotPayable", "Payment not payable", format!("the trade is {}", self.stage.name()));
        let mut effects = Vec::new();
        match payment.purpose.as_str() {
            "escrow" => {
                if self.stage != Stage::AwaitingPayment {
                    return Err(not_payable());
                }
                self.paid = payment.amount;
                self.paid_at = Some(at.to_owned());
                self.stage = Stage::AwaitingDelivery;
                effects.push(Effect { kind: "trade.payment", amount: payment.amount });
                self.log(at, "payer", format!("You paid {} DKK into escrow", round2(payment.amount)));
                self.log(at, "payee", "The buyer paid; the money is held in escrow. Send the item.");
            }
            "delivery" => {
                if self.stage != Stage::DeliveryShipmentPending {
                    return Err(not_payable());
                }
                effects.push(Effect { kind: "trade.shipment.delivery", amount: payment.amount });
                self.sent(at);
            }
            "return" => {
                if self.stage != Stage::ReturnShipmentPending {
                    return Err(not_payable());
                }
                effects.push(Effect { kind: "trade.shipment.return", amount: payment.amount });
                effects.extend(self.returned(at));
            }
            other => {
                return Err(Fault::Api(crate::error::ApiError::Internal(format!("payment purpose {other}"))));
            }
        }
        Ok(effects)
    }

    fn sent(&mut self, at: &str) {
        self.stage = Stage::ItemSent;
        self.sent_at = Some(at.to_owned());
        let label =
            self.delivery.as_ref().map(|s| format!(" with {} ({})", s.provider, s.tracking_number)).unwrap_or_default();
        self.log(at, "both", format!("The item was sent{label}"));
    }

    fn returned(&mut self, at: &str) -> Vec<Effect> {
        let refund = self.refundable();
        self.finish(Stage::Refunded, at);
        let label = self
            .return_shipment
            .as_ref()
            .map(|s| format!(" with {} ({})", s.provider, s.tracking_number))
            .unwrap_or_default();
        self.log(at, "both", format!("The item was sent back{label}"));
        self.log(at, "payer", format!("{} DKK was refunded to you", refund));
        self.log(at, "payee", "The money was refunded to the buyer");
        vec![Effect { kind: "trade.refund", amount: refund }]
    }

    /// Buys a shipment label; `paid` when it costs nothing (then the item counts as sent
    /// or returned at once).
    pub fn buy_shipment(&mut self, user: &str, purpose: &str, shipment: Shipment, at: &str) -> Outcome<Vec<Effect>> {
        let free = shipment.price.is_zero();
        if purpose == "delivery" {
            self.expect_role(user, Role::Payee, "buy the delivery shipment")?;
            self.require_stage(&[Stage::AwaitingDelivery], "buy a delivery shipment")?;
            self.delivery = Some(shipment);
            if free {
                self.sent(at);
            } else {
                self.stage = Stage::DeliveryShipmentPending;
                self.log(at, "payee", "You bought a delivery shipment; pay it to get the label");
            }
            Ok(Vec::new())
        } else {
            self.expect_role(user, Role::Payer, "buy the return shipment")?;
            self.require_stage(&[Stage::ReturnPending], "buy a return shipment")?;
            self.return_shipment = Some(shipment);
            if free {
                Ok(self.returned(at))
            } else {
                self.stage = Stage::ReturnShipmentPending;
                self.log(at, "payer", "You bought a return shipment; pay it to get the label");
                Ok(Vec::new())
            }
        }
    }

    fn inspectable(&self) -> Vec<Stage> {
        let mut s = vec![Stage::ItemSent];
        if self.delivery_by_hand_allowed {
            s.push(Stage::AwaitingDelivery);
        }
        s
    }

    pub fn accept_item(&mut self, user: &str, at: &str) -> Outcome<Vec<Effect>> {
        self.expect_role(user, Role::Payer, "accept the item's condition")?;
        self.require_stage(&self.inspectable(), "accept the item's condition")?;
        let payout = self.payee_payout();
        self.inspected_at = Some(at.to_owned());
        self.finish(Stage::Completed, at);
        self.log(at, "payer", "You accepted the item's condition; the trade is complete");
        self.log(at, "payee", format!("The buyer accepted the item; {payout} DKK is paid out to you"));
        Ok(vec![Effect { kind: "trade.release", amount: payout }])
    }

    pub fn reject_item(&mut self, user: &str, reason: &str, at: &str) -> Outcome<()> {
        self.expect_role(user, Role::Payer, "reject the item's condition")?;
        self.require_stage(&self.inspectable(), "reject the item's condition")?;
        self.inspected_at = Some(at.to_owned());
        self.rejection_reason = Some(reason.to_owned());
        self.stage = Stage::ReturnPending;
        self.log(at, "both", format!("The buyer rejected the item's condition: {reason}"));
        Ok(())
    }

    /// The tenant cancels before the item is sent; what is in escrow goes back.
    pub fn cancel(&mut self, at: &str) -> Outcome<Vec<Effect>> {
        if !matches!(self.stage, Stage::InvitationPending | Stage::AwaitingPayment | Stage::AwaitingDelivery) {
            return Err(Fault::rule(
                "TradeNotCancellable",
                "Trade not cancellable",
                format!("a trade that is {} cannot be cancelled", self.stage.name()),
            ));
        }
        let refund = self.refundable();
        self.finish(Stage::Cancelled, at);
        self.log(at, "both", "The trade was cancelled by the marketplace");
        Ok(if self.paid_at.is_some() && refund > Decimal::ZERO {
            self.log(at, "payer", format!("{refund} DKK was refunded to you"));
            vec![Effect { kind: "trade.refund", amount: refund }]
        } else {
            Vec::new()
        })
    }

    /// A party walks away: the payer before paying, the payee before sending.
    pub fn abandon(&mut self, user: &str, at: &str) -> Outcome<Vec<Effect>> {
        let role = self.role_of(user).ok_or_else(|| not_allowed("only a party of the trade can abandon it"))?;
        match role {
            Role::Payer => self.require_stage(
                &[Stage::InvitationPending, Stage::AwaitingPayment],
                "abandon (the buyer) after paying",
            )?,
            Role::Payee => self.require_stage(
                &[Stage::InvitationPending, Stage::AwaitingPayment, Stage::AwaitingDelivery],
                "abandon (the seller) after sending",
            )?,
        }
        let refund = self.refundable();
        self.finish(Stage::Abandoned, at);
        let who = if role == Role::Payer { "buyer" } else { "seller" };
        self.log(at, "both", format!("The {who} abandoned the trade"));
        Ok(if self.paid_at.is_some() && refund > Decimal::ZERO {
            self.log(at, "payer", format!("{refund} DKK was refunded to you"));
            vec![Effect { kind: "trade.refund", amount: refund }]
        } else {
            Vec::new()
        })
    }

    /// Pays part of the escrowed money back to the payer (out of the payee's share);
    /// all of it finishes the trade.
    pub fn reimburse(&mut self, payer: &str, amount: Decimal, at: &str) -> Outcome<Vec<Effect>> {
        self.expect_role(payer, Role::Payer, "be reimbursed")?;
        if !self.stage.money_in_escrow() {
            return Err(Fault::rule(
                "InvalidTradeState",
                "Invalid trade state",
                format!("nothing is held in escrow while the trade is {}", self.stage.name()),
            ));
        }
        let left = self.refundable();
        if amount <= Decimal::ZERO || amount > left {
            return Err(Fault::field(
                "amount",
                format!("must be more than 0 and at most {left} (what is left of the payment)"),
            ));
        }
        self.reimbursed = round2(self.reimbursed + amount);
        self.log(at, "both", format!("{amount} DKK was reimbursed to the buyer"));
        if self.refundable().is_zero() {
            self.finish(Stage::Reimbursed, at);
            self.log(at, "both", "The whole payment was reimbursed; the trade is finished");
        }
        Ok(vec![Effect { kind: "trade.reimburse", amount }])
    }

    // ---- rendering ---------------------------------------------------------------

    /// The actions open to a party now (names chosen by the sandbox).
    pub fn actions(&self, role: Role) -> Vec<&'static str> {
        use Role::*;
        use Stage::*;
        match (self.stage, role) {
            (InvitationPending, Payer) => vec!["AcceptInvitation", "AcceptAndPay", "RejectInvitation", "Abandon"],
            (InvitationPending | AwaitingPayment, Payee) => vec!["Abandon"],
            (AwaitingPayment, Payer) => vec!["Pay", "Abandon"],
            (AwaitingDelivery, Payer) if self.delivery_by_hand_allowed => {
                vec!["AcceptItemCondition", "RejectItemCondition"]
            }
            (AwaitingDelivery, Payee) => vec!["BuyDeliveryShipment", "Abandon"],
            (DeliveryShipmentPending, Payee) => vec!["PayShipment"],
            (ItemSent, Payer) => vec!["AcceptItemCondition", "RejectItemCondition"],
            (ReturnPending, Payer) => vec!["BuyReturnShipment"],
            (ReturnShipmentPending, Payer) => vec!["PayShipment"],
            _ => Vec::new(),
        }
    }

    fn deadline(&self) -> Option<(DateTime<Utc>, &'static str)> {
        let after = |t: &Option<String>, d: Duration| parse_time(t).map(|t| t + d);
        let created = Some(self.created.clone());
        match self.stage {
            Stage::InvitationPending => after(&created, Duration::days(7))
                .map(|t| (t, "The buyer must accept or reject the invitation by then")),
            Stage::AwaitingPayment => {
                after(&self.accepted_at, Duration::days(3)).map(|t| (t, "The buyer must pay by then"))
            }
            Stage::AwaitingDelivery | Stage::DeliveryShipmentPending => {
                let minutes = self.allowed_minutes.unwrap_or(DEFAULT_DELIVERY_MINUTES);
                after(&self.paid_at, Duration::minutes(minutes))
                    .map(|t| (t, "The seller must send or hand over the item by then"))
            }
            Stage::ItemSent => after(&self.sent_at, Duration::days(3))
                .map(|t| (t, "The buyer must accept or reject the item's condition by then")),
            Stage::ReturnPending | Stage::ReturnShipmentPending => {
                after(&self.inspected_at, Duration::days(7)).map(|t| (t, "The buyer must send the item back by then"))
            }
            _ => None,
        }
    }

    /// (title, description, iconId) for a party.
    fn headline(&self, role: Role) -> (&'static str, String, &'static str) {
        use Role::*;
        use Stage::*;
        let total = self.payer_total();
        match (self.stage, role) {
            (InvitationPending, Payer) => (
                "Invitation to buy",
                format!("Accept and pay {total} DKK into escrow, or reject the invitation."),
                "invitation",
            ),
            (InvitationPending, Payee) => {
                ("Waiting for the buyer", "The buyer has not answered the invitation yet.".into(), "waiting")
            }
            (AwaitingPayment, Payer) => (
                "Pay into escrow",
                format!("Pay {total} DKK; the seller is paid only when you accept the item."),
                "payment",
            ),
            (AwaitingPayment, Payee) => ("Waiting for payment", "The buyer accepted and is paying.".into(), "waiting"),
            (AwaitingDelivery, Payer) => {
                ("Waiting for the item", "The money is in escrow; the seller is sending the item.".into(), "waiting")
            }
            (AwaitingDelivery, Payee) => {
                ("Send the item", "The money is in escrow. Buy a shipment and send the item.".into(), "shipping")
            }
            (DeliveryShipmentPending, Payer) => {
                ("Waiting for the item", "The seller is preparing the shipment.".into(), "waiting")
            }
            (DeliveryShipmentPending, Payee) => {
                ("Pay the shipment", "Pay the shipment to get the label.".into(), "payment")
            }
            (ItemSent, Payer) => {
                ("Check the item", "Accept the item's condition to release the money, or reject it.".into(), "inspect")
            }
            (ItemSent, Payee) => ("Item sent", "Waiting for the buyer to check the item.".into(), "waiting"),
            (ReturnPending, Payer) => {
                ("Send the item back", "Buy a return shipment and send the item back.".into(), "return")
            }
            (ReturnPending, Payee) => {
                ("Item is coming back", "The buyer rejected the item and is sending it back.".into(), "return")
            }
            (ReturnShipmentPending, Payer) => {
                ("Pay the return shipment", "Pay the return shipment to get the label.".into(), "payment")
            }
            (ReturnShipmentPending, Payee) => {
                ("Item is coming back", "The buyer is preparing the return shipment.".into(), "return")
            }
            (Completed, _) => ("Trade completed", "The item was accepted and the seller was paid.".into(), "completed"),
            (Rejected, _) => ("Invitation rejected", "The buyer rejected the invitation.".into(), "cancelled"),
            (Cancelled, _) => {
                ("Trade cancelled", "The trade was cancelled; any payment was returned.".into(), "cancelled")
            }
            (Abandoned, _) => {
                ("Trade abandoned", "A party abandoned the trade; any payment was returned.".into(), "cancelled")
            }
            (Reimbursed, _) => {
                ("Payment reimbursed", "The whole payment was reimbursed to the buyer.".into(), "refunded")
            }
            (Refunded, _) => ("Trade refunded", "The item was returned and the buyer refunded.".into(), "refunded"),
        }
    }

    pub fn status(&self, role: Role) -> Value {
        let actions = self.actions(role);
        let (title, description, icon) = self.headline(role);
        let deadline = self.deadline();
        json!({
            "deadline": deadline.map(|(t, _)| crate::clock::stamp(t)),
            "deadlineDescription": deadline.map(|(_, d)| d),
            "title": title,
            "description": description,
            "iconId": icon,
            "hasPendingAction": actions.iter().any(|a| *a != "Abandon"),
            "actions": actions,
        })
    }

    fn timeline(&self, role: Role) -> Value {
        self.events
            .iter()
            .filter(|e| e.to == "both" || e.to == role.audience())
            .map(|e| json!({ "time": e.at, "text": e.text }))
            .collect()
    }

    fn party(&self, role: Role, user: Option<&UserDoc>) -> Value {
        let (fixed, pct, variable, total) = self.fees(role);
        let address = user.and_then(|u| u.address.clone());
        let pick = |k: &str| address.as_ref().and_then(|a| a.get(k)).cloned().unwrap_or(Value::Null);
        json!({
            "serviceUserId": user.map(|u| u.service_user_id.clone()),
            "phoneNumber": user.and_then(|u| u.phone_number.clone()),
            "name": user.map(|u| u.name.clone()),
            "city": pick("city"),
            "postalCode": pick("postNumber"),
            "address": address,
            "fees": {
                "fixedAmount": money(fixed),
                "variableAmount": money(variable),
                "variablePercentage": money(pct),
                "amount": money(total),
            },
            "status": self.status(role),
            "timeline": self.timeline(role),
        })
    }

    fn phases(&self) -> Value {
        let phase = |state: &str, started: &Option<String>, completed: &Option<String>| json!({ "state": state, "started": started, "completed": completed });
        let s = self.stage;
        let contract_state = match s {
            Stage::InvitationPending | Stage::AwaitingPayment => "Active",
            Stage::Rejected => "Rejected",
            _ if self.paid_at.is_none() => "Cancelled",
            _ => "Completed",
        };
        let delivery_state = match s {
            _ if self.paid_at.is_none() => {
                if s.finished() {
                    "Skipped"
                } else {
                    "Pending"
                }
            }
            Stage::AwaitingDelivery | Stage::DeliveryShipmentPending | Stage::ItemSent => "Active",
            _ if self.inspected_at.is_some() => "Completed",
            _ => "Cancelled",
        };
        let return_state = match s {
            Stage::ReturnPending | Stage::ReturnShipmentPending => "Active",
            Stage::Refunded => "Completed",
            _ if s.finished() => "Skipped",
            _ => "Pending",
        };
        let return_started = if self.rejection_reason.is_some() { self.inspected_at.clone() } else { None };
        let return_done = if s == Stage::Refunded { self.finished_at.clone() } else { None };
        let mut finished =
            phase(if s.finished() { "Completed" } else { "Pending" }, &self.finished_at, &self.finished_at);
        finished["outcome"] = if s.finished() { json!(s.name()) } else { Value::Null };
        json!({
            "contract": phase(contract_state, &Some(self.created.clone()), &self.paid_at),
            "delivery": phase(delivery_state, &self.paid_at, &self.inspected_at),
            "return": phase(return_state, &return_started, &return_done),
            "finished": finished,
        })
    }

    /// The trade record.
    pub fn json(&self, payer: Option<&UserDoc>, payee: Option<&UserDoc>) -> Value {
        json!({
            "tradeId": self.trade_id,
            "payer": self.party(Role::Payer, payer),
            "payee": self.party(Role::Payee, payee),
            "createdBy": self.created_by,
            "referenceId": self.reference_id,
            "title": self.title,
            "description": self.description,
            "price": money(self.amount),
            "prioritizedPayees": self.prioritized_payees,
            "phases": self.phases(),
            "images": self.image_urls,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Decimal {
        s.parse().unwrap()
    }

    fn trade() -> TradeDoc {
        TradeDoc {
            trade_id: "t1".into(),
            created: "2026-01-01T10:00:00.000Z".into(),
            created_by: "Marketplace".into(),
            title: "Cykel".into(),
            description: "Brugt cykel".into(),
            amount: d("1000"),
            payer_fee: d("2.5"),
            payer_fixed_fee: d("10"),
            payee_fee: d("5"),
            payee_fixed_fee: d("0"),
            payer_id: "buyer".into(),
            payee_id: "seller".into(),
            reference_id: None,
            checkout_key: None,
            delivery_by_hand_allowed: false,
            shipping: None,
            return_shipping: None,
            success_url: "https://x".into(),
            cancel_url: "https://x".into(),
            checkout_type: None,
            image_urls: vec![],
            app_switch: None,
            allowed_minutes: Some(60),
            prioritized_payees: None,
            stage: Stage::InvitationPending,
            receiver_shop_id: None,
            payment_id: None,
            paid: Decimal::ZERO,
            reimbursed: Decimal::ZERO,
            delivery: None,
            return_shipment: None,
            rejection_reason: None,
            accepted_at: None,
            paid_at: None,
            sent_at: None,
            inspected_at: None,
            finished_at: None,
            events: vec![],
        }
    }

    fn payment(t: &TradeDoc, purpose: &str, amount: Decimal) -> PaymentDoc {
        PaymentDoc {
            external_id: "p".into(),
            trade_id: t.trade_id.clone(),
            purpose: purpose.into(),
            payer_id: t.payer_id.clone(),
            amount,
            state: "Pending".into(),
            created: t.created.clone(),
            paid_at: None,
        }
    }

    fn ship(price: &str) -> Shipment {
        Shipment {
            provider: "gls".into(),
            price: d(price),
            weight_grams: 1000,
            payment_id: "s".into(),
            tracking_number: "GLS1".into(),
            bought: "2026-01-01T11:00:00.000Z".into(),
        }
    }

    const AT: &str = "2026-01-01T11:00:00.000Z";

    #[test]
    fn happy_path_releases_amount_less_payee_fee() {
        let mut t = trade();
        assert_eq!(t.payer_total(), d("1035.00"));
        assert!(t.accept("seller", AT).is_err(), "only the payer accepts");
        t.accept_for_payment("buyer", AT).unwrap();
        let p = payment(&t, "escrow", t.payer_total());
        assert_eq!(t.payment_paid(&p, AT).unwrap(), vec![Effect { kind: "trade.payment", amount: d("1035.00") }]);
        assert_eq!(t.status(Role::Payee)["deadline"], json!("2026-01-01T12:00:00.000Z"), "paid + 60 minutes");
        assert!(t.accept_item("buyer", AT).is_err(), "not sent yet");
        t.buy_shipment("seller", "delivery", ship("0"), AT).unwrap();
        assert_eq!(t.stage, Stage::ItemSent);
        assert_eq!(t.actions(Role::Payer), vec!["AcceptItemCondition", "RejectItemCondition"]);
        assert_eq!(t.accept_item("buyer", AT).unwrap(), vec![Effect { kind: "trade.release", amount: d("950.00") }]);
        assert!(t.stage.finished());
        assert!(t.cancel(AT).is_err());
        assert_eq!(t.status(Role::Payer)["hasPendingAction"], json!(false));
    }

    #[test]
    fn return_refunds_what_is_left_after_reimbursement() {
        let mut t = trade();
        t.accept("buyer", AT).unwrap();
        t.payment_paid(&payment(&t, "escrow", d("1035")), AT).unwrap();
        t.reimburse("buyer", d("35"), AT).unwrap();
        assert!(t.reimburse("buyer", d("1000.01"), AT).is_err(), "more than is left");
        t.buy_shipment("seller", "delivery", ship("0"), AT).unwrap();
        t.reject_item("buyer", "Ridset", AT).unwrap();
        t.buy_shipment("buyer", "return", ship("49"), AT).unwrap();
        assert_eq!(t.stage, Stage::ReturnShipmentPending);
        let effects = t.payment_paid(&payment(&t, "return", d("49")), AT).unwrap();
        assert_eq!(effects[1], Effect { kind: "trade.refund", amount: d("1000") });
        assert_eq!(t.stage, Stage::Refunded);
        assert_eq!(t.json(None, None)["phases"]["return"]["state"], json!("Completed"));
    }

    #[test]
    fn full_reimbursement_finishes_and_cancel_refunds() {
        let mut t = trade();
        t.accept("buyer", AT).unwrap();
        t.payment_paid(&payment(&t, "escrow", d("1035")), AT).unwrap();
        t.reimburse("buyer", d("1035"), AT).unwrap();
        assert_eq!(t.stage, Stage::Reimbursed);

        let mut t = trade();
        t.accept("buyer", AT).unwrap();
        t.payment_paid(&payment(&t, "escrow", d("1035")), AT).unwrap();
        assert_eq!(t.cancel(AT).unwrap(), vec![Effect { kind: "trade.refund", amount: d("1035") }]);
        assert!(t.abandon("seller", AT).is_err());
    }
}
