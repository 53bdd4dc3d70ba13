//! The mirror's tables: rows upserted page by page, changes noticed while upserting, and
//! each environment's sync state. Plain SQL over one connection; no network here.

use super::row::MirrorRow;
use desk_core::error::AppError;
use rusqlite::{Connection, OptionalExtension, params};

/// What a refresh noticed about one transaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewChange {
    pub transaction_id: String,
    pub kind: &'static str,
    pub before: Option<String>,
    pub after: Option<String>,
    pub title: Option<String>,
}

/// The kind of change a status move is, in the words of the change list.
fn status_kind(status: &str) -> &'static str {
    match status {
        "PAID" => "paid",
        "SUCCEEDED" => "succeeded",
        "CANCELLED" => "cancelled",
        _ => "status",
    }
}

struct Known {
    fingerprint: String,
    status: String,
    amount: String,
    paid_in_e4: Option<i64>,
}

fn known(conn: &Connection, env: &str, id: &str) -> rusqlite::Result<Option<Known>> {
    conn.prepare_cached(
        "SELECT fingerprint, status, amount, paid_in_e4 FROM mirror_rows WHERE environment_id = ?1 AND transaction_id = ?2",
    )?
    .query_row(
        params![env, id],
        |r| Ok(Known { fingerprint: r.get(0)?, status: r.get(1)?, amount: r.get(2)?, paid_in_e4: r.get(3)? }),
    )
    .optional()
}

/// The changes between what the mirror knew and the row now read.
pub fn compare(before: Option<(&str, &str, Option<i64>)>, row: &MirrorRow, watching: bool) -> Vec<NewChange> {
    let change = |kind, b: Option<String>, a: Option<String>| NewChange {
        transaction_id: row.transaction_id.clone(),
        kind,
        before: b,
        after: a,
        title: row.title.clone(),
    };
    let Some((status, amount, paid_in)) = before else {
        return if watching { vec![change("created", None, Some(row.status.clone()))] } else { Vec::new() };
    };
    let mut out = Vec::new();
    if status != row.status {
        out.push(change(status_kind(&row.status), Some(status.to_owned()), Some(row.status.clone())));
    }
    if amount != row.amount.to_string() {
        out.push(change("amount", Some(amount.to_owned()), Some(row.amount.to_string())));
    }
    if paid_in != row.paid_in_e4 && status == row.status {
        let show = |v: Option<i64>| v.map(|v| super::row::from_e4(v).to_string());
        out.push(change("payment", show(paid_in), show(row.paid_in_e4)));
    }
    out
}

const UPSERT: &str =
    "INSERT INTO mirror_rows (environment_id, transaction_id, status, auto, currency, amount, amount_e4,
                 paid_in_e4, owed_e4, title, reference_id, payer_name, payee_name, registration_number, created,
                 expected_completion, has_debt, bill_of_sale, fingerprint, first_seen, changed,
                 paid_seen, paid_out_seen, pass)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19,
                 ?20, ?20, CASE WHEN ?21 THEN ?20 END, CASE WHEN ?22 THEN ?20 END, ?23)
             ON CONFLICT (environment_id, transaction_id) DO UPDATE SET
                 status = excluded.status, auto = excluded.auto, currency = excluded.currency,
                 amount = excluded.amount, amount_e4 = excluded.amount_e4, paid_in_e4 = excluded.paid_in_e4,
                 owed_e4 = excluded.owed_e4, title = excluded.title, reference_id = excluded.reference_id,
                 payer_name = excluded.payer_name, payee_name = excluded.payee_name,
                 registration_number = excluded.registration_number, created = excluded.created,
                 expected_completion = excluded.expected_completion, has_debt = excluded.has_debt,
                 bill_of_sale = excluded.bill_of_sale,
                 fingerprint = excluded.fingerprint, changed = excluded.changed,
                 paid_seen = coalesce(excluded.paid_seen, mirror_rows.paid_seen),
                 paid_out_seen = coalesce(excluded.paid_out_seen, mirror_rows.paid_out_seen),
                 pass = excluded.pass";

