//! The overview's figures, each one SQL aggregate over the mirror (exact integer sums of
//! ten-thousandths; see [`super::row::e4`]).

use super::row::from_e4;
use super::views::{AgeBucket, DayPoint, MoneyLine, StatusCount, TopPayee};
use desk_core::error::AppError;
use rusqlite::{Connection, params};

const UNPAID: &str = "status IN ('CREATED', 'INPROGRESS')";

/// Deals of one status in one currency: how many, and how many hold money in escrow and how
/// much (ten-thousandths). One scan of the `mirror_rows_escrow` index gives every line, and
/// the escrow sums and status counts are both read from them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusLine {
    pub status: String,
    pub currency: String,
    pub count: i64,
    pub held_count: i64,
    pub held_e4: i64,
}

pub fn status_lines(conn: &Connection, env: &str) -> Result<Vec<StatusLine>, AppError> {
    let mut stmt = conn
        .prepare_cached(
            "SELECT status, currency, count(*), count(*) FILTER (WHERE paid_in_e4 > 0),
                 sum(paid_in_e4) FILTER (WHERE paid_in_e4 > 0)
             FROM mirror_rows WHERE environment_id = ?1 GROUP BY status, currency ORDER BY currency, status",
        )
        .map_err(AppError::storage)?;
    let mut lines: Vec<StatusLine> = stmt
        .query_map([env], |r| {
            Ok(StatusLine {
                status: r.get(0)?,
                currency: r.get(1)?,
                count: r.get(2)?,
                held_count: r.get(3)?,
                held_e4: r.get::<_, Option<i64>>(4)?.unwrap_or(0),
            })
        })
        .map_err(AppError::storage)?
        .collect::<Result<_, _>>()
        .map_err(AppError::storage)?;
    for gone in gone_out(conn, env)? {
        if let Some(l) = lines.iter_mut().find(|l| l.status == gone.status && l.currency == gone.currency) {
            l.held_e4 = l.held_e4.saturating_sub(gone.held_e4);
            l.held_count -= gone.held_count;
        }
    }
    Ok(lines)
}

/// What has gone out of deals still paid in per the list (reimbursements, split payouts
/// paid; known from the detail checks, which only ever see it grow), per status and currency:
/// `held_e4` the amount to take off, `held_count` the deals left holding nothing. Reads only
/// the few checked deals that had money go out.
fn gone_out(conn: &Connection, env: &str) -> Result<Vec<StatusLine>, AppError> {
    let mut stmt = conn
        .prepare_cached(
            "SELECT r.status, r.currency, sum(min(d.gone_out_e4, r.paid_in_e4)),
                 count(*) FILTER (WHERE d.gone_out_e4 >= r.paid_in_e4)
             FROM mirror_details d JOIN mirror_rows r USING (environment_id, transaction_id)
             WHERE d.environment_id = ?1 AND d.gone_out_e4 > 0 AND r.paid_in_e4 > 0
             GROUP BY r.status, r.currency",
        )
        .map_err(AppError::storage)?;
    let rows = stmt
        .query_map([env], |r| {
            Ok(StatusLine {
                status: r.get(0)?,
                currency: r.get(1)?,
                count: 0,
                held_e4: r.get(2)?,
                held_count: r.get(3)?,
            })
        })
        .map_err(AppError::storage)?;
    rows.collect::<Result<_, _>>().map_err(AppError::storage)
}

fn open(status: &str) -> bool {
    !desk_money::Stage::of_text(status).closed()
}

