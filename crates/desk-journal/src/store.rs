//! The `actions` table: intents, outcomes and dismissals, each committed together with
//! its audit row; the audit anchor is written once the commit is done.

use super::action::{Action, Checked};
use super::checkpoint::{Checkpoint, checkpoint};
use super::record::{ActionState, Record};
use desk_audit::{NewEntry, Sealed, Trail};
use desk_core::appdb::AppDb;
use desk_core::error::{AppError, ErrorCode, NotRecorded};
use escrow_api::IdempotencyKey;
use rusqlite::{OptionalExtension, params};
use serde::de::DeserializeOwned;

fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

/// Commits the intent (action row + audit row) before anything is sent. On a full disk
/// nothing is committed and the caller sends nothing.
pub fn record_intent<A: Action>(
    db: &AppDb,
    trail: &Trail,
    environment_id: &str,
    req: &A,
) -> Result<Record<A>, AppError> {
    record_intent_in(db, trail, environment_id, super::action::check(req)?, None, None)
}

/// [`record_intent`] for one action of a bulk run (the record and each of its audit rows
/// name `batch_id`) and with `note` in the intent's audit detail (a money move's consequence).
pub fn record_intent_in<A: Action>(
    db: &AppDb,
    trail: &Trail,
    environment_id: &str,
    req: Checked<'_, A>,
    batch_id: Option<&str>,
    note: Option<&str>,
) -> Result<Record<A>, AppError> {
    let req = req.action();
    let id = uuid::Uuid::new_v4().to_string();
    let sealed = insert_intent(db, trail, &id, environment_id, req, batch_id, note)
        .map_err(|e| db.explain(e, NotRecorded::Intent))?;
    trail.anchor(db, sealed);
    checkpoint(Checkpoint::IntentCommitted);
    get(db, &id)
}

fn insert_intent<A: Action>(
    db: &AppDb,
    trail: &Trail,
    id: &str,
    environment_id: &str,
    req: &A,
    batch_id: Option<&str>,
    note: Option<&str>,
) -> Result<Sealed, AppError> {
    let key = IdempotencyKey::generate().as_str().to_owned();
    let request = serde_json::to_string(req).map_err(AppError::storage)?;
    let at = now();
    let mut conn = db.lock()?;
    let tx = conn.transaction().map_err(AppError::storage)?;
    tx.execute(
        "INSERT INTO actions (id, environment_id, kind, target, amount, idempotency_key, request, state, created, updated, batch_id)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'pending', ?8, ?8, ?9)",
        params![id, environment_id, req.kind(), req.target(), req.amount(), key, request, at, batch_id],
    )
    .map_err(AppError::storage)?;
    let detail = batch_detail(batch_id, note);
    let entry = NewEntry {
        environment_id,
        action_id: id,
        kind: req.kind(),
        target: req.target(),
        amount: req.amount(),
        idempotency_key: Some(&key),
        correlation_id: None,
        phase: "intent",
        outcome: "pending",
        detail: detail.as_deref(),
    };
    let sealed = trail.append(&tx, &entry)?;
    tx.commit().map_err(AppError::storage)?;
    Ok(sealed)
}

/// Commits the outcome of one attempt, with `note` in the audit row of a success.
pub(super) fn record_outcome<A: Action>(
    db: &AppDb,
    trail: &Trail,
    record: &Record<A>,
    outcome: &Result<Option<String>, AppError>,
    note: Option<&str>,
) -> Result<Record<A>, AppError> {
    checkpoint(Checkpoint::ReplyReceived);
    let (state, correlation, message, error) = match outcome {
        Ok(correlation) => (ActionState::Succeeded, correlation.clone(), None, None),
        Err(e) => {
            let ambiguous =
                matches!(e.code, ErrorCode::Timeout | ErrorCode::Network | ErrorCode::Server | ErrorCode::Conflict);
            let state = if ambiguous { ActionState::Unknown } else { ActionState::Failed };
            (state, e.correlation_id.clone(), Some(e.message.clone()), Some(e.clone()))
        }
    };
    let error_json = error.as_ref().map(serde_json::to_string).transpose().map_err(AppError::storage)?;
    let stored = error_json.or(message.clone());
    let update = Update {
        state,
        correlation: correlation.as_deref(),
        stored: stored.as_deref(),
        detail: message.as_deref().or(note),
    };
    let sealed = update_outcome(db, trail, record, &update).map_err(|e| db.explain(e, NotRecorded::Outcome))?;
    trail.anchor(db, sealed);
    get(db, &record.id)
}

/// The outcome of one attempt as it is written.
struct Update<'a> {
    state: ActionState,
    correlation: Option<&'a str>,
    /// The failure as JSON (or words) for the `message` column.
    stored: Option<&'a str>,
    /// The audit row's detail.
    detail: Option<&'a str>,
}

fn update_outcome<A: Action>(
    db: &AppDb,
    trail: &Trail,
    record: &Record<A>,
    u: &Update<'_>,
) -> Result<Sealed, AppError> {
    let mut conn = db.lock()?;
    let tx = conn.transaction().map_err(AppError::storage)?;
    tx.execute(
        "UPDATE actions SET state = ?2, correlation_id = ?3, message = ?4, attempts = attempts + 1, updated = ?5 WHERE id = ?1",
        params![record.id, u.state.as_str(), u.correlation, u.stored, now()],
    )
    .map_err(AppError::storage)?;
    let req = &record.request;
    let detail = batch_detail(record.batch_id.as_deref(), u.detail);
    let entry = NewEntry {
        environment_id: &record.environment_id,
        action_id: &record.id,
        kind: req.kind(),
        target: req.target(),
        amount: req.amount(),
        idempotency_key: Some(&record.idempotency_key),
        correlation_id: u.correlation,
        phase: "outcome",
        outcome: u.state.as_str(),
        detail: detail.as_deref(),
    };
    let sealed = trail.append(&tx, &entry)?;
    tx.commit().map_err(AppError::storage)?;
    Ok(sealed)
}