/// Keeps one noticed change for "Changes since you last looked".
pub fn record_change(conn: &Connection, env: &str, c: &NewChange, at: &str) -> Result<(), AppError> {
    conn.prepare_cached(
        "INSERT INTO mirror_changes (environment_id, transaction_id, at, kind, before, after, title)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )
    .and_then(|mut s| s.execute(params![env, c.transaction_id, at, c.kind, c.before, c.after, c.title]))
    .map(drop)
    .map_err(AppError::storage)
}

/// Upserts `rows` read in `pass`; returns how many were new or changed, and records the
/// changes when the environment is watched (its first full pass is not: all is new then).
pub fn upsert(conn: &mut Connection, env: &str, pass: i64, rows: &[MirrorRow], now: &str) -> Result<usize, AppError> {
    let watching = state(conn, env)?.full_at.is_some();
    let tx = conn.transaction().map_err(AppError::storage)?;
    let mut touched = 0;
    for row in rows {
        let before = known(&tx, env, &row.transaction_id).map_err(AppError::storage)?;
        if let Some(k) = &before
            && k.fingerprint == row.fingerprint
        {
            tx.prepare_cached("UPDATE mirror_rows SET pass = ?3 WHERE environment_id = ?1 AND transaction_id = ?2")
                .and_then(|mut s| s.execute(params![env, row.transaction_id, pass]))
                .map_err(AppError::storage)?;
            continue;
        }
        touched += 1;
        let changes =
            compare(before.as_ref().map(|k| (k.status.as_str(), k.amount.as_str(), k.paid_in_e4)), row, watching);
        for c in &changes {
            record_change(&tx, env, c, now)?;
        }
        let paid_now = watching && changes.iter().any(|c| c.kind == "paid");
        let out_now = watching && changes.iter().any(|c| c.kind == "succeeded");
        tx.prepare_cached(UPSERT)
            .and_then(|mut s| {
                s.execute(params![
                    env,
                    row.transaction_id,
                    row.status,
                    row.auto,
                    row.currency,
                    row.amount.to_string(),
                    row.amount_e4,
                    row.paid_in_e4,
                    row.owed_e4,
                    row.title,
                    row.reference_id,
                    row.payer_name,
                    row.payee_name,
                    row.registration_number,
                    row.created,
                    row.expected_completion,
                    row.has_debt,
                    row.bill_of_sale,
                    row.fingerprint,
                    now,
                    paid_now,
                    out_now,
                    pass,
                ])
            })
            .map_err(AppError::storage)?;
        tx.prepare_cached(
            "INSERT INTO mirror_items (environment_id, transaction_id, item) VALUES (?1, ?2, ?3)
             ON CONFLICT (environment_id, transaction_id) DO UPDATE SET item = excluded.item",
        )
        .and_then(|mut s| s.execute(params![env, row.transaction_id, row.item]))
        .map_err(AppError::storage)?;
        tx.prepare_cached(
            "INSERT INTO mirror_search (environment_id, transaction_id, created, search) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (environment_id, transaction_id) DO UPDATE SET created = excluded.created,
                 search = excluded.search",
        )
        .and_then(|mut s| s.execute(params![env, row.transaction_id, row.created, row.search]))
        .map_err(AppError::storage)?;
    }
    tx.commit().map_err(AppError::storage)?;
    Ok(touched)
}

/// An environment's sync state.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SyncState {
    pub pass: i64,
    pub full_at: Option<String>,
    pub refreshed_at: Option<String>,
    pub total: i64,
    pub error: Option<String>,
    pub error_code: Option<String>,
    pub looked_at: Option<String>,
}

