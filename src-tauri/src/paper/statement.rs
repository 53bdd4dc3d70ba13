//! What a settlement statement (an Auto deal) and a receipt (any deal) say, from the live
//! record and its split payouts: the same money rules as the detail's cards and the
//! consequence panels (`desk_money`), so paper never disagrees with the screen.

use super::figures::{count, date, date_time, money};
use super::words::{self, Words};
use chrono::{DateTime, Utc};
use desk_money::{Move, Stage, money_of, of_move};
use desk_paper::{Block, Paper};
use escrow_api::enums::{PayoutStatus, SplitPayoutStatus};
use escrow_api::{SplitPayout, Transaction};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Which document.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum PaperKind {
    /// An Auto deal's settlement: price, debt to the lender, fees, what the seller receives.
    Statement,
    /// Any deal: what was paid in and paid out, with fees.
    Receipt,
}

/// Who issues the document, in which language, when.
pub struct Issue<'a> {
    pub issuer: &'a str,
    pub da: bool,
    pub at: DateTime<Utc>,
}

/// The document of `kind` for `tx`.
pub fn paper(kind: PaperKind, tx: &Transaction, splits: &[SplitPayout], issue: &Issue) -> Paper {
    let w = words::of(issue.da);
    let title = match kind {
        PaperKind::Statement => w.statement,
        PaperKind::Receipt => w.receipt,
    };
    let reference = tx.reference_id.as_deref().unwrap_or(&tx.transaction_id);
    let mut p = Paper::new(format!("{title} {reference}"), format!("{} · {}", issue.issuer, tx.transaction_id));
    p.push(Block::Title(title.into()));
    p.push(Block::Subtitle(format!("{} · {} {}", issue.issuer, w.issued, date_time(issue.at, issue.da))));
    deal(&mut p, tx, w, issue.da);
    match kind {
        PaperKind::Statement => {
            vehicle(&mut p, tx, w, issue.da);
            parties(&mut p, tx, w.buyer, w.seller, w);
            settlement(&mut p, tx, splits, w, issue);
        }
        PaperKind::Receipt => {
            parties(&mut p, tx, w.payer, w.payee, w);
            receipt(&mut p, tx, splits, w, issue);
        }
    }
    p.push(Block::Note(format!("{} {}.", w.from_record, date_time(issue.at, issue.da))));
    p
}

fn row(p: &mut Paper, label: &str, value: Option<String>) {
    if let Some(value) = value.filter(|v| !v.trim().is_empty()) {
        p.push(Block::Row(label.into(), value));
    }
}

fn deal(p: &mut Paper, tx: &Transaction, w: &Words, da: bool) {
    p.push(Block::Heading(w.deal.into()));
    row(p, w.title, tx.title.clone());
    row(p, w.escrow_reference, Some(tx.transaction_id.clone()));
    row(p, w.your_reference, tx.reference_id.clone());
    row(p, w.status, Some(words::status(tx.status.as_str(), da)));
    row(p, w.created, tx.created.map(|d| date(d, da)));
    row(p, w.expected_completion, tx.expected_completion.map(|d| date(d, da)));
}

fn vehicle(p: &mut Paper, tx: &Transaction, w: &Words, da: bool) {
    let Some(a) = &tx.auto_information else { return };
    p.push(Block::Heading(w.vehicle.into()));
    let make: Vec<String> =
        [a.brand.clone(), a.model.clone(), a.year.map(|y| y.to_string())].into_iter().flatten().collect();
    row(p, w.make_model, Some(make.join(" ")));
    row(p, w.plate, a.registration_number.clone());
    row(p, w.vin, a.vin.clone());
    row(p, w.mileage, a.mileage.map(|m| format!("{} {}", count(m.into(), da), w.km)));
    // A date the service sends as text: in the language's format when it reads as one.
    let first = a.first_registration.as_deref().map(|f| {
        chrono::NaiveDate::parse_from_str(f.get(..10).unwrap_or(f), "%Y-%m-%d")
            .map(|d| d.format(if da { "%d.%m.%Y" } else { "%d/%m/%Y" }).to_string())
            .unwrap_or_else(|_| f.to_owned())
    });
    row(p, w.first_registration, first);
}

