//! The attention queue: the rules over every open mirrored deal, the journal's actions
//! whose outcome is unknown, and the snoozes staff set (kept locally, audited).

use super::row::from_e4;
use super::rules::{self, Deal, Rule, Thresholds};
use super::views::AttentionItem;
use crate::error::AppError;
use chrono::{DateTime, Utc};
use rusqlite::{Connection, params};
use std::collections::HashMap;

/// Items answered at most (per list): a queue is worked from the top, and a web view
/// holding tens of thousands of rows would be slow and heavy.
pub const SHOWN: usize = 300;

fn time(v: Option<String>) -> Option<DateTime<Utc>> {
    v.and_then(|s| DateTime::parse_from_rfc3339(&s).ok()).map(|d| d.with_timezone(&Utc))
}

const OPEN_DEALS: &str = "SELECT r.transaction_id, r.title, r.reference_id, r.status, r.auto, r.currency, r.amount,
        r.amount_e4, r.paid_in_e4, r.owed_e4, r.created, r.expected_completion, r.has_debt, r.bill_of_sale,
        d.failed_payments, d.pending_splits, d.oldest_pending_split, d.excess_e4
    FROM mirror_rows r LEFT JOIN mirror_details d USING (environment_id, transaction_id)
    WHERE r.environment_id = ?1 AND r.status NOT IN ('SUCCEEDED', 'CANCELLED')";

/// Every rule hit over the open deals of `env`, unsorted, without snoozes applied.
pub fn hits(conn: &Connection, env: &str, now: DateTime<Utc>, t: &Thresholds) -> Result<Vec<AttentionItem>, AppError> {
    let mut stmt = conn.prepare_cached(OPEN_DEALS).map_err(AppError::storage)?;
    let mut rows = stmt.query([env]).map_err(AppError::storage)?;
    let mut out = Vec::new();
    while let Some(r) = rows.next().map_err(AppError::storage)? {
        let get = |i| r.get::<_, Option<String>>(i);
        let deal = Deal {
            status: r.get(3).map_err(AppError::storage)?,
            auto: r.get(4).map_err(AppError::storage)?,
            amount_e4: r.get(7).map_err(AppError::storage)?,
            paid_in_e4: r.get(8).map_err(AppError::storage)?,
            owed_e4: r.get(9).map_err(AppError::storage)?,
            created: time(get(10).map_err(AppError::storage)?),
            expected_completion: time(get(11).map_err(AppError::storage)?),
            has_debt: r.get(12).map_err(AppError::storage)?,
            bill_of_sale: r.get(13).map_err(AppError::storage)?,
            failed_payments: r.get(14).map_err(AppError::storage)?,
            pending_splits: r.get(15).map_err(AppError::storage)?,
            oldest_pending_split: time(get(16).map_err(AppError::storage)?),
            excess_e4: r.get(17).map_err(AppError::storage)?,
        };
        let found = rules::evaluate(&deal, now, t);
        if found.is_empty() {
            continue;
        }
        let transaction_id: String = r.get(0).map_err(AppError::storage)?;
        let title = get(1).map_err(AppError::storage)?;
        let reference_id = get(2).map_err(AppError::storage)?;
        let currency: String = r.get(5).map_err(AppError::storage)?;
        let amount: String = r.get(6).map_err(AppError::storage)?;
        for h in found {
            out.push(AttentionItem {
                rule: h.rule,
                transaction_id: transaction_id.clone(),
                title: title.clone(),
                reference_id: reference_id.clone(),
                status: deal.status.clone(),
                currency: currency.clone(),
                amount: amount.clone(),
                since: h.since.map(|d| d.to_rfc3339()),
                excess: h.excess_e4.map(|e| from_e4(e).to_string()),
                action_id: None,
                snoozed_until: None,
                note: None,
            });
        }
    }
    Ok(out)
}

/// Journaled actions with no clear outcome (unknown, or pending for over a minute: cut
/// off by a crash): each wants a reconcile.
pub fn unknown_outcomes(conn: &Connection, env: &str, now: DateTime<Utc>) -> Result<Vec<AttentionItem>, AppError> {
    let stuck = (now - chrono::Duration::minutes(1)).to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    let mut stmt = conn
        .prepare_cached(
            "SELECT a.id, a.target, a.amount, a.currency, a.created, r.title, r.reference_id, r.status, r.currency
             FROM actions a LEFT JOIN mirror_rows r ON r.environment_id = a.environment_id AND r.transaction_id = a.target
             WHERE a.environment_id = ?1 AND (a.state = 'unknown' OR (a.state = 'pending' AND a.updated < ?2))
             ORDER BY a.created",
        )
        .map_err(AppError::storage)?;
    let rows = stmt
        .query_map(params![env, stuck], |r| {
            Ok(AttentionItem {
                rule: Rule::UnknownOutcome,
                action_id: Some(r.get(0)?),
                transaction_id: r.get(1)?,
                amount: r.get::<_, Option<String>>(2)?.unwrap_or_default(),
                currency: r.get::<_, Option<String>>(3)?.or(r.get(8)?).unwrap_or_default(),
                since: r.get(4)?,
                title: r.get(5)?,
                reference_id: r.get(6)?,
                status: r.get::<_, Option<String>>(7)?.unwrap_or_default(),
                excess: None,
                snoozed_until: None,
                note: None,
            })
        })
        .map_err(AppError::storage)?;
    rows.collect::<Result<_, _>>().map_err(AppError::storage)
}

/// Snoozes still in force: (transaction, rule) → (until, note).
pub fn snoozes(
    conn: &Connection,
    env: &str,
    now: DateTime<Utc>,
) -> Result<HashMap<(String, String), (String, String)>, AppError> {
    let mut stmt = conn
        .prepare_cached(
            "SELECT transaction_id, rule, until, note FROM attention_snoozes WHERE environment_id = ?1 AND until > ?2",
        )
        .map_err(AppError::storage)?;
    let rows = stmt
        .query_map(params![env, now.to_rfc3339()], |r| Ok(((r.get(0)?, r.get(1)?), (r.get(2)?, r.get(3)?))))
        .map_err(AppError::storage)?;
    rows.collect::<Result<_, _>>().map_err(AppError::storage)
}

/// The queue's order: the rule's place in [`rules::ALL`] (money first), then oldest first.
pub fn sort(items: &mut [AttentionItem]) {
    let place = |r: Rule| rules::ALL.iter().position(|x| *x == r).unwrap_or(usize::MAX);
    items.sort_by(|a, b| place(a.rule).cmp(&place(b.rule)).then_with(|| a.since.cmp(&b.since)));
}

/// Splits `items` into (active, snoozed), marking the snoozed ones.
pub fn apply_snoozes(
    items: Vec<AttentionItem>,
    snoozes: &HashMap<(String, String), (String, String)>,
) -> (Vec<AttentionItem>, Vec<AttentionItem>) {
    let mut active = Vec::new();
    let mut snoozed = Vec::new();
    for mut item in items {
        match snoozes.get(&(item.transaction_id.clone(), item.rule.as_str().to_owned())) {
            Some((until, note)) => {
                item.snoozed_until = Some(until.clone());
                item.note = Some(note.clone());
                snoozed.push(item);
            }
            None => active.push(item),
        }
    }
    (active, snoozed)
}

/// Items per rule, in the queue's order of rules.
pub fn counts(items: &[AttentionItem]) -> Vec<super::views::RuleCount> {
    rules::ALL
        .iter()
        .map(|&rule| super::views::RuleCount { rule, count: items.iter().filter(|i| i.rule == rule).count() as i64 })
        .filter(|c| c.count > 0)
        .collect()
}
