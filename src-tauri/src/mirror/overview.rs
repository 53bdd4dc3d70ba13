//! The overview's figures, each one SQL aggregate over the mirror (exact integer sums of
//! ten-thousandths; see [`super::row::e4`]).

use super::row::from_e4;
use super::views::{AgeBucket, DayPoint, MoneyLine, StatusCount, TopPayee};
use crate::error::AppError;
use rusqlite::{Connection, params};

const OPEN: &str = "status NOT IN ('SUCCEEDED', 'CANCELLED')";
const UNPAID: &str = "status IN ('CREATED', 'INPROGRESS')";

fn lines(conn: &Connection, sql: &str, env: &str, by_status: bool) -> Result<Vec<MoneyLine>, AppError> {
    let mut stmt = conn.prepare_cached(sql).map_err(AppError::storage)?;
    let rows = stmt
        .query_map([env], |r| {
            Ok(MoneyLine {
                currency: r.get(0)?,
                status: if by_status { Some(r.get(3)?) } else { None },
                amount: from_e4(r.get::<_, Option<i64>>(1)?.unwrap_or(0)).to_string(),
                count: r.get(2)?,
            })
        })
        .map_err(AppError::storage)?;
    rows.collect::<Result<_, _>>().map_err(AppError::storage)
}

/// Money paid in on open deals, per currency and per currency and status.
pub fn escrow(conn: &Connection, env: &str) -> Result<(Vec<MoneyLine>, Vec<MoneyLine>), AppError> {
    let total = format!(
        "SELECT currency, sum(paid_in_e4), count(*) FROM mirror_rows
         WHERE environment_id = ?1 AND {OPEN} AND paid_in_e4 > 0 GROUP BY currency ORDER BY currency"
    );
    let by_status = format!(
        "SELECT currency, sum(paid_in_e4), count(*), status FROM mirror_rows
         WHERE environment_id = ?1 AND {OPEN} AND paid_in_e4 > 0 GROUP BY currency, status ORDER BY currency, status"
    );
    Ok((lines(conn, &total, env, false)?, lines(conn, &by_status, env, true)?))
}

pub fn counts(conn: &Connection, env: &str) -> Result<Vec<StatusCount>, AppError> {
    let mut stmt = conn
        .prepare_cached(
            "SELECT status, count(*) FROM mirror_rows WHERE environment_id = ?1 GROUP BY status ORDER BY count(*) DESC",
        )
        .map_err(AppError::storage)?;
    let rows = stmt
        .query_map([env], |r| Ok(StatusCount { status: r.get(0)?, count: r.get(1)? }))
        .map_err(AppError::storage)?;
    rows.collect::<Result<_, _>>().map_err(AppError::storage)
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

pub fn ageing(conn: &Connection, env: &str, now: &str) -> Result<Vec<AgeBucket>, AppError> {
    let sql = format!(
        "SELECT CAST(julianday(substr(?2, 1, 10)) - julianday(substr(created, 1, 10)) AS INTEGER) AS age, currency, owed_e4 FROM mirror_rows
         WHERE environment_id = ?1 AND {UNPAID} AND created IS NOT NULL"
    );
    // Per bucket: (currency, owed in ten-thousandths, count).
    let mut sums: Vec<Vec<(String, i64, i64)>> = vec![Vec::new(); BUCKETS.len()];
    let mut stmt = conn.prepare_cached(&sql).map_err(AppError::storage)?;
    let mut rows = stmt.query(params![env, now]).map_err(AppError::storage)?;
    while let Some(r) = rows.next().map_err(AppError::storage)? {
        let age: i64 = r.get(0).map_err(AppError::storage)?;
        let currency: String = r.get(1).map_err(AppError::storage)?;
        let owed: i64 = r.get::<_, Option<i64>>(2).map_err(AppError::storage)?.unwrap_or(0);
        let age = u32::try_from(age.max(0)).unwrap_or(u32::MAX);
        let Some(i) = BUCKETS.iter().position(|&(from, to)| age >= from && to.is_none_or(|t| age <= t)) else {
            continue;
        };
        match sums[i].iter_mut().find(|(c, _, _)| *c == currency) {
            Some(line) => {
                line.1 = line.1.saturating_add(owed);
                line.2 += 1;
            }
            None => sums[i].push((currency, owed, 1)),
        }
    }
    let buckets = BUCKETS
        .iter()
        .zip(sums)
        .map(|(&(from_days, to_days), lines)| AgeBucket {
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
        })
        .collect();
    Ok(buckets)
}

/// The five payees with the most deals, with their deals' amounts per currency.
pub fn top_payees(conn: &Connection, env: &str) -> Result<Vec<TopPayee>, AppError> {
    let mut stmt = conn
        .prepare_cached(
            "SELECT payee_name, count(*) AS n FROM mirror_rows WHERE environment_id = ?1 AND payee_name IS NOT NULL
             AND payee_name <> '' GROUP BY payee_name ORDER BY n DESC, payee_name LIMIT 5",
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
             GROUP BY currency ORDER BY currency",
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
