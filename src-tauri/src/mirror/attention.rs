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

/// What the rules read of each open deal (its words are read later, for the shown items only).
/// `NOT INDEXED`: most rows are open, and one pass over the table reads them in order, where
/// the status index would look each row up by key (~8× slower at 100,000 rows).
const OPEN_DEALS: &str = "SELECT r.transaction_id, r.status, r.auto, r.amount_e4, r.paid_in_e4, r.owed_e4, r.created,
        r.expected_completion, r.has_debt, r.bill_of_sale,
        d.failed_payments, d.pending_splits, d.oldest_pending_split, d.excess_e4
    FROM mirror_rows r NOT INDEXED LEFT JOIN mirror_details d USING (environment_id, transaction_id)
    WHERE r.environment_id = ?1 AND r.status NOT IN ('SUCCEEDED', 'CANCELLED')";

/// A text column as a borrowed `&str` (no copy), `None` when null.
fn text<'r>(r: &'r rusqlite::Row<'_>, i: usize) -> Result<Option<&'r str>, AppError> {
    r.get_ref(i).and_then(|v| v.as_str_or_null().map_err(Into::into)).map_err(AppError::storage)
}

fn parsed(v: Option<&str>) -> Option<DateTime<Utc>> {
    v.and_then(|s| DateTime::parse_from_rfc3339(s).ok()).map(|d| d.with_timezone(&Utc))
}

/// Every rule hit over the open deals of `env`, unsorted, without snoozes applied and
/// without their deal's words (title, reference, status, amount): a queue of tens of
/// thousands is counted and sorted on the hits alone, and [`words`] fills in the few shown.
pub fn hits(conn: &Connection, env: &str, now: DateTime<Utc>, t: &Thresholds) -> Result<Vec<AttentionItem>, AppError> {
    let mut stmt = conn.prepare_cached(OPEN_DEALS).map_err(AppError::storage)?;
    let mut rows = stmt.query([env]).map_err(AppError::storage)?;
    let mut out = Vec::new();
    // One deal, its text fields refilled per row (no allocation per row).
    let mut deal = Deal::default();
    while let Some(r) = rows.next().map_err(AppError::storage)? {
        let fill = |into: &mut String, v: Option<&str>| {
            into.clear();
            into.push_str(v.unwrap_or_default());
        };
        fill(&mut deal.status, text(r, 1)?);
        fill(&mut deal.bill_of_sale, text(r, 9)?);
        deal.auto = r.get(2).map_err(AppError::storage)?;
        deal.amount_e4 = r.get(3).map_err(AppError::storage)?;
        deal.paid_in_e4 = r.get(4).map_err(AppError::storage)?;
        deal.owed_e4 = r.get(5).map_err(AppError::storage)?;
        deal.created = parsed(text(r, 6)?);
        deal.expected_completion = parsed(text(r, 7)?);
        deal.has_debt = r.get(8).map_err(AppError::storage)?;
        deal.failed_payments = r.get(10).map_err(AppError::storage)?;
        deal.pending_splits = r.get(11).map_err(AppError::storage)?;
        deal.oldest_pending_split = parsed(text(r, 12)?);
        deal.excess_e4 = r.get(13).map_err(AppError::storage)?;
        let found = rules::evaluate(&deal, now, t);
        if found.is_empty() {
            continue;
        }
        let transaction_id = text(r, 0)?.unwrap_or_default().to_owned();
        for h in found {
            out.push(AttentionItem {
                rule: h.rule,
                transaction_id: transaction_id.clone(),
                title: None,
                reference_id: None,
                status: String::new(),
                currency: String::new(),
                amount: String::new(),
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

/// Fills in the deal's words (title, reference, status, currency, amount) of the items that
/// have none yet, from the mirror.
pub fn words(conn: &Connection, env: &str, items: &mut [AttentionItem]) -> Result<(), AppError> {
    let mut stmt = conn
        .prepare_cached(
            "SELECT title, reference_id, status, currency, amount FROM mirror_rows
             WHERE environment_id = ?1 AND transaction_id = ?2",
        )
        .map_err(AppError::storage)?;
    for item in items.iter_mut().filter(|i| i.status.is_empty() && i.action_id.is_none()) {
        let mut rows = stmt.query(params![env, item.transaction_id]).map_err(AppError::storage)?;
        if let Some(r) = rows.next().map_err(AppError::storage)? {
            item.title = r.get(0).map_err(AppError::storage)?;
            item.reference_id = r.get(1).map_err(AppError::storage)?;
            item.status = r.get(2).map_err(AppError::storage)?;
            item.currency = r.get(3).map_err(AppError::storage)?;
            item.amount = r.get(4).map_err(AppError::storage)?;
        }
    }
    Ok(())
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

/// The queue's order: the rule's place in [`rules::ALL`] (money first), then oldest first,
/// then by transaction (the same order on every call).
fn order(a: &AttentionItem, b: &AttentionItem) -> std::cmp::Ordering {
    let place = |r: Rule| rules::ALL.iter().position(|x| *x == r).unwrap_or(usize::MAX);
    place(a.rule)
        .cmp(&place(b.rule))
        .then_with(|| a.since.cmp(&b.since))
        .then_with(|| a.transaction_id.cmp(&b.transaction_id))
}

/// Keeps the first `n` items in the queue's order, sorted: a selection over all of them,
/// then a sort of those `n` only (a queue of 60,000 is not sorted whole to show 300).
pub fn first(items: &mut Vec<AttentionItem>, n: usize) {
    if items.len() > n {
        items.select_nth_unstable_by(n, order);
        items.truncate(n);
    }
    items.sort_by(order);
}

/// Splits `items` into (active, snoozed), marking the snoozed ones.
pub fn apply_snoozes(
    items: Vec<AttentionItem>,
    snoozes: &HashMap<(String, String), (String, String)>,
) -> (Vec<AttentionItem>, Vec<AttentionItem>) {
    if snoozes.is_empty() {
        return (items, Vec::new());
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn item(rule: Rule, since: Option<&str>, id: &str) -> AttentionItem {
        AttentionItem {
            rule,
            transaction_id: id.into(),
            title: None,
            reference_id: None,
            status: String::new(),
            currency: String::new(),
            amount: String::new(),
            since: since.map(str::to_owned),
            excess: None,
            action_id: None,
            snoozed_until: None,
            note: None,
        }
    }

    #[test]
    fn the_first_n_are_those_of_a_whole_sort_in_order() {
        let days = ["2026-01-05", "2026-01-01", "2026-01-03", "2026-01-02", "2026-01-04"];
        let mut all: Vec<AttentionItem> = (0..200)
            .map(|i| {
                let rule = rules::ALL[(i * 7) % rules::ALL.len()];
                item(rule, Some(days[i % days.len()]), &format!("t{:03}", (i * 37) % 200))
            })
            .collect();
        let mut whole = all.clone();
        whole.sort_by(order);
        first(&mut all, 25);
        assert_eq!(all, whole[..25].to_vec());
        let mut few = whole[..3].to_vec();
        few.reverse();
        first(&mut few, 25);
        assert_eq!(few, whole[..3].to_vec(), "fewer than n: all of them, sorted");
    }
}
