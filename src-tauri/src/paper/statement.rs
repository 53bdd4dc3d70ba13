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
            settlement(&mut p, tx, splits, w, issue.da);
        }
        PaperKind::Receipt => {
            parties(&mut p, tx, w.payer, w.payee, w);
            receipt(&mut p, tx, w, issue.da);
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
    row(p, w.first_registration, a.first_registration.clone());
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

fn settlement(p: &mut Paper, tx: &Transaction, splits: &[SplitPayout], w: &Words, da: bool) {
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
        let state = match s.status {
            SplitPayoutStatus::Paid => w.paid,
            SplitPayoutStatus::Pending => w.pending,
            _ => s.status.as_str(),
        };
        let label = if debt.as_deref() == Some(s.split_payout_id.as_str()) {
            format!("{} ({state})", w.debt)
        } else {
            let to = s.description.clone().unwrap_or_else(|| s.recipient.to_string());
            format!("{} {to} ({state})", w.split_to)
        };
        p.push(Block::Row(label, m(s.amount)));
    }
    let payee_fee = fees.payee.unwrap_or_default();
    if !payee_fee.is_zero() {
        p.push(Block::Row(w.seller_fee.into(), m(payee_fee)));
    }
    let reimbursed = dec(&release.reimbursed);
    if !reimbursed.is_zero() {
        p.push(Block::Row(w.reimbursed.into(), m(reimbursed)));
    }
    match now.stage {
        Stage::Open => {
            p.push(Block::Total(w.seller_will_receive.into(), m(dec(&release.payee_net))));
            p.push(Block::Note(w.not_released.into()));
        }
        Stage::Cancelled => {
            p.push(Block::Total(w.seller_receives.into(), m(dec(&now.to_payee.total))));
            p.push(Block::Note(w.cancelled_note.into()));
        }
        Stage::Succeeded | Stage::Unknown => {
            p.push(Block::Total(w.seller_receives.into(), m(dec(&now.to_payee.total))));
        }
    }
}

fn receipt(p: &mut Paper, tx: &Transaction, w: &Words, da: bool) {
    let cur = tx.currency.as_str();
    let m = |d: Decimal| money(d, cur, da);
    let now = money_of(tx, None);
    p.push(Block::Heading(w.payments_in.into()));
    let inbound = &tx.payments.inbound.payments;
    if inbound.is_empty() {
        p.push(Block::Row(w.none.into(), String::new()));
    }
    for pay in inbound {
        let when = pay.authorized.or(pay.created).map(|d| date(d, da)).unwrap_or_default();
        let how = pay.method.as_ref().map(|x| x.to_string()).unwrap_or_default();
        let label = [when, how, pay.status.to_string().to_lowercase()]
            .into_iter()
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>();
        p.push(Block::Row(label.join(" · "), m(pay.amount)));
    }
    p.push(Block::Total(w.paid_in.into(), m(dec(&now.paid_in))));

    p.push(Block::Heading(w.payments_out.into()));
    let outbound: Vec<_> =
        tx.payments.outbound.payments.iter().filter(|o| o.status != PayoutStatus::Cancelled).collect();
    if outbound.is_empty() {
        p.push(Block::Row(w.none.into(), String::new()));
    }
    for out in outbound {
        let when = out.authorized.or(out.created).map(|d| date(d, da)).unwrap_or_default();
        let to =
            out.payee.as_ref().and_then(|x| x.name.clone()).or_else(|| out.destination.clone()).unwrap_or_default();
        let state = match out.status {
            PayoutStatus::Paid => w.paid.to_owned(),
            PayoutStatus::Scheduled => w.scheduled.to_owned(),
            ref other => other.to_string().to_lowercase(),
        };
        let label = [when, to, state].into_iter().filter(|s| !s.is_empty()).collect::<Vec<_>>();
        p.push(Block::Row(label.join(" · "), m(out.amount)));
    }
    p.push(Block::Total(w.payouts.into(), m(dec(&now.gone_out))));
    let fees = tx.fees.clone().unwrap_or_default();
    row(p, w.buyer_fee, fees.payer.filter(|f| !f.is_zero()).map(m));
    row(p, w.seller_fee, fees.payee.filter(|f| !f.is_zero()).map(m));
}
