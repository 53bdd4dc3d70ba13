//! What the list does not tell: failed payments and split payouts. After each sync, the
//! open deals whose list row changed (or that this app acted on since) have their detail
//! and split payouts read, a bounded number per sync, two at a time, newest first, so a
//! first sync of a large tenant is not held up by it.

use super::store::NewChange;
use super::sync::{Mirror, now};
use desk_core::error::AppError;
use escrow_api::Client;
use escrow_api::enums::{PaymentStatus, SplitPayoutStatus, Timing};
use futures::StreamExt;
use rusqlite::{OptionalExtension, params};

/// Deals checked per sync at most.
const PER_SYNC: i64 = 200;
/// Open deals created this many days back are checked (and any overfunded or paid one).
const RECENT_DAYS: i64 = 60;

/// Deals with pending split payouts or more paid in than owed are read again after this
/// long (a split payout made outside this app changes nothing in the list); a deal this
/// app acted on is read again at the next sync.
const STALE_MINUTES: i64 = 10;

/// Any other deal holding money is read again after this long: money reimbursed or split out
/// by another desk or the tenant's own systems changes nothing in the list either, and the
/// overview's money in escrow would keep counting it.
const HELD_STALE_MINUTES: i64 = 60;

/// One deal's checked facts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    pub failed_payments: i64,
    /// Pending split payouts paid with the next payout run (ON_CLOSE ones wait by design).
    pub pending_splits: i64,
    pub oldest_pending_split: Option<String>,
    /// What a payout would be refused for: money paid in beyond what is owed and not yet
    /// split out (the consequence rules' excess), in ten-thousandths.
    pub excess_e4: i64,
    /// What has left the deal or is scheduled to (the consequence rules' `gone_out`), in
    /// ten-thousandths: the overview subtracts it from what was paid in.
    pub gone_out_e4: i64,
}

fn due(mirror: &Mirror, env: &str) -> Result<Vec<(String, String)>, AppError> {
    let conn = mirror.read()?;
    let since = (chrono::Utc::now() - chrono::Duration::days(RECENT_DAYS)).to_rfc3339();
    let stale = (chrono::Utc::now() - chrono::Duration::minutes(STALE_MINUTES)).to_rfc3339();
    let held_stale = (chrono::Utc::now() - chrono::Duration::minutes(HELD_STALE_MINUTES)).to_rfc3339();
    let mut stmt = conn
        .prepare(
            "SELECT r.transaction_id, r.fingerprint FROM mirror_rows r
             LEFT JOIN mirror_details d USING (environment_id, transaction_id)
             WHERE r.environment_id = ?1 AND r.status NOT IN ('SUCCEEDED', 'CANCELLED')
               AND (d.fingerprint IS NULL OR d.fingerprint <> r.fingerprint
                    OR ((d.pending_splits > 0 OR r.paid_in_e4 > r.owed_e4) AND d.checked < ?3)
                    OR (r.paid_in_e4 > 0 AND d.checked < ?5)
                    OR EXISTS (SELECT 1 FROM actions a WHERE a.environment_id = r.environment_id
                               AND a.target = r.transaction_id AND a.updated > d.checked))
               AND (r.created >= ?2 OR r.status = 'PAID' OR r.paid_in_e4 > r.owed_e4)
             ORDER BY r.created DESC LIMIT ?4",
        )
        .map_err(AppError::storage)?;
    let rows = stmt
        .query_map(params![env, since, stale, PER_SYNC, held_stale], |r| Ok((r.get(0)?, r.get(1)?)))
        .map_err(AppError::storage)?;
    rows.collect::<Result<_, _>>().map_err(AppError::storage)
}

async fn read(client: &Client, id: &str) -> Result<Checked, AppError> {
    let (transactions, split_payouts) = (client.transactions(), client.split_payouts());
    let (detail, splits) = futures::join!(transactions.get(id), split_payouts.list(id));
    let detail = detail?;
    let splits = splits?.items;
    let pending: Vec<_> = splits
        .iter()
        .filter(|s| s.status == SplitPayoutStatus::Pending && s.timing == Some(Timing::NextPayout))
        .collect();
    // The deal's money by the one rule the detail page shows it by.
    let money = desk_money::money_of(&detail, Some(&splits));
    let e4_of = |text: &str| text.parse().ok().and_then(super::row::e4);
    Ok(Checked {
        failed_payments: detail.payments.inbound.payments.iter().filter(|p| p.status == PaymentStatus::Failed).count()
            as i64,
        pending_splits: pending.len() as i64,
        oldest_pending_split: pending.iter().filter_map(|s| s.created).min().map(|d| d.to_rfc3339()),
        excess_e4: e4_of(&money.excess).unwrap_or(i64::MAX),
        // A figure that does not fit counts as nothing gone out (paid in is then shown as held).
        gone_out_e4: e4_of(&money.gone_out).unwrap_or(0),
    })
}

