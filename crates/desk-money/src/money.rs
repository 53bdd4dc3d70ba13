//! Where a deal's money is, from its record alone: what the payer paid in, what is still
//! owed, and what went out to whom (back to the payer, to the payee, as split payouts),
//! paid or only scheduled, and what the closed deal kept as fees. The one rule behind every
//! money figure of a deal: the detail's cards, the Auto checklist and the mirror's excess.
//!
//! Read leniently: a status this app does not know is never counted as paid or scheduled,
//! only reported (`unknown_in`, a flow's `other`), and never fails the answer.

use super::ledger::{Ledger, Receiver, receiver};
use super::model::money;
use escrow_api::enums::{PaymentStatus, PayoutStatus, SplitPayoutStatus, TransactionStatus};
use escrow_api::{SplitPayout, Transaction};
use rust_decimal::Decimal;
use serde::Serialize;
use ts_rs::TS;

/// Where a deal is in its life, as far as its money goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum Stage {
    /// Created, payment under way or paid: the money is (or will be) in escrow.
    Open,
    /// Released: the payee's share is paid out.
    Succeeded,
    /// Cancelled: what was in escrow goes back to the payer.
    Cancelled,
    /// A status this app does not know: the figures are shown without a verdict.
    Unknown,
}

impl Stage {
    pub fn of(status: &TransactionStatus) -> Self {
        match status {
            TransactionStatus::Created | TransactionStatus::InProgress | TransactionStatus::Paid => Self::Open,
            TransactionStatus::Succeeded => Self::Succeeded,
            TransactionStatus::Cancelled => Self::Cancelled,
            _ => Self::Unknown,
        }
    }

    /// The stage of a status as the mirror stores it.
    pub fn of_text(status: &str) -> Self {
        Self::of(&TransactionStatus::from(status))
    }

    /// Succeeded or cancelled: nothing more can happen to the deal's money but the payout
    /// run paying what is scheduled.
    pub fn closed(self) -> bool {
        matches!(self, Self::Succeeded | Self::Cancelled)
    }
}

/// Money going out to one kind of receiver. Amounts are decimal strings with 2 decimals.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Flow {
    /// Everything not cancelled.
    pub total: String,
    /// Transferred.
    pub paid: String,
    /// Waiting for the payout run (a scheduled payout, a pending split payout).
    pub scheduled: String,
    /// Of a status this app does not know.
    pub other: String,
}

/// A deal's money from its record. Amounts are decimal strings with 2 decimals in `currency`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DealMoney {
    pub currency: String,
    pub stage: Stage,
    /// What the payer owes in all: amount + payer fee.
    pub owed: String,
    /// What the payer paid in: payments authorized, and those since returned.
    pub paid_in: String,
    /// Of it, payments the service marks as returned to the payer.
    pub returned_in: String,
    /// Payments under way (not yet authorized).
    pub in_progress: String,
    /// Payments of a status this app does not know (not counted as paid in).
    pub unknown_in: String,
    /// What the payer still has to pay; `None` once the deal is closed.
    pub remaining: Option<String>,
    /// Paid in beyond what is owed and not yet split out (payout is refused until it is); 0
    /// once closed.
    pub excess: String,
    /// What has left the deal or is scheduled to (reimbursements, payouts the record names,
    /// split payouts paid), of the payments still counted as paid in: a partial reimbursement
    /// lowers what is held long before the deal closes.
    pub gone_out: String,
    /// What the deal holds in escrow now: paid in, less payments returned and what has gone
    /// out; `None` once closed.
    pub held: Option<String>,
    /// Back to the payer: reimbursements, and the refund of a cancelled deal.
    pub to_payer: Flow,
    /// To the payee: the payout at release.
    pub to_payee: Flow,
    /// Out to anyone else the record names.
    pub to_others: Flow,
    /// Split payouts not cancelled; `None` when they could not be read.
    pub splits: Option<Flow>,
    /// What a closed deal kept (the fees): paid in − everything out. `None` while open, or
    /// when the record does not add up (an unknown status, split payouts not read).
    pub fees_kept: Option<String>,
}

#[derive(Default)]
struct Sums {
    paid: Decimal,
    scheduled: Decimal,
    other: Decimal,
}

impl Sums {
    fn total(&self) -> Decimal {
        self.paid + self.scheduled + self.other
    }

    fn flow(&self) -> Flow {
        Flow {
            total: money(self.total()),
            paid: money(self.paid),
            scheduled: money(self.scheduled),
            other: money(self.other),
        }
    }
}