fn parties(p: &mut Paper, tx: &Transaction, payer: &str, payee: &str, w: &Words) {
    p.push(Block::Heading(w.parties.into()));
    let name = |party: &Option<escrow_api::Party>| party.as_ref().and_then(|x| x.name.clone());
    row(p, payer, name(&tx.payer));
    row(p, payee, name(&tx.payee));
}

/// A decimal of the money rules' strings (always two decimals; zero if unreadable).
fn dec(text: &str) -> Decimal {
    desk_money::parse(text).unwrap_or_default()
}

/// Who a split payout goes to, in words: the seller or buyer (payee or payer on a receipt), or
/// the issuer itself (the tenant); with its description after a dash.
fn split_label(s: &SplitPayout, w: &Words, issuer: &str, state: &str) -> String {
    let who = match s.recipient.as_str() {
        "PAYEE" => w.seller.to_lowercase(),
        "PAYER" => w.buyer.to_lowercase(),
        "TENANT" => issuer.to_owned(),
        other => other.to_owned(),
    };
    match s.description.as_deref().map(str::trim).filter(|d| !d.is_empty()) {
        Some(what) => format!("{} {who} – {what} ({state})", w.split_to),
        None => format!("{} {who} ({state})", w.split_to),
    }
}

/// A split payout's state in the deal's tense: a pending one is scheduled once the deal is
/// released, still to come before.
fn split_state(s: &SplitPayout, stage: Stage, w: &Words) -> String {
    match s.status {
        SplitPayoutStatus::Paid => w.paid.to_owned(),
        SplitPayoutStatus::Pending if stage == Stage::Succeeded => w.scheduled.to_owned(),
        SplitPayoutStatus::Pending => w.pending.to_owned(),
        _ => s.status.as_str().to_lowercase(),
    }
}

fn settlement(p: &mut Paper, tx: &Transaction, splits: &[SplitPayout], w: &Words, issue: &Issue) {
    let da = issue.da;
    let cur = tx.currency.as_str();
    let m = |d: Decimal| money(d, cur, da);
    let fees = tx.fees.clone().unwrap_or_default();
    let now = money_of(tx, Some(splits));
    let release = of_move(&Move::Payout, tx, splits);
    p.push(Block::Heading(w.settlement.into()));
    p.push(Block::Row(w.price.into(), m(tx.amount)));
    let payer_fee = fees.payer.unwrap_or_default();
    if !payer_fee.is_zero() {
        p.push(Block::Row(w.buyer_fee.into(), m(payer_fee)));
    }
    p.push(Block::Total(w.buyer_total.into(), m(tx.amount + payer_fee)));
    p.push(Block::Row(w.paid_in.into(), m(dec(&now.paid_in))));

    p.push(Block::Heading(w.payouts.into()));
    let debt = release.splits.iter().find(|s| s.debt_settlement).map(|s| s.split_payout_id.clone());
    for s in splits.iter().filter(|s| s.status != SplitPayoutStatus::Cancelled) {
        let state = split_state(s, now.stage, w);
        let label = if debt.as_deref() == Some(s.split_payout_id.as_str()) {
            format!("{} ({state})", w.debt)
        } else {
            split_label(s, w, issue.issuer, &state)
        };
        p.push(Block::Row(label, m(s.amount)));
    }
    if now.stage == Stage::Cancelled {
        // Nothing is released: no seller's fee is taken; what was paid in goes back.
        let returned = dec(&now.to_payer.total);
        if !returned.is_zero() {
            p.push(Block::Row(w.returned.into(), m(returned)));
        }
        p.push(Block::Total(w.seller_receives.into(), m(dec(&now.to_payee.total))));
        p.push(Block::Note(w.cancelled_note.into()));
        return;
    }
    let payee_fee = fees.payee.unwrap_or_default();
    if !payee_fee.is_zero() {
        p.push(Block::Row(w.seller_fee.into(), m(payee_fee)));
    }
    let reimbursed = dec(&release.reimbursed);
    if !reimbursed.is_zero() {
        p.push(Block::Row(w.reimbursed.into(), m(reimbursed)));
    }
    if now.stage == Stage::Open {
        p.push(Block::Total(w.seller_will_receive.into(), m(dec(&release.payee_net))));
        p.push(Block::Note(w.not_released.into()));
    } else {
        p.push(Block::Total(w.seller_receives.into(), m(dec(&now.to_payee.total))));
    }
}

