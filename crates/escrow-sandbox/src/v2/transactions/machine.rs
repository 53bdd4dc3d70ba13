//! The transaction state machine (spec section 3) and its money rules, as pure
//! functions over the stored document. Handlers load, call one of these, and store.
//!
//! Money model (the spec leaves the details out; this is the sandbox's choice):
//! - the payer owes `amount + payer fee`; `remaining` is what is still unpaid;
//! - at release the payee gets `amount − payee fee − split payouts − reimbursed`;
//! - money paid in beyond what is owed is *excess*: a split payout created while there
//!   is excess pays the excess first (it does not reduce the payee's share), and payout
//!   is refused until the excess is gone;
//! - cancel refunds what is in escrow except pending NEXT_PAYOUT splits, which the next
//!   payout run still pays (the spec: "independently of release or return").

use crate::error::ApiError;
use crate::v2::transactions::store::{InboundDoc, OutboundDoc, PartyDoc, SplitPayoutDoc, TxnDoc};
use rust_decimal::Decimal;

pub const CREATED: &str = "CREATED";
pub const PAID: &str = "PAID";
pub const SUCCEEDED: &str = "SUCCEEDED";
pub const CANCELLED: &str = "CANCELLED";

fn bad(title: &'static str, detail: impl Into<String>) -> ApiError {
    ApiError::bad_request(title, detail)
}

pub fn is_closed(t: &TxnDoc) -> bool {
    t.status == SUCCEEDED || t.status == CANCELLED
}

fn ensure_open(t: &TxnDoc) -> Result<(), ApiError> {
    if is_closed(t) {
        return Err(bad("Transaction closed", format!("the transaction is {}", t.status)));
    }
    Ok(())
}

/// Authorized money in escrow.
pub fn paid_in(t: &TxnDoc) -> Decimal {
    t.inbound.iter().filter(|p| p.status == "AUTHORIZED").map(|p| p.amount).sum()
}

/// What the payer still has to pay, including the payer fee.
pub fn remaining(t: &TxnDoc) -> Decimal {
    (t.amount + t.fees.payer - paid_in(t)).max(Decimal::ZERO)
}

fn live_splits(t: &TxnDoc) -> impl Iterator<Item = &SplitPayoutDoc> {
    t.split_payouts.iter().filter(|s| s.status != "CANCELLED")
}

/// Money paid in beyond what is owed and not yet assigned to a split payout.
pub fn excess(t: &TxnDoc) -> Decimal {
    let assigned: Decimal = live_splits(t).filter(|s| s.from_excess).map(|s| s.amount).sum();
    (paid_in(t) - t.amount - t.fees.payer - assigned).max(Decimal::ZERO)
}

/// What the payee receives at release.
pub fn payee_share(t: &TxnDoc) -> Decimal {
    let splits: Decimal = live_splits(t).filter(|s| !s.from_excess).map(|s| s.amount).sum();
    t.amount - t.fees.payee - splits - t.reimbursed
}

/// Recomputes the status after a payment change: fully paid → PAID, else CREATED.
pub fn settle_status(t: &mut TxnDoc) {
    if !is_closed(t) {
        t.status = if paid_in(t) > Decimal::ZERO && remaining(t) == Decimal::ZERO { PAID } else { CREATED }.into();
    }
}

pub fn delete(t: &TxnDoc) -> Result<(), ApiError> {
    if !t.inbound.is_empty() {
        return Err(bad("Transaction has payments", "only a transaction without payments can be deleted"));
    }
    Ok(())
}

/// Cancel: returns what is left in escrow to the payer; ON_CLOSE splits are not paid.
/// Pending NEXT_PAYOUT splits are paid "independently of release or return" (spec §2):
/// their money stays out of the refund (as far as it was paid in) and the next payout
/// run pays them.
pub fn cancel(t: &mut TxnDoc, reason: Option<String>, now: &str) -> Result<(), ApiError> {
    if t.status == SUCCEEDED {
        return Err(bad("Transaction closed", "a succeeded transaction cannot be cancelled"));
    }
    ensure_open(t)?;
    let paid_splits: Decimal = t.split_payouts.iter().filter(|s| s.status == "PAID").map(|s| s.amount).sum();
    let mut left = paid_in(t) - t.reimbursed - paid_splits;
    for s in &mut t.split_payouts {
        if s.status != "PENDING" {
            continue;
        }
        if s.timing == "NEXT_PAYOUT" && s.amount <= left {
            left -= s.amount;
        } else {
            s.status = "CANCELLED".into();
        }
    }
    let refund = left;
    for p in &mut t.inbound {
        match p.status.as_str() {
            "AUTHORIZED" => p.status = "RETURNED".into(),
            "INPROGRESS" => {
                p.status = "FAILED".into();
                p.failed = Some(now.into());
            }
            _ => {}
        }
    }
    if refund > Decimal::ZERO {
        let payer = t.payer.clone().unwrap_or_default();
        t.outbound.push(outbound(payer, refund, &t.currency, "Refund to payer", now));
    }
    t.status = CANCELLED.into();
    t.cancel_reason = reason;
    Ok(())
}

