//! The live record's figures the rules work on: what was paid in and reimbursed, the fees,
//! which split payouts were paid from excess, the payee's share; and who each payment out
//! goes to (the payer, the payee, someone else).

use super::model::{Consequence, SplitEffect, money};
use escrow_api::enums::{PaymentStatus, PayoutStatus, SplitPayoutStatus, TransactionStatus};
use escrow_api::{OutboundPayment, Party, SplitPayout, Transaction};
use rust_decimal::Decimal;

/// The record's figures the rules work on.
pub(super) struct Ledger<'a> {
    pub(super) amount: Decimal,
    pub(super) currency: String,
    pub(super) status: TransactionStatus,
    pub(super) splits: &'a [SplitPayout],
    pub(super) payee_fee: Decimal,
    pub(super) payer_fee: Decimal,
    pub(super) paid_in: Decimal,
    pub(super) reimbursed: Decimal,
    /// Per split payout (same order): paid from excess.
    pub(super) from_excess: Vec<bool>,
    pub(super) debt_split: Option<String>,
    /// What the deal holds now (`DealMoney::held`), when known: nothing can be reimbursed
    /// beyond it.
    pub(super) held: Option<Decimal>,
}

impl<'a> Ledger<'a> {
    pub(super) fn new(tx: &'a Transaction, splits: &'a [SplitPayout]) -> Self {
        let fees = tx.fees.clone().unwrap_or_default();
        let paid_in: Decimal = tx
            .payments
            .inbound
            .payments
            .iter()
            .filter(|p| p.status == PaymentStatus::Authorized)
            .map(|p| p.amount)
            .sum();
        // While the deal is open, money out to the payer is reimbursement (on a cancelled
        // deal, the refund).
        let reimbursed: Decimal = if tx.status == TransactionStatus::Cancelled {
            Decimal::ZERO
        } else {
            tx.payments
                .outbound
                .payments
                .iter()
                .filter(|o| o.status != PayoutStatus::Cancelled && receiver(tx, o) == Receiver::Payer)
                .map(|o| o.amount)
                .sum()
        };
        let payer_fee = fees.payer.unwrap_or_default();
        let debt_split = tx
            .auto_information
            .as_ref()
            .and_then(|a| a.debt.as_ref())
            .and_then(|d| d.get("splitPayoutId"))
            .and_then(|v| v.as_str())
            .map(str::to_owned);
        let from_excess = excess_splits(tx, splits, payer_fee, debt_split.as_deref());
        Ledger {
            amount: tx.amount,
            currency: tx.currency.to_string(),
            status: tx.status.clone(),
            splits,
            payee_fee: fees.payee.unwrap_or_default(),
            payer_fee,
            paid_in,
            reimbursed,
            from_excess,
            debt_split,
            held: None,
        }
    }

    /// The same figures, bounded by what the deal holds (`held`, see [`super::money::held_of`]).
    pub(super) fn holding(self, held: Decimal) -> Self {
        Ledger { held: Some(held), ..self }
    }

    /// The record a create will make: `amount` and the fixed fees, nothing paid in, no
    /// split payouts yet.
    pub(super) fn planned(amount: Decimal, payee_fee: Decimal, payer_fee: Decimal, currency: &str) -> Self {
        Ledger {
            amount,
            currency: currency.to_owned(),
            status: TransactionStatus::Created,
            splits: &[],
            payee_fee,
            payer_fee,
            paid_in: Decimal::ZERO,
            reimbursed: Decimal::ZERO,
            from_excess: Vec::new(),
            debt_split: None,
            held: None,
        }
    }

    pub(super) fn live(&self) -> impl Iterator<Item = (usize, &SplitPayout)> {
        self.splits.iter().enumerate().filter(|(_, s)| s.status != SplitPayoutStatus::Cancelled)
    }

    /// Split payouts taken out of the payee's share.
    pub(super) fn share_splits(&self) -> Decimal {
        self.live().filter(|(i, _)| !self.from_excess[*i]).map(|(_, s)| s.amount).sum()
    }

    pub(super) fn excess(&self) -> Decimal {
        let assigned: Decimal = self.live().filter(|(i, _)| self.from_excess[*i]).map(|(_, s)| s.amount).sum();
        (self.paid_in - self.amount - self.payer_fee - assigned).max(Decimal::ZERO)
    }

    pub(super) fn share(&self) -> Decimal {
        self.amount - self.payee_fee - self.share_splits() - self.reimbursed
    }

    /// The most that can be reimbursed: the payee's share, never more than the deal holds
    /// (a partly paid deal holds only what was paid in), and nothing before anything is paid in.
    pub(super) fn max_reimbursable(&self) -> Decimal {
        if self.paid_in <= Decimal::ZERO {
            return Decimal::ZERO;
        }
        let share = self.share().max(Decimal::ZERO);
        self.held.map_or(share, |held| share.min(held.max(Decimal::ZERO)))
    }