fn outbound_to(tx: &Transaction, who: Receiver) -> Sums {
    let mut s = Sums::default();
    for o in tx.payments.outbound.payments.iter().filter(|o| receiver(tx, o) == who) {
        match o.status {
            PayoutStatus::Paid => s.paid += o.amount,
            PayoutStatus::Scheduled => s.scheduled += o.amount,
            PayoutStatus::Cancelled => {}
            _ => s.other += o.amount,
        }
    }
    s
}

fn split_sums(splits: &[SplitPayout]) -> Sums {
    let mut s = Sums::default();
    for sp in splits {
        match sp.status {
            SplitPayoutStatus::Paid => s.paid += sp.amount,
            SplitPayoutStatus::Pending => s.scheduled += sp.amount,
            SplitPayoutStatus::Cancelled => {}
            _ => s.other += sp.amount,
        }
    }
    s
}

fn inbound(tx: &Transaction, status: PaymentStatus) -> Decimal {
    tx.payments.inbound.payments.iter().filter(|p| p.status == status).map(|p| p.amount).sum()
}

/// The deal's money from its record and, when read, its split payouts.
pub fn money_of(tx: &Transaction, splits: Option<&[SplitPayout]>) -> DealMoney {
    let stage = Stage::of(&tx.status);
    let ledger = Ledger::new(tx, splits.unwrap_or_default());
    let payments = &tx.payments.inbound.payments;
    let known = [PaymentStatus::Authorized, PaymentStatus::Returned, PaymentStatus::InProgress, PaymentStatus::Failed];
    let unknown_in: Decimal = payments.iter().filter(|p| !known.contains(&p.status)).map(|p| p.amount).sum();
    let returned_in = inbound(tx, PaymentStatus::Returned);
    // A record that lists no payments but says what came in: the total stands for them.
    let listed = ledger.paid_in + returned_in;
    let paid_in = match tx.payments.inbound.amount {
        Some(said) if payments.is_empty() && said > Decimal::ZERO => said,
        _ => listed,
    };
    let mut to_payer = outbound_to(tx, Receiver::Payer);
    // Returned payments stand for the refund when the record shows no money out to the payer.
    if stage == Stage::Cancelled && to_payer.total() == Decimal::ZERO && returned_in > Decimal::ZERO {
        to_payer.paid = returned_in;
    }
    let to_payee = outbound_to(tx, Receiver::Payee);
    let to_others = outbound_to(tx, Receiver::Other);
    let split = splits.map(split_sums);
    let fees_kept = match &split {
        Some(split) if stage.closed() && unknown_in == Decimal::ZERO => {
            let out = to_payer.total() + to_payee.total() + to_others.total() + split.total();
            let kept = paid_in - out;
            (kept >= Decimal::ZERO).then(|| money(kept))
        }
        _ => None,
    };
    let gone_out =
        to_payer.total() + to_payee.total() + to_others.total() + split.as_ref().map_or(Decimal::ZERO, |s| s.paid);
    let held = (!stage.closed()).then(|| money((paid_in - returned_in - gone_out).max(Decimal::ZERO)));
    let (remaining, excess) = if stage.closed() {
        (None, Decimal::ZERO)
    } else if payments.is_empty() && paid_in > Decimal::ZERO {
        let owed = tx.amount + ledger.payer_fee;
        (Some(money((owed - paid_in).max(Decimal::ZERO))), (paid_in - owed).max(Decimal::ZERO))
    } else {
        (Some(money(ledger.owes(tx.amount, ledger.payer_fee))), ledger.excess())
    };
    DealMoney {
        currency: tx.currency.to_string(),
        stage,
        owed: money(tx.amount + ledger.payer_fee),
        paid_in: money(paid_in),
        returned_in: money(returned_in),
        in_progress: money(inbound(tx, PaymentStatus::InProgress)),
        unknown_in: money(unknown_in),
        remaining,
        excess: money(excess),
        gone_out: money(gone_out),
        held,
        to_payer: to_payer.flow(),
        to_payee: to_payee.flow(),
        to_others: to_others.flow(),
        splits: split.map(|s| s.flow()),
        fees_kept,
    }
}

/// What the deal holds now as a figure the consequence rules bound their maximums by: `held`
/// of [`money_of`] (the one rule), none once the deal is closed.
pub(super) fn held_of(tx: &Transaction, splits: &[SplitPayout]) -> Decimal {
    money_of(tx, Some(splits)).held.and_then(|h| h.parse().ok()).unwrap_or(Decimal::ZERO)
}

#[cfg(test)]
#[path = "money_tests.rs"]
mod tests;
