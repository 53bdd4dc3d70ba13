//! Four-eyes: the rules an admin sets, and the approvals and rejections of a second person.
//! The database decides who may (grants, and a trigger that refuses the person who asked);
//! these calls say what a desk asks of it.

use crate::connect::Connection;
use crate::errors::{from_postgres, gone};
use desk_core::error::AppError;

/// Which money moves of an environment need a second person, from which amount.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    pub environment_id: String,
    /// The action's kind as the journal stores it (`payout`, `reimburse`, `cancel`, …).
    pub kind: String,
    pub currency: String,
    /// A move worth this much or more needs approval ("0": every one).
    pub from_amount: String,
    /// How long an approval allows the send (default 24).
    pub valid_hours: u32,
}

/// An action that waits for a second person, as an inbox lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Waiting {
    pub id: String,
    pub environment_id: String,
    pub kind: String,
    pub target: String,
    pub amount: Option<String>,
    /// What the move was worth when asked (amount, currency), when the desk could tell.
    pub at_stake: Option<(String, String)>,
    pub requested_by: String,
    pub created: String,
    pub state: String,
    /// The action as the desk that asked journaled it (its domain's JSON).
    pub request: String,
}

/// What waits for me (asked by others) and what I asked for that is waiting or was refused.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Inbox {
    pub for_me: Vec<Waiting>,
    pub asked_by_me: Vec<Waiting>,
}

/// Sets (or replaces) a rule. An admin's; anyone else is refused by the database.
pub async fn set_rule(conn: &Connection, rule: &Rule) -> Result<(), AppError> {
    if rule.valid_hours == 0 {
        return Err(AppError::validation("An approval must hold for at least an hour."));
    }
    let guard = conn.client().await?;
    let client = guard.as_ref().ok_or_else(gone)?;
    let hours = i32::try_from(rule.valid_hours).map_err(|_| AppError::validation("Too many hours."))?;
    client
        .execute(
            "INSERT INTO escrow.approval_rules (environment_id, kind, currency, from_amount, valid_for) \
             VALUES ($1, $2, $3, $4::text::numeric, make_interval(hours => $5)) \
             ON CONFLICT (environment_id, kind, currency) DO UPDATE \
             SET from_amount = excluded.from_amount, valid_for = excluded.valid_for, \
                 set_by = session_user, set_at = now()",
            &[&rule.environment_id, &rule.kind, &rule.currency, &rule.from_amount, &hours],
        )
        .await
        .map_err(from_postgres)?;
    Ok(())
}

/// Approves the action `id`, having seen `consequence` (what the send will compare with
/// the live record), with an optional note.
pub async fn approve(
    conn: &Connection,
    id: &str,
    consequence: Option<&str>,
    note: Option<&str>,
) -> Result<(), AppError> {
    decide(conn, id, "approved", consequence, note).await
}

/// Rejects the action `id`; nothing is sent.
pub async fn reject(conn: &Connection, id: &str, note: Option<&str>) -> Result<(), AppError> {
    decide(conn, id, "rejected", None, note).await
}

async fn decide(
    conn: &Connection,
    id: &str,
    decision: &str,
    consequence: Option<&str>,
    note: Option<&str>,
) -> Result<(), AppError> {
    let guard = conn.client().await?;
    let client = guard.as_ref().ok_or_else(gone)?;
    client
        .execute(
            "INSERT INTO escrow.approvals (intent_id, decision, consequence, note) \
             VALUES ($1::text::uuid, $2, $3, $4)",
            &[&id, &decision, &consequence, &note],
        )
        .await
        .map_err(from_postgres)?;
    Ok(())
}

/// The approvals inbox of the staff member `conn` logs in as.
pub async fn inbox(conn: &Connection) -> Result<Inbox, AppError> {
    let guard = conn.client().await?;
    let client = guard.as_ref().ok_or_else(gone)?;
    let rows = client
        .query(
            "SELECT id::text, environment_id, kind, target, amount, at_stake::text, currency, \
             requested_by::text, to_char(created AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"'), state, \
             requested_by = session_user, request \
             FROM escrow.intents \
             WHERE state = 'awaiting_approval' \
                OR (requested_by = session_user AND state IN ('rejected', 'lapsed') \
                    AND updated > now() - interval '7 days') \
             ORDER BY created",
            &[],
        )
        .await
        .map_err(from_postgres)?;
    let mut inbox = Inbox::default();
    for r in &rows {
        let at_stake = match (r.get::<_, Option<String>>(5), r.get::<_, Option<String>>(6)) {
            (Some(a), Some(c)) => Some((a, c)),
            _ => None,
        };
        let item = Waiting {
            id: r.get(0),
            environment_id: r.get(1),
            kind: r.get(2),
            target: r.get(3),
            amount: r.get(4),
            at_stake,
            requested_by: r.get(7),
            created: r.get(8),
            state: r.get(9),
            request: r.get(11),
        };
        if r.get::<_, bool>(10) { inbox.asked_by_me.push(item) } else { inbox.for_me.push(item) }
    }
    Ok(inbox)
}

/// Every rule of the team, by environment and kind.
pub async fn rules(conn: &Connection) -> Result<Vec<Rule>, AppError> {
    let guard = conn.client().await?;
    let client = guard.as_ref().ok_or_else(gone)?;
    let rows = client
        .query(
            "SELECT environment_id, kind, currency, from_amount::text, \
             (extract(epoch FROM valid_for) / 3600)::int FROM escrow.approval_rules \
             ORDER BY environment_id, kind, currency",
            &[],
        )
        .await
        .map_err(from_postgres)?;
    Ok(rows
        .iter()
        .map(|r| Rule {
            environment_id: r.get(0),
            kind: r.get(1),
            currency: r.get(2),
            from_amount: r.get(3),
            valid_hours: u32::try_from(r.get::<_, i32>(4)).unwrap_or(24),
        })
        .collect())
}

/// Removes the rule for `kind` in `currency` of an environment: its moves no longer wait.
/// An admin's; what already waits keeps waiting.
pub async fn remove_rule(conn: &Connection, environment_id: &str, kind: &str, currency: &str) -> Result<(), AppError> {
    let guard = conn.client().await?;
    let client = guard.as_ref().ok_or_else(gone)?;
    client
        .execute(
            "DELETE FROM escrow.approval_rules WHERE environment_id = $1 AND kind = $2 AND currency = $3",
            &[&environment_id, &kind, &currency],
        )
        .await
        .map_err(from_postgres)?;
    Ok(())
}
