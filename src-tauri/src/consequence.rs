//! What a money move will do, computed before it is confirmed (shared by the transaction
//! actions and the Auto debt registration): who receives what, which
//! split payouts are released, kept or cancelled, what returns to the payer and the most
//! that can be reimbursed. The dialog shows it; the intent's audit row records the same
//! numbers (see [`Consequence::summary`]).
//!
//! The money model is the one the sandbox documents (`escrow-sandbox`,
//! `v2/transactions/machine.rs`), from the spec's rules:
//! - the payer owes `amount + payer fee`; money paid in beyond it is *excess*, and a split
//!   payout created while there is excess is paid from it (not from the payee's share);
//! - at release the payee gets `amount − payee fee − split payouts − reimbursed`;
//! - ON_CLOSE split payouts are paid at release; NEXT_PAYOUT ones with the next payout run,
//!   "independently of release or return", so a cancel keeps them (as far as funds allow)
//!   and refunds the rest of what is in escrow.
//!
//! The record does not say which split payouts were paid from excess; they are assigned
//! in creation order while excess lasts, as the sandbox did when they were created.

use escrow_api::enums::{PaymentStatus, SplitPayoutStatus, Timing, TransactionStatus};
use escrow_api::{Client, SplitPayout, Transaction};
use rust_decimal::Decimal;
use serde::Serialize;
use ts_rs::TS;

/// A money move as the rules need it (the transaction actions map onto it, see
/// `TransactionAction::money_move`). Amounts are decimal strings as typed in the request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Move {
    Payout,
    Cancel,
    Reimburse { amount: String },
    CreateSplitPayout { amount: String, recipient: String, timing: Option<String> },
    CancelSplitPayout { split_payout_id: String },
    ChangeAmount { amount: String, payee_fixed_fee: Option<String>, payer_fixed_fee: Option<String> },
}

/// Reads the transaction and its split payouts, the live record a consequence is computed on.
pub async fn live(
    client: &Client,
    transaction_id: &str,
) -> Result<(Transaction, Vec<SplitPayout>), crate::error::AppError> {
    let id = crate::fields::id("transactionId", transaction_id)?;
    let tx = client.transactions().get(id).await?;
    let splits = client.split_payouts().list(id).await?.items;
    Ok((tx, splits))
}

/// The consequence's audit line for `m` on the live record; `None` when it cannot be read.
pub async fn audit_note(client: &Client, transaction_id: &str, m: &Move) -> Option<String> {
    let (tx, splits) = live(client, transaction_id).await.ok()?;
    Some(of_move(m, &tx, &splits).summary())
}

/// The audit line for registering debt of `amount` (text as in the request) on the live record.
pub async fn debt_audit_note(client: &Client, transaction_id: &str, amount: &str) -> Option<String> {
    let amount = parse(amount)?;
    let (tx, splits) = live(client, transaction_id).await.ok()?;
    Some(of_debt(amount, &tx, &splits).summary())
}

/// A split payout and what the action does to it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SplitEffect {
    pub split_payout_id: String,
    pub amount: String,
    pub recipient: String,
    pub timing: String,
    /// `released` (paid with this payout), `kept` (still paid after a cancel), `cancelled`,
    /// `planned` (a new one) or `unchanged`.
    pub effect: String,
    /// The debt-settlement split payout, which can never be cancelled.
    pub debt_settlement: bool,
}

/// Why the service will refuse the action as asked, with the figure that decides it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Blocked {
    /// `closed`, `notPaid`, `excess`, `nothingPaidIn`, `overReimbursable`, `overShare`,
    /// `overExcess`, `belowCommitted`, `debtSettlement`, `notPending`.
    pub reason: String,
    pub amount: Option<String>,
}

/// The consequence of one action on the live record. Amounts are decimal strings with 2
/// decimals in `currency`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Consequence {
    pub kind: String,
    pub currency: String,
    /// The transaction amount after the action.
    pub amount: String,
    pub payee_fee: String,
    pub payer_fee: String,
    pub paid_in: String,
    pub reimbursed: String,
    /// What the payee receives at release, after this action.
    pub payee_net: String,
    /// What this action sends back to the payer.
    pub to_payer: String,
    /// What the payer still has to pay after the action.
    pub payer_owes: String,
    /// The most that can be reimbursed before this action.
    pub max_reimbursable: String,
    pub splits: Vec<SplitEffect>,
    pub blocked: Option<Blocked>,
}