pub fn state(conn: &Connection, env: &str) -> Result<SyncState, AppError> {
    conn.query_row(
        "SELECT pass, full_at, refreshed_at, total, error, error_code, looked_at FROM mirror_state WHERE environment_id = ?1",
        [env],
        |r| {
            Ok(SyncState {
                pass: r.get(0)?,
                full_at: r.get(1)?,
                refreshed_at: r.get(2)?,
                total: r.get(3)?,
                error: r.get(4)?,
                error_code: r.get(5)?,
                looked_at: r.get(6)?,
            })
        },
    )
    .optional()
    .map(Option::unwrap_or_default)
    .map_err(AppError::storage)
}

/// Starts a pass: its number marks every row it reads.
pub fn begin_pass(conn: &Connection, env: &str) -> Result<i64, AppError> {
    conn.execute(
        "INSERT INTO mirror_state (environment_id, pass) VALUES (?1, 1)
         ON CONFLICT (environment_id) DO UPDATE SET pass = pass + 1",
        [env],
    )
    .map_err(AppError::storage)?;
    Ok(state(conn, env)?.pass)
}

/// Ends a full pass: rows it did not read are gone from the service (recorded as removed).
pub fn finish_full(conn: &mut Connection, env: &str, pass: i64, now: &str) -> Result<(), AppError> {
    let watching = state(conn, env)?.full_at.is_some();
    let tx = conn.transaction().map_err(AppError::storage)?;
    if watching {
        tx.execute(
            "INSERT INTO mirror_changes (environment_id, transaction_id, at, kind, before, title)
             SELECT environment_id, transaction_id, ?3, 'removed', status, title FROM mirror_rows
             WHERE environment_id = ?1 AND pass < ?2",
            params![env, pass, now],
        )
        .map_err(AppError::storage)?;
    }
    for table in ["mirror_items", "mirror_search"] {
        tx.execute(
            &format!(
                "DELETE FROM {table} WHERE environment_id = ?1 AND transaction_id IN
                 (SELECT transaction_id FROM mirror_rows WHERE environment_id = ?1 AND pass < ?2)"
            ),
            params![env, pass],
        )
        .map_err(AppError::storage)?;
    }
    tx.execute("DELETE FROM mirror_rows WHERE environment_id = ?1 AND pass < ?2", params![env, pass])
        .map_err(AppError::storage)?;
    tx.execute(
        "UPDATE mirror_state SET full_at = ?2, refreshed_at = ?2, error = NULL, error_code = NULL,
             total = (SELECT count(*) FROM mirror_rows WHERE environment_id = ?1),
             looked_at = coalesce(looked_at, ?2)
         WHERE environment_id = ?1",
        params![env, now],
    )
    .map_err(AppError::storage)?;
    tx.commit().map_err(AppError::storage)
}

/// Ends a refresh of the newest pages.
pub fn finish_refresh(conn: &Connection, env: &str, now: &str) -> Result<(), AppError> {
    conn.execute(
        "UPDATE mirror_state SET refreshed_at = ?2, error = NULL, error_code = NULL,
             total = (SELECT count(*) FROM mirror_rows WHERE environment_id = ?1)
         WHERE environment_id = ?1",
        params![env, now],
    )
    .map(drop)
    .map_err(AppError::storage)
}

/// Keeps why the last sync failed (offline, say); the rows stay as they were.
pub fn record_error(conn: &Connection, env: &str, code: &str, message: &str) -> Result<(), AppError> {
    conn.execute(
        "INSERT INTO mirror_state (environment_id, error, error_code) VALUES (?1, ?2, ?3)
         ON CONFLICT (environment_id) DO UPDATE SET error = ?2, error_code = ?3",
        params![env, message, code],
    )
    .map(drop)
    .map_err(AppError::storage)
}

/// Everything mirrored for an environment (its key was cleared or it was deleted).
pub fn forget(conn: &Connection, env: &str) -> Result<(), AppError> {
    for table in [
        "mirror_rows",
        "mirror_items",
        "mirror_search",
        "mirror_state",
        "mirror_changes",
        "mirror_details",
        "attention_snoozes",
    ] {
        conn.execute(&format!("DELETE FROM {table} WHERE environment_id = ?1"), [env]).map_err(AppError::storage)?;
    }
    Ok(())
}
