//! The attention queue: the rules over every open mirrored deal, the journal's actions
//! whose outcome is unknown, and the snoozes staff set (kept locally, audited).

use super::first_n::FirstN;
use super::row::{from_e4, parse_stamp};
use super::rules::{self, Deal, Rule, Thresholds};
use super::views::{AttentionItem, RuleCount};
use chrono::{DateTime, Utc};
use desk_core::error::AppError;
use rusqlite::{Connection, params};
use std::collections::HashMap;

/// Items answered at most (per list): a queue is worked from the top, and a web view
/// holding tens of thousands of rows would be slow and heavy.
pub const SHOWN: usize = 300;

/// What the rules read of each open deal (its words are read later, for the kept items only).
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

/// The queue as the page shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Queue {
    /// The first [`SHOWN`] active items (of the rule asked for, or of all), in order.
    pub items: Vec<AttentionItem>,
    /// Active items in all (of the rule asked for, or of all).
    pub total: i64,
    /// Active items per rule, every rule.
    pub counts: Vec<RuleCount>,
    /// The first [`SHOWN`] snoozed items, in order.
    pub snoozed: Vec<AttentionItem>,
}

/// An item kept for the page, with its place in the queue: the rule's place in
/// [`rules::ALL`] (money first), then oldest first, then by transaction and action (the same
/// order on every call). Lean, because a scan in the wrong order keeps and drops every hit:
/// the item itself is built only for the kept ones, at the end.
#[derive(Debug)]
struct Ranked {
    key: (usize, Option<DateTime<Utc>>, String, Option<String>),
    rule: Rule,
    excess_e4: Option<i64>,
    /// Built already (an unknown outcome, from the journal). Boxed, like the snooze: the
    /// heap moves kept items on every replacement.
    item: Option<Box<AttentionItem>>,
    /// (until, note) of a snoozed item.
    snooze: Option<Box<(String, String)>>,
}

impl Ranked {
    fn into_item(self) -> AttentionItem {
        let (_, since, transaction_id, _) = self.key;
        let mut item = self.item.map(|i| *i).unwrap_or_else(|| AttentionItem {
            rule: self.rule,
            transaction_id,
            title: None,
            reference_id: None,
            status: String::new(),
            currency: String::new(),
            amount: String::new(),
            since: since.map(|d| d.to_rfc3339()),
            excess: self.excess_e4.map(|e| from_e4(e).to_string()),
            action_id: None,
            snoozed_until: None,
            note: None,
        });
        if let Some((until, note)) = self.snooze.map(|s| *s) {
            item.snoozed_until = Some(until);
            item.note = Some(note);
        }
        item
    }
}

impl PartialEq for Ranked {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}
impl Eq for Ranked {}
impl PartialOrd for Ranked {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Ranked {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.key.cmp(&other.key)
    }
}

fn place(rule: Rule) -> usize {
    rules::ALL.iter().position(|r| *r == rule).unwrap_or(rules::ALL.len())
}

/// Counts every item and keeps the first of each list, in one pass over the open deals:
/// a queue of 60,000 items is never held whole to show 300.
struct Tally<'s> {
    only: Option<Rule>,
    snoozes: &'s Snoozes,
    counts: [i64; rules::ALL.len()],
    total: i64,
    items: FirstN<Ranked>,
    snoozed: FirstN<Ranked>,
}

impl<'s> Tally<'s> {
    fn new(only: Option<Rule>, snoozes: &'s Snoozes) -> Self {
        Self {
            only,
            snoozes,
            counts: [0; rules::ALL.len()],
            total: 0,
            items: FirstN::new(SHOWN),
            snoozed: FirstN::new(SHOWN),
        }
    }

    /// Adds one item: a rule's hit on deal `id`, or (with `item`) a journaled `action`
    /// whose outcome is unknown. Nothing is copied unless one of the lists keeps it.
    fn add(
        &mut self,
        rule: Rule,
        since: Option<DateTime<Utc>>,
        id: &str,
        action: Option<&str>,
        excess_e4: Option<i64>,
        item: Option<Box<AttentionItem>>,
    ) {
        let at = place(rule);
        let snooze = self.snoozes.get(id).and_then(|s| s.iter().find(|(r, _, _)| *r == rule));
        let against = |kept: &Ranked| {
            (at, since, id, action).cmp(&(kept.key.0, kept.key.1, kept.key.2.as_str(), kept.key.3.as_deref()))
        };
        let make = |snooze: Option<Box<(String, String)>>| Ranked {
            key: (at, since, id.to_owned(), action.map(str::to_owned)),
            rule,
            excess_e4,
            item,
            snooze,
        };
        if let Some((_, until, note)) = snooze {
            self.snoozed.offer_with(against, || make(Some(Box::new((until.clone(), note.clone())))));
            return;
        }
        if let Some(n) = self.counts.get_mut(at) {
            *n += 1;
        }
        if self.only.is_none_or(|r| r == rule) {
            self.total += 1;
            self.items.offer_with(against, || make(None));
        }
    }

