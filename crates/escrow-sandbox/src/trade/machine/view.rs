//! How a trade reads to its parties (spec shapes): open actions, deadline, headline,
//! status, timeline, phases and the whole record.

use super::{DEFAULT_DELIVERY_MINUTES, Role, Stage, TradeDoc, UserDoc, parse_time};
use crate::money::json as money;
use chrono::{DateTime, Duration, Utc};
use serde_json::{Value, json};

impl TradeDoc {
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

    pub(super) fn deadline(&self) -> Option<(DateTime<Utc>, &'static str)> {
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
    pub(super) fn headline(&self, role: Role) -> (&'static str, String, &'static str) {
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
        let mut actions: Vec<String> = self.actions(role).into_iter().map(str::to_owned).collect();
        actions.extend(self.extra_actions.iter().filter(|a| a.party == role.audience()).map(|a| a.name.clone()));
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

    pub(super) fn timeline(&self, role: Role) -> Value {
        self.events
            .iter()
            .filter(|e| e.to == "both" || e.to == role.audience())
            .map(|e| json!({ "time": e.at, "text": e.text }))
            .collect()
    }

    pub(super) fn party(&self, role: Role, user: Option<&UserDoc>) -> Value {
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

    pub(super) fn phases(&self) -> Value {
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