fn receipt(p: &mut Paper, tx: &Transaction, splits: &[SplitPayout], w: &Words, issue: &Issue) {
    let da = issue.da;
    let cur = tx.currency.as_str();
    let m = |d: Decimal| money(d, cur, da);
    let now = money_of(tx, Some(splits));
    let line = |parts: Vec<String>| parts.into_iter().filter(|s| !s.is_empty()).collect::<Vec<_>>().join(" · ");
    p.push(Block::Heading(w.payments_in.into()));
    let inbound = &tx.payments.inbound.payments;
    if inbound.is_empty() {
        p.push(Block::Row(w.none.into(), String::new()));
    }
    for pay in inbound {
        let when = pay.authorized.or(pay.created).map(|d| date(d, da)).unwrap_or_default();
        let how = pay.method.as_ref().map(|x| words::method(x.as_str(), da)).unwrap_or_default();
        p.push(Block::Row(line(vec![when, how, words::status(pay.status.as_str(), da).to_lowercase()]), m(pay.amount)));
    }
    p.push(Block::Total(w.paid_in.into(), m(dec(&now.paid_in))));

    p.push(Block::Heading(w.payments_out.into()));
    let outbound: Vec<_> =
        tx.payments.outbound.payments.iter().filter(|o| o.status != PayoutStatus::Cancelled).collect();
    let live_splits: Vec<_> = splits.iter().filter(|s| s.status != SplitPayoutStatus::Cancelled).collect();
    if outbound.is_empty() && live_splits.is_empty() {
        p.push(Block::Row(w.none.into(), String::new()));
    }
    for out in outbound {
        let when = out.authorized.or(out.created).map(|d| date(d, da)).unwrap_or_default();
        let what = out.text.as_deref().and_then(|t| words::payout_text(t, da)).unwrap_or_default().to_owned();
        let to =
            out.payee.as_ref().and_then(|x| x.name.clone()).or_else(|| out.destination.clone()).unwrap_or_default();
        let state = words::status(out.status.as_str(), da).to_lowercase();
        p.push(Block::Row(line(vec![when, what, to, state]), m(out.amount)));
    }
    for s in &live_splits {
        p.push(Block::Row(split_label(s, w, issue.issuer, &split_state(s, now.stage, w)), m(s.amount)));
    }
    let out_total = dec(&now.to_payer.total)
        + dec(&now.to_payee.total)
        + dec(&now.to_others.total)
        + now.splits.as_ref().map_or(Decimal::ZERO, |f| dec(&f.total));
    p.push(Block::Total(w.out_total.into(), m(out_total)));
    match &now.fees_kept {
        Some(kept) if now.stage.closed() => row(p, w.fees_kept, Some(m(dec(kept)))),
        _ => {
            let fees = tx.fees.clone().unwrap_or_default();
            row(p, w.buyer_fee, fees.payer.filter(|f| !f.is_zero()).map(m));
            row(p, w.seller_fee, fees.payee.filter(|f| !f.is_zero()).map(m));
        }
    }
}
