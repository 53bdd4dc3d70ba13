//! Each money move's consequence on the record, by the money model (see the module's doc).

use super::ledger::Ledger;
use super::model::{Blocked, Consequence, Move, SplitEffect, blocked, money, parse};
use super::money::held_of;
use escrow_api::enums::{SplitPayoutStatus, Timing, TransactionStatus};
use escrow_api::{SplitPayout, Transaction};
use rust_decimal::Decimal;

/// The consequence of the move `m` on `tx` and its split payouts.
pub fn of_move(m: &Move, tx: &Transaction, splits: &[SplitPayout]) -> Consequence {
    let l = Ledger::new(tx, splits).holding(held_of(tx, splits));
    let closed = l.closed().then(|| Blocked { reason: "closed".into(), amount: None });
    let mut c = match m {
        Move::Payout => {
            let mut c = l.base("payout");
            let pending = |s: &SplitPayout| s.status == SplitPayoutStatus::Pending;
            c.splits = splits.iter().map(|s| l.effect(s, if pending(s) { "released" } else { "unchanged" })).collect();
            let owed = l.owes(tx.amount, l.payer_fee);
            c.blocked = if owed > Decimal::ZERO {
                blocked("notPaid", Some(owed))
            } else if l.excess() > Decimal::ZERO {
                blocked("excess", Some(l.excess()))
            } else {
                None
            };
            c
        }
        Move::Cancel => {
            let mut c = l.base("cancel");
            let paid_splits: Decimal =
                splits.iter().filter(|s| s.status == SplitPayoutStatus::Paid).map(|s| s.amount).sum();
            let mut left = l.paid_in - l.reimbursed - paid_splits;
            c.splits = splits
                .iter()
                .map(|s| {
                    if s.status != SplitPayoutStatus::Pending {
                        return l.effect(s, "unchanged");
                    }
                    if s.timing == Some(Timing::NextPayout) && s.amount <= left {
                        left -= s.amount;
                        l.effect(s, "kept")
                    } else {
                        l.effect(s, "cancelled")
                    }
                })
                .collect();
            c.to_payer = money(left.max(Decimal::ZERO));
            c.payee_net = money(Decimal::ZERO);
            c.payer_owes = money(Decimal::ZERO);
            if tx.status == TransactionStatus::Succeeded {
                c.blocked = blocked("closed", None);
            }
            c
        }
        Move::Reimburse { amount } => {
            let mut c = l.base("reimburse");
            let a = parse(amount).unwrap_or_default();
            let max = l.max_reimbursable();
            c.to_payer = money(a);
            c.payee_net = money(l.share() - a);
            c.blocked = if l.paid_in == Decimal::ZERO {
                blocked("nothingPaidIn", None)
            } else if a > max {
                blocked("overReimbursable", Some(max))
            } else {
                None
            };
            c
        }
        Move::CreateSplitPayout { amount, recipient, timing } => {
            let mut c = l.base("createSplitPayout");
            let a = parse(amount).unwrap_or_default();
            let excess = l.excess();
            let share = l.share();
            if excess > Decimal::ZERO {
                c.blocked = (a > excess).then(|| Blocked { reason: "overExcess".into(), amount: Some(money(excess)) });
            } else {
                c.payee_net = money(share - a);
                c.blocked = (a > share).then(|| Blocked { reason: "overShare".into(), amount: Some(money(share)) });
            }
            c.splits.push(SplitEffect {
                split_payout_id: String::new(),
                amount: money(a),
                recipient: recipient.clone(),
                timing: timing.clone().filter(|t| !t.is_empty()).unwrap_or_else(|| "ON_CLOSE".into()),
                effect: "planned".into(),
                debt_settlement: false,
                from_share: true,
            });
            c
        }
        Move::CancelSplitPayout { split_payout_id } => {
            let mut c = l.base("cancelSplitPayout");
            let found = splits.iter().enumerate().find(|(_, s)| &s.split_payout_id == split_payout_id);
            if let Some((i, s)) = found {
                if !l.from_excess[i] && s.status == SplitPayoutStatus::Pending {
                    c.payee_net = money(l.share() + s.amount);
                }
                c.splits = splits
                    .iter()
                    .map(|x| {
                        l.effect(x, if x.split_payout_id == s.split_payout_id { "cancelled" } else { "unchanged" })
                    })
                    .collect();
                c.blocked = if l.debt_split.as_deref() == Some(split_payout_id.as_str()) {
                    blocked("debtSettlement", None)
                } else if s.status != SplitPayoutStatus::Pending {
                    blocked("notPending", None)
                } else {
                    None
                };
            }
            c
        }
        Move::ChangeAmount { amount, payee_fixed_fee, payer_fixed_fee } => {
            let mut c = l.base("changeAmount");
            let a = parse(amount).unwrap_or(tx.amount);
            let fee = |f: &Option<String>, now: Decimal| {
                f.as_deref().filter(|s| !s.is_empty()).and_then(parse).unwrap_or(now)
            };
            let payee_fee = fee(payee_fixed_fee, l.payee_fee);
            let payer_fee = fee(payer_fixed_fee, l.payer_fee);
            let committed = payee_fee + l.share_splits() + l.reimbursed;
            c.amount = money(a);
            c.payee_fee = money(payee_fee);
            c.payer_fee = money(payer_fee);
            c.payee_net = money(a - committed);
            c.payer_owes = money(l.owes(a, payer_fee));
            // The sandbox's order (`change_amount`): the costs first, then an authorized payment's
            // two rules, raise only and never below what the payer authorized (payer fee included).
            let authorized = l.paid_in > Decimal::ZERO;
            c.blocked = if a < committed {
                blocked("belowCommitted", Some(committed))
            } else if authorized && a < tx.amount {
                blocked("onlyRaise", Some(tx.amount))
            } else if authorized && a + payer_fee < l.paid_in {
                blocked("belowAuthorized", Some(l.paid_in - payer_fee))
            } else {
                None
            };
            c
        }
        Move::CreatePayment { amount } => {
            let mut c = l.base("createPayment");
            let left = l.owes(tx.amount, l.payer_fee);
            // No amount: what remains to pay, as the service takes it.
            let a = match amount.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
                Some(text) => parse(text).unwrap_or_default(),
                None => left,
            };
            c.payer_owes = money((left - a).max(Decimal::ZERO));
            c.blocked = if left <= Decimal::ZERO {
                blocked("nothingToPay", None)
            } else if a <= Decimal::ZERO || a > left {
                blocked("overRemaining", Some(left))
            } else {
                None
            };
            c
        }
    };
    if closed.is_some() {
        c.blocked = closed;
    }
    c
}