impl Consequence {
    /// One line for the audit log, with the same numbers the dialog showed.
    pub fn summary(&self) -> String {
        let c = &self.currency;
        let mut s = format!(
            "consequence: payee receives {} {c}; to payer {} {c}; payer owes {} {c}; reimbursable {} {c}",
            self.payee_net, self.to_payer, self.payer_owes, self.max_reimbursable
        );
        for sp in self.splits.iter().filter(|sp| sp.effect != "unchanged") {
            s.push_str(&format!("; split payout {} {} {c} {}", sp.split_payout_id, sp.amount, sp.effect));
        }
        if let Some(b) = &self.blocked {
            s.push_str(&format!("; expected refusal: {}", b.reason));
        }
        s
    }
}

fn money(d: Decimal) -> String {
    format!("{:.2}", d.round_dp(2))
}

fn parse(text: &str) -> Option<Decimal> {
    crate::fields::parse_amount("amount", text).ok()
}

/// The record's figures the rules work on.
struct Ledger<'a> {
    tx: &'a Transaction,
    splits: &'a [SplitPayout],
    payee_fee: Decimal,
    payer_fee: Decimal,
    paid_in: Decimal,
    reimbursed: Decimal,
    /// Per split payout (same order): paid from excess.
    from_excess: Vec<bool>,
    debt_split: Option<String>,
}

impl<'a> Ledger<'a> {
    fn new(tx: &'a Transaction, splits: &'a [SplitPayout]) -> Self {
        let fees = tx.fees.clone().unwrap_or_default();
        let paid_in: Decimal = tx
            .payments
            .inbound
            .payments
            .iter()
            .filter(|p| p.status == PaymentStatus::Authorized)
            .map(|p| p.amount)
            .sum();
        let payer_account = tx.payer.as_ref().and_then(|p| p.service_account_id.clone());
        // While the deal is open, money out to the payer is reimbursement.
        let reimbursed: Decimal = match (&payer_account, tx.status == TransactionStatus::Cancelled) {
            (Some(payer), false) => tx
                .payments
                .outbound
                .payments
                .iter()
                .filter(|o| o.payee.as_ref().and_then(|p| p.service_account_id.as_ref()) == Some(payer))
                .map(|o| o.amount)
                .sum(),
            _ => Decimal::ZERO,
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
            tx,
            splits,
            payee_fee: fees.payee.unwrap_or_default(),
            payer_fee,
            paid_in,
            reimbursed,
            from_excess,
            debt_split,
        }
    }

    fn live(&self) -> impl Iterator<Item = (usize, &SplitPayout)> {
        self.splits.iter().enumerate().filter(|(_, s)| s.status != SplitPayoutStatus::Cancelled)
    }

    /// Split payouts taken out of the payee's share.
    fn share_splits(&self) -> Decimal {
        self.live().filter(|(i, _)| !self.from_excess[*i]).map(|(_, s)| s.amount).sum()
    }

    fn excess(&self) -> Decimal {
        let assigned: Decimal = self.live().filter(|(i, _)| self.from_excess[*i]).map(|(_, s)| s.amount).sum();
        (self.paid_in - self.tx.amount - self.payer_fee - assigned).max(Decimal::ZERO)
    }

    fn share(&self) -> Decimal {
        self.tx.amount - self.payee_fee - self.share_splits() - self.reimbursed
    }

    fn owes(&self, amount: Decimal, payer_fee: Decimal) -> Decimal {
        (amount + payer_fee - self.paid_in).max(Decimal::ZERO)
    }

    fn closed(&self) -> bool {
        matches!(self.tx.status, TransactionStatus::Succeeded | TransactionStatus::Cancelled)
    }

