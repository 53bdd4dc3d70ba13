//! Lines from the service's own record: the transaction (created, payments with their
//! status times, payouts and reimbursements), its split payouts and documents, and the
//! Auto modules (which carry no time of their own).

use super::entry::{TimelineEntry, TimelineKind as K, TimelineSource, parse_time};
use chrono::{DateTime, Utc};
use escrow_api::{Document, SplitPayout, Transaction};
use serde::Serialize;

/// An enum's wire name (`AUTHORIZED`, `NEXT_PAYOUT`), for display.
fn name_of<T: Serialize>(value: &T) -> Option<String> {
    serde_json::to_value(value).ok().and_then(|v| v.as_str().map(str::to_owned))
}

/// The recipient of the split payout that settles an Auto deal's debt (the lender).
pub const DEBT_SETTLEMENT: &str = "DEBT_SETTLEMENT";

fn line(at: Option<DateTime<Utc>>, kind: K, event: &str) -> TimelineEntry {
    TimelineEntry::new(at, kind, TimelineSource::Record, event)
}

/// Everything the record says, in no particular order (see [`super::merge`]).
pub fn entries(tx: &Transaction, splits: &[SplitPayout], documents: &[Document]) -> Vec<TimelineEntry> {
    let currency = name_of(&tx.currency);
    let mut out = vec![line(tx.created, K::Created, "transaction.created").amount(Some(tx.amount), currency.clone())];
    for p in &tx.payments.inbound.payments {
        let cur = p.currency.as_ref().and_then(name_of).or_else(|| currency.clone());
        let base = |at, event| {
            line(at, K::Payment, event)
                .amount(Some(p.amount), cur.clone())
                .object(p.payment_id.clone())
                .status(name_of(&p.status))
                .method(p.method.as_ref().and_then(name_of))
        };
        out.push(base(p.created, "payment.created"));
        if p.authorized.is_some() {
            out.push(base(p.authorized, "payment.authorized"));
        }
        if p.failed.is_some() {
            out.push(base(p.failed, "payment.failed"));
        }
    }
    let payer_account = tx.payer.as_ref().and_then(|p| p.service_account_id.as_deref());
    for p in &tx.payments.outbound.payments {
        let cur = p.currency.as_ref().and_then(name_of).or_else(|| currency.clone());
        // A payout to the payer is money given back (the service lists it as "Reimbursement").
        let to_payer =
            payer_account.is_some() && p.payee.as_ref().and_then(|x| x.service_account_id.as_deref()) == payer_account;
        let (kind, prefix) = if to_payer { (K::Reimbursement, "reimbursement") } else { (K::Payout, "payout") };
        let recipient = p.payee.as_ref().and_then(|x| x.name.clone().or_else(|| x.email.clone()));
        let base = |at, event: String| {
            line(at, kind, &event)
                .amount(Some(p.amount), cur.clone())
                .status(name_of(&p.status))
                .detail(p.text.clone().or_else(|| recipient.clone()))
        };
        out.push(base(p.created, format!("{prefix}.created")));
        if p.authorized.is_some() {
            out.push(base(p.authorized, format!("{prefix}.paid")));
        }
    }
    // The split payout the Auto debt planned is paid to the lender, not to the payee the
    // service names as its recipient (the payee's money settles the vehicle's debt).
    let debt_split = tx
        .auto_information
        .as_ref()
        .and_then(|a| a.debt.as_ref())
        .and_then(|d| d.get("splitPayoutId"))
        .and_then(serde_json::Value::as_str);
    for s in splits {
        let recipient = if debt_split == Some(s.split_payout_id.as_str()) {
            Some(DEBT_SETTLEMENT.to_owned())
        } else {
            name_of(&s.recipient)
        };
        out.push(
            line(s.created, K::SplitPayout, "splitPayout.created")
                .amount(Some(s.amount), s.currency.as_ref().and_then(name_of).or_else(|| currency.clone()))
                .object(Some(s.split_payout_id.clone()))
                .status(name_of(&s.status))
                .recipient(recipient)
                .detail(s.description.clone()),
        );
    }
    for d in documents {
        out.push(
            line(d.created, K::Document, "document.uploaded")
                .object(Some(d.document_id.clone()))
                .detail(d.title.clone().or_else(|| d.file_name.clone())),
        );
        for s in d.signers.iter().filter(|s| s.has_signed()) {
            let at = s.signed.as_ref().and_then(|v| v.as_str()).and_then(parse_time);
            let who = s.name.clone().or_else(|| s.reference_id.clone()).unwrap_or_else(|| s.service_account_id.clone());
            out.push(line(at, K::Document, "document.signed").object(Some(d.document_id.clone())).detail(Some(who)));
        }
    }
    if let Some(auto) = &tx.auto_information {
        out.extend(auto_lines(auto.bill_of_sale.as_ref(), auto.debt.as_ref()));
    }
    out
}

/// The Auto modules' state (the record gives no time for either).
fn auto_lines(bill: Option<&serde_json::Value>, debt: Option<&serde_json::Value>) -> Vec<TimelineEntry> {
    let mut out = Vec::new();
    if let Some(bill) = bill.filter(|b| b.get("enabled").and_then(serde_json::Value::as_bool) == Some(true)) {
        let file = bill.get("fileName").and_then(serde_json::Value::as_str).map(str::to_owned);
        out.push(line(None, K::BillOfSale, "billOfSale.enabled").detail(file));
    }
    if debt.is_some_and(|d| !d.is_null() && d.as_object().is_none_or(|o| !o.is_empty())) {
        out.push(line(None, K::Debt, "debt.registered"));
    }
    out
}