fn outbound(to: PartyDoc, amount: Decimal, currency: &str, text: &str, now: &str) -> OutboundDoc {
    OutboundDoc {
        destination: None,
        text: Some(text.into()),
        payee: to,
        amount,
        currency: currency.into(),
        status: "SCHEDULED".into(),
        created: now.into(),
        authorized: None,
    }
}

/// Payout: releases the payee's share; splits are paid with the next payout run.
pub fn payout(t: &mut TxnDoc, now: &str) -> Result<(), ApiError> {
    if t.status == CANCELLED {
        return Err(bad("Transaction closed", "a cancelled transaction cannot be paid out"));
    }
    ensure_open(t)?;
    if remaining(t) > Decimal::ZERO {
        return Err(bad("Transaction not paid", format!("{} {} is still unpaid", remaining(t), t.currency)));
    }
    let extra = excess(t);
    if extra > Decimal::ZERO {
        return Err(bad(
            "Overfunded transaction",
            format!("pay out the excess {extra} {} by split payout first", t.currency),
        ));
    }
    let share = payee_share(t);
    if share > Decimal::ZERO {
        let payee = t.payee.clone().unwrap_or_default();
        t.outbound.push(outbound(payee, share, &t.currency, "Payout", now));
    }
    t.status = SUCCEEDED.into();
    Ok(())
}

/// Reimburse part of the payment to the payer, out of the payee's share.
/// Errors are plain strings, as the spec says reimburse's 400s are.
pub fn reimburse(t: &mut TxnDoc, amount: Decimal, now: &str) -> Result<(), ApiError> {
    if is_closed(t) {
        return Err(ApiError::BadRequestText(format!("Transaction is {}", t.status)));
    }
    if amount <= Decimal::ZERO {
        return Err(ApiError::BadRequestText("Amount must be greater than zero".into()));
    }
    if paid_in(t) == Decimal::ZERO {
        return Err(ApiError::BadRequestText("Nothing has been paid in".into()));
    }
    let share = payee_share(t);
    if amount > share {
        return Err(ApiError::BadRequestText(format!("Amount exceeds the reimbursable {share} {}", t.currency)));
    }
    t.reimbursed += amount;
    let payer = t.payer.clone().unwrap_or_default();
    t.outbound.push(outbound(payer, amount, &t.currency, "Reimbursement", now));
    Ok(())
}

/// Adds a split payout, from the excess when there is one, else from the payee's share.
pub fn add_split(t: &mut TxnDoc, mut split: SplitPayoutDoc) -> Result<(), ApiError> {
    ensure_open(t)?;
    if split.amount <= Decimal::ZERO {
        return Err(bad("Invalid amount", "amount must be greater than zero"));
    }
    let extra = excess(t);
    if extra > Decimal::ZERO {
        if split.amount > extra {
            return Err(bad("Invalid amount", format!("the excess {extra} {} must be paid out first", t.currency)));
        }
        split.from_excess = true;
    } else if split.amount > payee_share(t) {
        return Err(bad(
            "Invalid amount",
            format!("the amount does not cover fees and split payouts (at most {} {})", payee_share(t), t.currency),
        ));
    }
    t.split_payouts.push(split);
    Ok(())
}

pub fn cancel_split(t: &mut TxnDoc, split_id: &str) -> Result<Option<Decimal>, ApiError> {
    let Some(s) = t.split_payouts.iter_mut().find(|s| s.split_payout_id == split_id) else {
        return Ok(None);
    };
    if s.purpose.as_deref() == Some("DEBT_SETTLEMENT") {
        return Err(bad("Split payout not cancellable", "the debt-settlement split payout cannot be cancelled"));
    }
    if s.status != "PENDING" {
        return Err(bad("Split payout not cancellable", format!("the split payout is {}", s.status)));
    }
    s.status = "CANCELLED".into();
    Ok(Some(s.amount))
}