    fn finish(self) -> Queue {
        let counts = rules::ALL
            .iter()
            .zip(self.counts)
            .filter(|(_, n)| *n > 0)
            .map(|(&rule, count)| RuleCount { rule, count })
            .collect();
        let items = |f: FirstN<Ranked>| f.into_sorted().into_iter().map(Ranked::into_item).collect();
        Queue { items: items(self.items), total: self.total, counts, snoozed: items(self.snoozed) }
    }
}

/// The attention queue of `env` at `now`: the rules over every open deal plus the actions
/// whose outcome is unknown, snoozes applied, counted, the first of each list kept, and the
/// kept items' words filled in.
pub fn queue(
    conn: &Connection,
    env: &str,
    now: DateTime<Utc>,
    t: &Thresholds,
    only: Option<Rule>,
) -> Result<Queue, AppError> {
    let snoozes = snoozes(conn, env, now)?;
    let mut tally = Tally::new(only, &snoozes);
    let mut stmt = conn.prepare_cached(OPEN_DEALS).map_err(AppError::storage)?;
    let mut rows = stmt.query([env]).map_err(AppError::storage)?;
    // One deal and one list of hits, refilled per row (no allocation per row).
    let mut deal = Deal::default();
    let mut hits = Vec::new();
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
        deal.created = text(r, 6)?.and_then(parse_stamp);
        deal.expected_completion = text(r, 7)?.and_then(parse_stamp);
        deal.has_debt = r.get(8).map_err(AppError::storage)?;
        deal.failed_payments = r.get(10).map_err(AppError::storage)?;
        deal.pending_splits = r.get(11).map_err(AppError::storage)?;
        deal.oldest_pending_split = text(r, 12)?.and_then(parse_stamp);
        deal.excess_e4 = r.get(13).map_err(AppError::storage)?;
        rules::evaluate_into(&deal, now, t, &mut hits);
        if hits.is_empty() {
            continue;
        }
        let id = text(r, 0)?.unwrap_or_default();
        for h in &hits {
            tally.add(h.rule, h.since, id, None, h.excess_e4, None);
        }
    }
    for item in unknown_outcomes(conn, env, now)? {
        let since = item.since.as_deref().and_then(parse_stamp);
        let (id, action) = (item.transaction_id.clone(), item.action_id.clone());
        tally.add(item.rule, since, &id, action.as_deref(), None, Some(Box::new(item)));
    }
    let mut queue = tally.finish();
    words(conn, env, &mut queue.items)?;
    words(conn, env, &mut queue.snoozed)?;
    Ok(queue)
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

/// Snoozes still in force, per transaction: (rule, until, note).
pub type Snoozes = HashMap<String, Vec<(Rule, String, String)>>;

pub fn snoozes(conn: &Connection, env: &str, now: DateTime<Utc>) -> Result<Snoozes, AppError> {
    let mut stmt = conn
        .prepare_cached(
            "SELECT transaction_id, rule, until, note FROM attention_snoozes WHERE environment_id = ?1 AND until > ?2",
        )
        .map_err(AppError::storage)?;
    let mut rows = stmt.query(params![env, now.to_rfc3339()]).map_err(AppError::storage)?;
    let mut out = Snoozes::new();
    while let Some(r) = rows.next().map_err(AppError::storage)? {
        // A rule this version does not know cannot match an item.
        let Some(rule) = text(r, 1)?.and_then(Rule::parse) else { continue };
        let (id, until, note) = (r.get(0), r.get(2), r.get(3));
        out.entry(id.map_err(AppError::storage)?).or_default().push((
            rule,
            until.map_err(AppError::storage)?,
            note.map_err(AppError::storage)?,
        ));
    }
    Ok(out)
}

#[cfg(test)]
#[path = "attention_tests.rs"]
mod tests;
