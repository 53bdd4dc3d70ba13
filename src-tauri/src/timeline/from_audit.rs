//! Lines from this app's audit log: one per staff action (its intent and outcome rows
//! folded together), saying who acted, with the correlation id and the audit row to open.

use super::entry::{TimelineEntry, TimelineKind as K, TimelineSource, parse_time};
use crate::audit::{AuditEntry, AuditNote};
use std::collections::{BTreeMap, HashMap};

/// Which kind of line an action kind makes.
pub fn kind_of(action: &str) -> K {
    match action {
        "createTransaction" => K::Created,
        "payout" => K::Payout,
        "cancel" => K::Cancel,
        "reimburse" => K::Reimbursement,
        "createSplitPayout" | "cancelSplitPayout" => K::SplitPayout,
        "changeAmount" | "update" | "addPayee" | "addPayer" => K::Change,
        "createPayment" | "initializePayment" => K::Payment,
        "uploadDocument" | "signDocument" | "deleteDocument" => K::Document,
        "setBillOfSale" => K::BillOfSale,
        "addDebtInformation" => K::Debt,
        _ => K::Other,
    }
}

/// Who acted: the staff name when set, and the OS user at the host.
fn actor(row: &AuditEntry) -> Option<String> {
    let os = match (&row.actor_user, &row.actor_host) {
        (Some(u), Some(h)) => Some(format!("{u}@{h}")),
        (Some(u), None) => Some(u.clone()),
        _ => None,
    };
    match (&row.staff_name, os) {
        (Some(name), Some(os)) => Some(format!("{name} ({os})")),
        (Some(name), None) => Some(name.clone()),
        (None, os) => os,
    }
}

/// The consequence the intent row recorded, if any.
fn consequence_of(rows: &[&AuditEntry]) -> Option<AuditNote> {
    rows.iter().find_map(|r| match crate::audit::note::parse(r.detail.as_deref()).note {
        Some(n @ AuditNote::Consequence { .. }) => Some(n),
        _ => None,
    })
}

/// What a payout or a cancel moved, by its consequence: the payee's share, or what goes back.
fn moved(kind: &str, consequence: Option<&AuditNote>) -> Option<String> {
    match (kind, consequence?) {
        ("payout", AuditNote::Consequence { payee_net, .. }) => Some(payee_net.clone()),
        ("cancel", AuditNote::Consequence { to_payer, .. }) => Some(to_payer.clone()),
        _ => None,
    }
}

/// One line per action among `rows`. `reasons` holds the cancel reason the journal kept
/// for an action id (the audit row has no room for it).
pub fn entries(rows: &[AuditEntry], reasons: &HashMap<String, String>) -> Vec<TimelineEntry> {
    let mut by_action: BTreeMap<&str, Vec<&AuditEntry>> = BTreeMap::new();
    for row in rows {
        by_action.entry(row.action_id.as_str()).or_default().push(row);
    }
    by_action
        .into_iter()
        .filter_map(|(action_id, mut rows)| {
            rows.sort_by_key(|r| r.seq);
            let last = *rows.last()?;
            let correlation = rows.iter().rev().find_map(|r| r.correlation_id.clone());
            // The cancel reason is the staff member's own words; any other detail is the
            // row's note, in parts for the UI to word (the batch is the bulk run's business).
            let reason = reasons.get(action_id).cloned();
            let consequence = consequence_of(&rows);
            let note = if reason.is_some() {
                None
            } else {
                crate::audit::note::parse(last.detail.as_deref()).note.or_else(|| consequence.clone())
            };
            let mut line = TimelineEntry::new(
                parse_time(&last.at),
                kind_of(&last.kind),
                TimelineSource::Audit,
                &format!("staff.{}", last.kind),
            )
            .status(Some(last.outcome.clone()))
            .detail(reason);
            line.note = note;
            // A payout or cancel names what moved (to the payee, back to the payer) by the
            // consequence the person confirmed, not the deal's amount they typed to confirm.
            line.amount = moved(&last.kind, consequence.as_ref()).or_else(|| last.amount.clone());
            line.actor = actor(last);
            line.correlation_id = correlation;
            line.audit_seq = Some(last.seq);
            line.object_id = Some(last.target.clone());
            Some(line)
        })
        .collect()
}