/// Change amount and fixed fees (replacing them), under the spec's rules.
pub fn change_amount(
    t: &mut TxnDoc,
    amount: Decimal,
    payee_fee: Option<Decimal>,
    payer_fee: Option<Decimal>,
    service_fee: Decimal,
) -> Result<(), ApiError> {
    ensure_open(t)?;
    if amount <= Decimal::ZERO {
        return Err(bad("Invalid amount", "amount must be greater than zero"));
    }
    let payee_fee = payee_fee.unwrap_or(t.fees.payee);
    let payer_fee = payer_fee.unwrap_or(t.fees.payer);
    let splits: Decimal = live_splits(t).filter(|s| !s.from_excess).map(|s| s.amount).sum();
    if amount < payee_fee + splits + t.reimbursed {
        return Err(bad("Invalid amount", "the amount must cover the payee fee and split payouts"));
    }
    let authorized = paid_in(t);
    if authorized > Decimal::ZERO {
        if amount < t.amount {
            return Err(bad("Invalid amount", "with an authorized payment the amount can only be raised"));
        }
        if amount + payer_fee < authorized {
            return Err(bad("Invalid amount", "the amount cannot go below what the payer authorized"));
        }
    }
    t.amount = amount;
    t.fees.payee = payee_fee;
    t.fees.payer = payer_fee;
    t.fees.safepay = service_fee;
    t.fees.tenant = payee_fee + payer_fee - service_fee;
    t.payee_fixed_fee = Some(payee_fee);
    t.payer_fixed_fee = Some(payer_fee);
    settle_status(t);
    Ok(())
}

/// A new inbound payment for `amount` (default: the remaining amount).
pub fn new_payment(t: &TxnDoc, amount: Option<Decimal>) -> Result<Decimal, ApiError> {
    ensure_open(t)?;
    let left = remaining(t);
    let amount = amount.unwrap_or(left);
    if amount <= Decimal::ZERO || amount > left {
        return Err(bad(
            "Invalid amount",
            format!("the amount must be greater than zero and at most {left} {}", t.currency),
        ));
    }
    Ok(amount)
}

/// Authorizes (or fails) an in-progress payment. Returns false when it was not in progress.
pub fn finish_payment(t: &mut TxnDoc, payment_id: &str, authorize: bool, now: &str) -> bool {
    let Some(p) = t.inbound.iter_mut().find(|p| p.payment_id == payment_id && p.status == "INPROGRESS") else {
        return false;
    };
    if authorize {
        p.status = "AUTHORIZED".into();
        p.authorized = Some(now.into());
    } else {
        p.status = "FAILED".into();
        p.failed = Some(now.into());
    }
    settle_status(t);
    true
}

pub fn inbound(
    payment_id: String,
    payer: PartyDoc,
    method: Option<String>,
    amount: Decimal,
    t: &TxnDoc,
    now: &str,
) -> InboundDoc {
    InboundDoc {
        payment_id,
        payer,
        method,
        amount,
        currency: t.currency.clone(),
        status: "INPROGRESS".into(),
        created: now.into(),
        authorized: None,
        failed: None,
    }
}

/// One payout run over a transaction: scheduled payouts are paid, NEXT_PAYOUT splits
/// are paid while funds allow, ON_CLOSE splits are paid once released. Returns the
/// amounts paid, for the ledger.
pub fn run_payouts(t: &mut TxnDoc, now: &str) -> Vec<(String, Decimal)> {
    let mut paid = Vec::new();
    for o in &mut t.outbound {
        if o.status == "SCHEDULED" {
            o.status = "PAID".into();
            o.authorized = Some(now.into());
            paid.push((o.text.clone().unwrap_or_default(), o.amount));
        }
    }
    // After a cancel the payments are returned, but the NEXT_PAYOUT splits still
    // pending were kept back from the refund (see [`cancel`]).
    let funded = paid_in(t) > Decimal::ZERO || t.status == CANCELLED;
    let released = t.status == SUCCEEDED;
    for s in &mut t.split_payouts {
        let due =
            s.status == "PENDING" && ((s.timing == "NEXT_PAYOUT" && funded) || (s.timing == "ON_CLOSE" && released));
        if due {
            s.status = "PAID".into();
            paid.push((format!("Split payout {}", s.recipient), s.amount));
        }
    }
    paid
}