/// Marks an open action as left alone (audited). On a full disk or a damaged database
/// nothing is committed and the action stays open.
pub fn dismiss<A: Action>(db: &AppDb, trail: &Trail, id: &str) -> Result<Record<A>, AppError> {
    let record: Record<A> = get(db, id).map_err(|e| db.explain(e, NotRecorded::Dismissal))?;
    if !record.state.is_open() {
        return Err(AppError::validation("Only a pending or unknown action can be dismissed."));
    }
    let sealed = commit_dismissal(db, trail, &record).map_err(|e| db.explain(e, NotRecorded::Dismissal))?;
    trail.anchor(db, sealed);
    get(db, id)
}

fn commit_dismissal<A: Action>(db: &AppDb, trail: &Trail, record: &Record<A>) -> Result<Sealed, AppError> {
    let id = record.id.as_str();
    let mut conn = db.lock()?;
    let tx = conn.transaction().map_err(AppError::storage)?;
    tx.execute("UPDATE actions SET state = 'dismissed', updated = ?2 WHERE id = ?1", params![id, now()])
        .map_err(AppError::storage)?;
    let req = &record.request;
    let detail = batch_detail(record.batch_id.as_deref(), None);
    let entry = NewEntry {
        environment_id: &record.environment_id,
        action_id: id,
        kind: req.kind(),
        target: req.target(),
        amount: req.amount(),
        idempotency_key: Some(&record.idempotency_key),
        correlation_id: record.correlation_id.as_deref(),
        phase: "outcome",
        outcome: "dismissed",
        detail: detail.as_deref(),
    };
    let sealed = trail.append(&tx, &entry)?;
    tx.commit().map_err(AppError::storage)?;
    Ok(sealed)
}

/// The audit detail of a row of a bulk run: `batch <id>`, then `: ` and the row's own
/// detail (so the batch id is sealed by the row's MAC like every other field).
pub fn batch_detail(batch_id: Option<&str>, detail: Option<&str>) -> Option<String> {
    match (batch_id, detail) {
        (Some(b), Some(d)) => Some(format!("{BATCH_PREFIX}{b}: {d}")),
        (Some(b), None) => Some(format!("{BATCH_PREFIX}{b}")),
        (None, d) => d.map(str::to_owned),
    }
}

/// How an audit detail names its bulk run: `batch <id>`, then `: ` and the rest (the app's
/// audit page reads it back).
pub const BATCH_PREFIX: &str = "batch ";

type Row =
    (String, String, String, String, String, Option<String>, Option<String>, i64, String, String, Option<String>);

const SELECT: &str = "SELECT id, environment_id, idempotency_key, request, state, correlation_id, message, attempts, created, updated, batch_id FROM actions";

fn read_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<Row> {
    Ok((
        r.get(0)?,
        r.get(1)?,
        r.get(2)?,
        r.get(3)?,
        r.get(4)?,
        r.get(5)?,
        r.get(6)?,
        r.get(7)?,
        r.get(8)?,
        r.get(9)?,
        r.get(10)?,
    ))
}

/// The stored `message` is the failure as JSON (an [`AppError`]) or, from a success or
/// an older row, plain words.
fn to_record<A: DeserializeOwned>(r: Row) -> Result<Record<A>, AppError> {
    let (id, environment_id, key, request, state, correlation_id, message, attempts, created, updated, batch_id) = r;
    let request: A = serde_json::from_str(&request).map_err(AppError::storage)?;
    let error = message.as_deref().and_then(|m| serde_json::from_str::<AppError>(m).ok());
    let message = error.as_ref().map(|e| e.message.clone()).or(message);
    Ok(Record {
        id,
        environment_id,
        request,
        state: ActionState::parse(&state),
        idempotency_key: key,
        correlation_id,
        message,
        error,
        attempts,
        created,
        updated,
        batch_id,
    })
}

pub fn get<A: DeserializeOwned>(db: &AppDb, id: &str) -> Result<Record<A>, AppError> {
    let conn = db.lock()?;
    let row = conn
        .query_row(&format!("{SELECT} WHERE id = ?1"), [id], read_row)
        .optional()
        .map_err(AppError::storage)?
        .ok_or_else(|| AppError::new(ErrorCode::NotFound, format!("No action with id {id}.")))?;
    to_record(row)
}

/// Actions that did not reach a clear end (shown at start to retry or dismiss).
pub fn open<A: DeserializeOwned>(db: &AppDb) -> Result<Vec<Record<A>>, AppError> {
    let conn = db.lock()?;
    let mut stmt = conn
        .prepare(&format!("{SELECT} WHERE state IN ('pending', 'unknown') ORDER BY created"))
        .map_err(AppError::storage)?;
    let rows = stmt
        .query_map([], read_row)
        .map_err(AppError::storage)?
        .collect::<Result<Vec<_>, _>>()
        .map_err(AppError::storage)?;
    rows.into_iter().map(to_record).collect()
}