/// Money held in escrow on open deals (paid in, less what has gone out), per currency and
/// per currency and status (both ordered by currency, then status).
pub fn escrow(lines: &[StatusLine]) -> (Vec<MoneyLine>, Vec<MoneyLine>) {
    let paid: Vec<&StatusLine> = lines.iter().filter(|l| open(&l.status) && l.held_count > 0).collect();
    let by_status = paid
        .iter()
        .map(|l| MoneyLine {
            currency: l.currency.clone(),
            status: Some(l.status.clone()),
            amount: from_e4(l.held_e4).to_string(),
            count: l.held_count,
        })
        .collect();
    let mut totals: Vec<(String, i64, i64)> = Vec::new();
    for l in paid {
        match totals.iter_mut().find(|(c, _, _)| *c == l.currency) {
            Some(t) => {
                t.1 = t.1.saturating_add(l.held_e4);
                t.2 += l.held_count;
            }
            None => totals.push((l.currency.clone(), l.held_e4, l.held_count)),
        }
    }
    let total = totals
        .into_iter()
        .map(|(currency, e4, count)| MoneyLine { currency, status: None, amount: from_e4(e4).to_string(), count })
        .collect();
    (total, by_status)
}

/// Deals per status, the most common first.
pub fn counts(lines: &[StatusLine]) -> Vec<StatusCount> {
    let mut counts: Vec<StatusCount> = Vec::new();
    for l in lines {
        match counts.iter_mut().find(|c| c.status == l.status) {
            Some(c) => c.count += l.count,
            None => counts.push(StatusCount { status: l.status.clone(), count: l.count }),
        }
    }
    counts.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.status.cmp(&b.status)));
    counts
}

fn per_day(conn: &Connection, env: &str, column: &str, since: &str) -> Result<Vec<(String, i64)>, AppError> {
    let sql = format!(
        "SELECT substr({column}, 1, 10) AS d, count(*) FROM mirror_rows
         WHERE environment_id = ?1 AND {column} >= ?2 GROUP BY d"
    );
    let mut stmt = conn.prepare_cached(&sql).map_err(AppError::storage)?;
    let rows = stmt.query_map(params![env, since], |r| Ok((r.get(0)?, r.get(1)?))).map_err(AppError::storage)?;
    rows.collect::<Result<_, _>>().map_err(AppError::storage)
}

/// Deals created, paid and paid out per day over the last 30 days (UTC days, oldest first).
pub fn days(conn: &Connection, env: &str, today: chrono::NaiveDate) -> Result<Vec<DayPoint>, AppError> {
    let first = today - chrono::Duration::days(29);
    let since = first.format("%Y-%m-%d").to_string();
    let created = per_day(conn, env, "created", &since)?;
    let paid = per_day(conn, env, "paid_seen", &since)?;
    let paid_out = per_day(conn, env, "paid_out_seen", &since)?;
    let find = |list: &[(String, i64)], day: &str| list.iter().find(|(d, _)| d == day).map_or(0, |(_, n)| *n);
    Ok(first
        .iter_days()
        .take(30)
        .map(|d| {
            let day = d.format("%Y-%m-%d").to_string();
            DayPoint { created: find(&created, &day), paid: find(&paid, &day), paid_out: find(&paid_out, &day), day }
        })
        .collect())
}

/// The age buckets of unpaid deals, in whole UTC calendar days since created (so a bucket
/// is exactly a range of creation dates, as the list filters them).
pub const BUCKETS: [(u32, Option<u32>); 5] = [(0, Some(7)), (8, Some(14)), (15, Some(30)), (31, Some(60)), (61, None)];