    fn effect(&self, s: &SplitPayout, effect: &str) -> SplitEffect {
        SplitEffect {
            split_payout_id: s.split_payout_id.clone(),
            amount: money(s.amount),
            recipient: s.recipient.to_string(),
            timing: s.timing.as_ref().map(|t| t.to_string()).unwrap_or_else(|| "ON_CLOSE".into()),
            effect: effect.into(),
            debt_settlement: self.debt_split.as_deref() == Some(s.split_payout_id.as_str()),
        }
    }

    fn base(&self, kind: &str) -> Consequence {
        Consequence {
            kind: kind.into(),
            currency: self.tx.currency.to_string(),
            amount: money(self.tx.amount),
            payee_fee: money(self.payee_fee),
            payer_fee: money(self.payer_fee),
            paid_in: money(self.paid_in),
            reimbursed: money(self.reimbursed),
            payee_net: money(self.share()),
            to_payer: money(Decimal::ZERO),
            payer_owes: money(self.owes(self.tx.amount, self.payer_fee)),
            max_reimbursable: money(if self.paid_in > Decimal::ZERO {
                self.share().max(Decimal::ZERO)
            } else {
                Decimal::ZERO
            }),
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

fn blocked(reason: &str, amount: Option<Decimal>) -> Option<Blocked> {
    Some(Blocked { reason: reason.into(), amount: amount.map(money) })
}

/// The consequence of the move `m` on `tx` and its split payouts.
pub fn of_move(m: &Move, tx: &Transaction, splits: &[SplitPayout]) -> Consequence {
    let l = Ledger::new(tx, splits);
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
            let share = l.share();
            c.to_payer = money(a);
            c.payee_net = money(share - a);
            c.blocked = if l.paid_in == Decimal::ZERO {
                blocked("nothingPaidIn", None)
            } else if a > share {
                blocked("overReimbursable", Some(share.max(Decimal::ZERO)))
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
            c.blocked =
                (a < committed).then(|| Blocked { reason: "belowCommitted".into(), amount: Some(money(committed)) });
            c
        }
    };
    if closed.is_some() {
        c.blocked = closed;
    }
    c
}

/// A new transaction: the payer pays `amount + payer fee`; the payee receives
/// `amount − payee fee` at release (split payouts come later).
pub fn of_create(amount: Decimal, payee_fee: Decimal, payer_fee: Decimal, currency: &str) -> Consequence {
    Consequence {
        kind: "createTransaction".into(),
        currency: currency.into(),
        amount: money(amount),
        payee_fee: money(payee_fee),
        payer_fee: money(payer_fee),
        paid_in: money(Decimal::ZERO),
        reimbursed: money(Decimal::ZERO),
        payee_net: money(amount - payee_fee),
        to_payer: money(Decimal::ZERO),
        payer_owes: money(amount + payer_fee),
        max_reimbursable: money(Decimal::ZERO),
        splits: Vec::new(),
        blocked: (amount < payee_fee)
            .then(|| Blocked { reason: "belowCommitted".into(), amount: Some(money(payee_fee)) }),
    }
}

/// Registering debt of `amount` plans the debt-settlement split payout (ON_CLOSE, out of
/// the payee's share), replacing a still-pending earlier one.
pub fn of_debt(amount: Decimal, tx: &Transaction, splits: &[SplitPayout]) -> Consequence {
    let l = Ledger::new(tx, splits);
    let mut c = l.base("addDebtInformation");
    let replaced = splits.iter().find(|s| {
        l.debt_split.as_deref() == Some(s.split_payout_id.as_str()) && s.status == SplitPayoutStatus::Pending
    });
    let back = replaced.map(|s| s.amount).unwrap_or_default();
    let share = l.share() + back;
    c.payee_net = money(share - amount);
    c.splits =
        splits.iter().map(|s| l.effect(s, if Some(s) == replaced { "cancelled" } else { "unchanged" })).collect();
    c.splits.push(SplitEffect {
        split_payout_id: String::new(),
        amount: money(amount),
        recipient: "PAYEE".into(),
        timing: "ON_CLOSE".into(),
        effect: "planned".into(),
        debt_settlement: true,
    });
    c.blocked = if l.closed() {
        blocked("closed", None)
    } else if amount > share {
        blocked("overShare", Some(share))
    } else {
        None
    };
    c
}