/// A new transaction, on the record the create will make (nothing paid in): the payer pays
/// `amount + payer fee`; at release the payee receives `amount − payee fee`, less the debt
/// settlement when the new deal's set-up registers `debt` right after the create (the same
/// rule as registering debt on an existing deal, [`of_debt`]).
pub fn of_create(
    amount: Decimal,
    payee_fee: Decimal,
    payer_fee: Decimal,
    currency: &str,
    debt: Option<Decimal>,
) -> Consequence {
    let l = Ledger::planned(amount, payee_fee, payer_fee, currency);
    let mut c = l.base("createTransaction");
    if let Some(debt) = debt {
        plan_debt(&l, debt, Decimal::ZERO, &mut c);
    }
    if amount < payee_fee {
        c.blocked = blocked("belowCommitted", Some(payee_fee));
    }
    c
}

/// Registering debt of `amount` plans the debt-settlement split payout (ON_CLOSE, out of
/// the payee's share), replacing a still-pending earlier one.
pub fn of_debt(amount: Decimal, tx: &Transaction, splits: &[SplitPayout]) -> Consequence {
    let l = Ledger::new(tx, splits).holding(held_of(tx, splits));
    let mut c = l.base("addDebtInformation");
    let replaced = splits.iter().find(|s| {
        l.debt_split.as_deref() == Some(s.split_payout_id.as_str()) && s.status == SplitPayoutStatus::Pending
    });
    c.splits =
        splits.iter().map(|s| l.effect(s, if Some(s) == replaced { "cancelled" } else { "unchanged" })).collect();
    plan_debt(&l, amount, replaced.map(|s| s.amount).unwrap_or_default(), &mut c);
    c
}

/// The debt settlement of `amount` planned on `c`: out of the payee's share (which gets
/// `back` from a pending settlement it replaces), paid ON_CLOSE to the creditor's account,
/// refused above that share or on a closed deal, as the service does.
fn plan_debt(l: &Ledger, amount: Decimal, back: Decimal, c: &mut Consequence) {
    let share = l.share() + back;
    c.payee_net = money(share - amount);
    c.splits.push(SplitEffect {
        split_payout_id: String::new(),
        amount: money(amount),
        recipient: "PAYEE".into(),
        timing: "ON_CLOSE".into(),
        effect: "planned".into(),
        debt_settlement: true,
        from_share: true,
    });
    c.blocked = if l.closed() {
        blocked("closed", None)
    } else if amount > share {
        blocked("overShare", Some(share))
    } else {
        None
    };
}

#[cfg(test)]
#[path = "rules_tests.rs"]
mod tests;