/// Ages are whole UTC calendar days, so each bucket is a range of creation days: a row's
/// bucket is the first whose oldest creation day it is not before (a future date counts as
/// today). Compared as text on the `mirror_rows_ageing` index alone (the mirror stores
/// `YYYY-MM-DD…`), with no date arithmetic per row.
pub fn ageing(conn: &Connection, env: &str, today: chrono::NaiveDate) -> Result<Vec<AgeBucket>, AppError> {
    let oldest_day = |to: u32| (today - chrono::Duration::days(i64::from(to))).format("%Y-%m-%d").to_string();
    let cuts: Vec<String> = BUCKETS.iter().filter_map(|&(_, to)| to.map(oldest_day)).collect();
    let sql = format!(
        "SELECT created, currency, owed_e4 FROM mirror_rows WHERE environment_id = ?1 AND {UNPAID} AND created IS NOT NULL"
    );
    // Per bucket: (currency, owed in ten-thousandths, count).
    let mut sums: Vec<Vec<(String, i64, i64)>> = vec![Vec::new(); BUCKETS.len()];
    let mut stmt = conn.prepare_cached(&sql).map_err(AppError::storage)?;
    let mut rows = stmt.query([env]).map_err(AppError::storage)?;
    while let Some(r) = rows.next().map_err(AppError::storage)? {
        let text = |i| r.get_ref(i).and_then(|v| v.as_str().map_err(Into::into)).map_err(AppError::storage);
        let created = text(0)?;
        let day = created.get(..10).unwrap_or(created);
        let bucket = cuts.iter().position(|cut| day >= cut.as_str()).unwrap_or(cuts.len());
        let currency = text(1)?;
        let owed: i64 = r.get::<_, Option<i64>>(2).map_err(AppError::storage)?.unwrap_or(0);
        let Some(lines) = sums.get_mut(bucket) else { continue };
        match lines.iter_mut().find(|(c, _, _)| c == currency) {
            Some(line) => {
                line.1 = line.1.saturating_add(owed);
                line.2 += 1;
            }
            None => lines.push((currency.to_owned(), owed, 1)),
        }
    }
    let buckets = BUCKETS
        .iter()
        .zip(sums)
        .map(|(&(from_days, to_days), mut lines)| {
            lines.sort();
            AgeBucket {
                from_days,
                to_days,
                count: lines.iter().map(|l| l.2).sum(),
                owed: lines
                    .into_iter()
                    .map(|(currency, owed, count)| MoneyLine {
                        currency,
                        status: None,
                        amount: from_e4(owed).to_string(),
                        count,
                    })
                    .collect(),
            }
        })
        .collect();
    Ok(buckets)
}

/// The five payees with the most deals, with their deals' amounts per currency. Cancelled
/// deals are left out: no money went to the payee.
pub fn top_payees(conn: &Connection, env: &str) -> Result<Vec<TopPayee>, AppError> {
    let mut stmt = conn
        .prepare_cached(
            "SELECT payee_name, count(*) AS n FROM mirror_rows WHERE environment_id = ?1 AND payee_name IS NOT NULL
             AND payee_name <> '' AND status <> 'CANCELLED' GROUP BY payee_name ORDER BY n DESC, payee_name LIMIT 5",
        )
        .map_err(AppError::storage)?;
    let names: Vec<(String, i64)> = stmt
        .query_map([env], |r| Ok((r.get(0)?, r.get(1)?)))
        .map_err(AppError::storage)?
        .collect::<Result<_, _>>()
        .map_err(AppError::storage)?;
    let mut amounts = conn
        .prepare_cached(
            "SELECT currency, sum(amount_e4), count(*) FROM mirror_rows WHERE environment_id = ?1 AND payee_name = ?2
             AND status <> 'CANCELLED' GROUP BY currency ORDER BY currency",
        )
        .map_err(AppError::storage)?;
    let mut out = Vec::new();
    for (name, count) in names {
        let lines = amounts
            .query_map(params![env, name], |r| {
                Ok(MoneyLine {
                    currency: r.get(0)?,
                    status: None,
                    amount: from_e4(r.get::<_, Option<i64>>(1)?.unwrap_or(0)).to_string(),
                    count: r.get(2)?,
                })
            })
            .map_err(AppError::storage)?
            .collect::<Result<_, _>>()
            .map_err(AppError::storage)?;
        out.push(TopPayee { name, count, amounts: lines });
    }
    Ok(out)
}

pub fn inexact(conn: &Connection, env: &str) -> Result<i64, AppError> {
    conn.query_row(
        "SELECT count(*) FROM mirror_rows WHERE environment_id = ?1 AND (amount_e4 IS NULL OR owed_e4 IS NULL)",
        [env],
        |r| r.get(0),
    )
    .map_err(AppError::storage)
}

#[cfg(test)]
#[path = "overview_tests.rs"]
mod tests;