fn store(mirror: &Mirror, env: &str, id: &str, fingerprint: &str, c: &Checked) -> Result<(), AppError> {
    let conn = mirror.lock()?;
    let at = now();
    let before: Option<i64> = conn
        .query_row(
            "SELECT failed_payments FROM mirror_details WHERE environment_id = ?1 AND transaction_id = ?2",
            params![env, id],
            |r| r.get(0),
        )
        .optional()
        .map_err(AppError::storage)?;
    if before.is_some_and(|b| b < c.failed_payments) {
        let title: Option<String> = conn
            .query_row(
                "SELECT title FROM mirror_rows WHERE environment_id = ?1 AND transaction_id = ?2",
                params![env, id],
                |r| r.get(0),
            )
            .optional()
            .map_err(AppError::storage)?
            .flatten();
        let change = NewChange {
            transaction_id: id.to_owned(),
            kind: "payment_failed",
            before: before.map(|b| b.to_string()),
            after: Some(c.failed_payments.to_string()),
            title,
        };
        super::store::record_change(&conn, env, &change, &at)?;
    }
    conn.execute(
        "INSERT INTO mirror_details (environment_id, transaction_id, fingerprint, checked, failed_payments,
             pending_splits, oldest_pending_split, excess_e4, gone_out_e4)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
         ON CONFLICT (environment_id, transaction_id) DO UPDATE SET fingerprint = ?3, checked = ?4,
             failed_payments = ?5, pending_splits = ?6, oldest_pending_split = ?7, excess_e4 = ?8,
             gone_out_e4 = ?9",
        params![
            env,
            id,
            fingerprint,
            at,
            c.failed_payments,
            c.pending_splits,
            c.oldest_pending_split,
            c.excess_e4,
            c.gone_out_e4
        ],
    )
    .map(drop)
    .map_err(AppError::storage)
}

/// Checks the deals that are due; a deal that cannot be read now is tried at the next sync.
pub async fn check(mirror: &Mirror, client: &Client, env: &str) -> Result<(), AppError> {
    let due = due(mirror, env)?;
    let total = due.len() as u64;
    mirror.enter_details(env, total);
    let mut done = 0;
    let mut reads = futures::stream::iter(due.into_iter().map(|(id, fingerprint)| async move {
        let checked = read(client, &id).await;
        (id, fingerprint, checked)
    }))
    .buffer_unordered(2);
    while let Some((id, fingerprint, checked)) = reads.next().await {
        done += 1;
        mirror.progress(env, done, total);
        match checked {
            Ok(c) => store(mirror, env, &id, &fingerprint, &c)?,
            Err(e) if e.code == desk_core::error::ErrorCode::Network => return Err(e),
            Err(e) => tracing::debug!(transaction = %id, "mirror detail check skipped: {}", e.message),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::row::MirrorRow;
    use desk_core::appdb::AppDb;
    use serde_json::json;

    fn row(id: &str, paid: &str) -> MirrorRow {
        let t: escrow_api::TransactionListItem = serde_json::from_value(json!({
            "transactionId": id, "status": "PAID", "amount": "100.00", "created": chrono::Utc::now().to_rfc3339(),
            "payments": {"inbound": {"amount": paid}}
        }))
        .unwrap();
        MirrorRow::from_item(&t).unwrap()
    }

    #[test]
    fn a_deal_holding_money_is_read_again_after_an_hour_one_holding_none_is_not() {
        let dir = tempfile::tempdir().unwrap();
        let db = AppDb::open(dir.path()).unwrap();
        let mirror = Mirror::new(db.second_connection().unwrap(), db.second_connection().unwrap());
        let rows = [row("held", "100.00"), row("empty", "0")];
        {
            let mut conn = mirror.lock().unwrap();
            super::super::store::upsert(&mut conn, "env", 1, &rows, &now()).unwrap();
        }
        let checked =
            Checked { failed_payments: 0, pending_splits: 0, oldest_pending_split: None, excess_e4: 0, gone_out_e4: 0 };
        for r in &rows {
            store(&mirror, "env", &r.transaction_id, &r.fingerprint, &checked).unwrap();
        }
        assert!(due(&mirror, "env").unwrap().is_empty(), "both were just read");
        let two_hours_ago = (chrono::Utc::now() - chrono::Duration::hours(2)).to_rfc3339();
        mirror.lock().unwrap().execute("UPDATE mirror_details SET checked = ?1", [&two_hours_ago]).unwrap();
        let ids: Vec<String> = due(&mirror, "env").unwrap().into_iter().map(|(id, _)| id).collect();
        assert_eq!(ids, vec!["held".to_owned()], "money moved by another desk changes nothing in the list");
    }
}
