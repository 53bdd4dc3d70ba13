//! The steps of the phase machine: each checks the stage and the acting party, moves
//! the trade on, logs it for the parties and returns the money it moved.

use super::{Effect, Event, PaymentDoc, Role, Shipment, Stage, TradeDoc, not_allowed};
use crate::money::round2;
use crate::trade::api::{Fault, Outcome};
use rust_decimal::Decimal;

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

    /// Lists `name` for `user`'s party (control API); a name listed already is kept once.
    pub fn add_extra_action(&mut self, user: &str, name: &str) -> Outcome<()> {
        let role = self.role_of(user).ok_or_else(|| not_party(user))?;
        let party = role.audience().to_owned();
        if !self.extra_actions.iter().any(|a| a.party == party && a.name == name) {
            self.extra_actions.push(super::ExtraAction { party, name: name.to_owned() });
        }
        Ok(())
    }

    /// Performs an extra action listed for `user`'s party: it leaves the list and the
    /// trade's timeline says who did it.
    pub fn perform_extra_action(&mut self, user: &str, name: &str, at: &str) -> Outcome<()> {
        let role = self.role_of(user).ok_or_else(|| not_party(user))?;
        let Some(i) = self.extra_actions.iter().position(|a| a.party == role.audience() && a.name == name) else {
            return Err(not_allowed(format!("{name} is not an action open to the {}", role.audience())));
        };
        self.extra_actions.remove(i);
        self.log(at, "both", format!("The {} did {name}", role.audience()));
        Ok(())
    }

    pub fn log(&mut self, at: &str, to: &str, text: impl Into<String>) {
        self.events.push(Event { at: at.to_owned(), to: to.to_owned(), text: text.into() });
    }

    pub(super) fn require_stage(&self, allowed: &[Stage], what: &str) -> Outcome<()> {
        if allowed.contains(&self.stage) {
            return Ok(());
        }
        Err(Fault::rule(
            "InvalidTradeState",
            "Invalid trade state",
            format!("cannot {what} while the trade is {}", self.stage.name()),
        ))
    }

    pub(super) fn expect_role(&self, user: &str, role: Role, what: &str) -> Outcome<()> {
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

    pub(super) fn finish(&mut self, stage: Stage, at: &str) {
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

    pub(super) fn sent(&mut self, at: &str) {
        self.stage = Stage::ItemSent;
        self.sent_at = Some(at.to_owned());
        let label =
            self.delivery.as_ref().map(|s| format!(" with {} ({})", s.provider, s.tracking_number)).unwrap_or_default();
        self.log(at, "both", format!("The item was sent{label}"));
    }

    pub(super) fn returned(&mut self, at: &str) -> Vec<Effect> {
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

    pub(super) fn inspectable(&self) -> Vec<Stage> {
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
}

fn not_party(user: &str) -> Fault {
    Fault::rule("NotAParty", "Not a party", format!("{user} is neither payer nor payee of the trade"))
}