    pub(super) fn owes(&self, amount: Decimal, payer_fee: Decimal) -> Decimal {
        (amount + payer_fee - self.paid_in).max(Decimal::ZERO)
    }

    pub(super) fn closed(&self) -> bool {
        matches!(self.status, TransactionStatus::Succeeded | TransactionStatus::Cancelled)
    }

    pub(super) fn effect(&self, s: &SplitPayout, effect: &str) -> SplitEffect {
        SplitEffect {
            split_payout_id: s.split_payout_id.clone(),
            amount: money(s.amount),
            recipient: s.recipient.to_string(),
            timing: s.timing.as_ref().map(|t| t.to_string()).unwrap_or_else(|| "ON_CLOSE".into()),
            effect: effect.into(),
            debt_settlement: self.debt_split.as_deref() == Some(s.split_payout_id.as_str()),
            from_share: self.live().any(|(i, x)| {
                x.split_payout_id == s.split_payout_id && !self.from_excess.get(i).copied().unwrap_or(false)
            }),
        }
    }

    pub(super) fn base(&self, kind: &str) -> Consequence {
        Consequence {
            kind: kind.into(),
            currency: self.currency.clone(),
            amount: money(self.amount),
            payee_fee: money(self.payee_fee),
            payer_fee: money(self.payer_fee),
            paid_in: money(self.paid_in),
            reimbursed: money(self.reimbursed),
            payee_net: money(self.share()),
            to_payer: money(Decimal::ZERO),
            payer_owes: money(self.owes(self.amount, self.payer_fee)),
            max_reimbursable: money(self.max_reimbursable()),
            splits: self.splits.iter().map(|s| self.effect(s, "unchanged")).collect(),
            blocked: None,
        }
    }
}

/// Which split payouts were paid from excess. The service decides when one is created: from
/// the excess while the money authorized by then is more than is owed (never the debt
/// settlement, which is always out of the payee's share). The record keeps no such flag, so
/// the creations are replayed in order against the payments authorized by each one's time
/// (an unknown time counts as earlier). A split payout planned before the payer overpaid is
/// out of the payee's share, and the whole overpayment is excess.
fn excess_splits(tx: &Transaction, splits: &[SplitPayout], payer_fee: Decimal, debt_split: Option<&str>) -> Vec<bool> {
    let owed = tx.amount + payer_fee;
    let mut ordered: Vec<usize> = (0..splits.len()).collect();
    ordered.sort_by_key(|&i| splits[i].created);
    let mut from_excess = vec![false; splits.len()];
    let mut assigned = Decimal::ZERO;
    for i in ordered {
        let s = &splits[i];
        if s.status == SplitPayoutStatus::Cancelled || debt_split == Some(s.split_payout_id.as_str()) {
            continue;
        }
        let paid_by_then: Decimal = tx
            .payments
            .inbound
            .payments
            .iter()
            .filter(|p| p.status == PaymentStatus::Authorized)
            .filter(|p| match (p.authorized, s.created) {
                (Some(paid), Some(made)) => paid <= made,
                _ => true,
            })
            .map(|p| p.amount)
            .sum();
        let excess_then = paid_by_then - owed - assigned;
        if excess_then > Decimal::ZERO && s.amount <= excess_then {
            from_excess[i] = true;
            assigned += s.amount;
        }
    }
    from_excess
}

/// Who an outbound payment goes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Receiver {
    Payer,
    Payee,
    Other,
}

fn same_party(a: Option<&Party>, b: Option<&Party>) -> bool {
    let (Some(a), Some(b)) = (a, b) else { return false };
    let same = |x: &Option<String>, y: &Option<String>| match (x.as_deref().map(str::trim), y.as_deref().map(str::trim))
    {
        (Some(x), Some(y)) => !x.is_empty() && x == y,
        _ => false,
    };
    same(&a.service_account_id, &b.service_account_id) || same(&a.reference_id, &b.reference_id)
}

/// Who `o` goes to, by the record's parties. Money out to the payer while the deal is open
/// is a reimbursement; on a cancelled deal, the refund.
pub(super) fn receiver(tx: &Transaction, o: &OutboundPayment) -> Receiver {
    let payer = same_party(o.payee.as_ref(), tx.payer.as_ref());
    let payee = same_party(o.payee.as_ref(), tx.payee.as_ref());
    match (payer, payee) {
        // One account on both sides: a cancelled deal only pays back.
        (true, true) if tx.status == TransactionStatus::Cancelled => Receiver::Payer,
        (true, true) => Receiver::Payee,
        (true, false) => Receiver::Payer,
        (false, true) => Receiver::Payee,
        (false, false) => Receiver::Other,
    }
}
