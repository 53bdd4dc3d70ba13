//! This desk's journal: the `actions` table of its SQLite database, each row committed
//! together with its row of the keyed audit trail; the trail's anchor is written once the
//! commit is done. The free functions are the same store used directly, without a runtime
//! (tests, start-up).

use super::action::Action;
use super::record::{ActionState, Record};
use super::store::{
    Facts, JournalStore, NewIntent, NewOutcome, StoreFuture, StoredRecord, batch_detail, read_message, typed,
};
use desk_audit::{NewEntry, Sealed, Trail};
use desk_core::appdb::AppDb;
use desk_core::error::{AppError, ErrorCode, NotRecorded};
use rusqlite::{OptionalExtension, params};
use serde::de::DeserializeOwned;

/// The journal in this desk's own database.
#[derive(Clone)]
pub struct LocalJournal {
    db: AppDb,
    trail: Trail,
}

impl LocalJournal {
    pub fn new(db: AppDb, trail: Trail) -> Self {
        Self { db, trail }
    }
}

impl JournalStore for LocalJournal {
    fn insert_intent<'a>(&'a self, intent: NewIntent<'a>) -> StoreFuture<'a, StoredRecord> {
        Box::pin(async move { insert_intent(&self.db, &self.trail, &intent) })
    }
    fn record_outcome<'a>(&'a self, outcome: NewOutcome<'a>) -> StoreFuture<'a, StoredRecord> {
        Box::pin(async move { record_outcome(&self.db, &self.trail, &outcome) })
    }
    fn dismiss<'a>(&'a self, facts: Facts<'a>) -> StoreFuture<'a, StoredRecord> {
        Box::pin(async move { commit_dismissal(&self.db, &self.trail, facts) })
    }
    fn get<'a>(&'a self, id: &'a str) -> StoreFuture<'a, StoredRecord> {
        Box::pin(async move { get_stored(&self.db, id) })
    }
    fn open(&self) -> StoreFuture<'_, Vec<StoredRecord>> {
        Box::pin(async move { open_stored(&self.db) })
    }
}

fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

/// Commits the intent of a checked `req` (action row + audit row), with no note: what an app
/// killed right after this leaves behind (crash and storage tests).
pub fn record_intent<A: Action>(
    db: &AppDb,
    trail: &Trail,
    environment_id: &str,
    req: &A,
) -> Result<Record<A>, AppError> {
    super::action::check(req)?;
    let new = super::journal::NewIds::for_action(req)?;
    let intent = new.intent(req, environment_id, None, None);
    typed(insert_intent(db, trail, &intent)?)
}

/// On a full disk nothing is committed and the caller sends nothing.
fn insert_intent(db: &AppDb, trail: &Trail, intent: &NewIntent<'_>) -> Result<StoredRecord, AppError> {
    let sealed = commit_intent(db, trail, intent).map_err(|e| db.explain(e, NotRecorded::Intent))?;
    trail.anchor(db, sealed);
    get_stored(db, intent.id)
}

fn commit_intent(db: &AppDb, trail: &Trail, i: &NewIntent<'_>) -> Result<Sealed, AppError> {
    let at = now();
    let mut conn = db.lock()?;
    let tx = conn.transaction().map_err(AppError::storage)?;
    tx.execute(
        "INSERT INTO actions (id, environment_id, kind, target, amount, idempotency_key, request, state, created, updated, batch_id)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'pending', ?8, ?8, ?9)",
        params![i.id, i.environment_id, i.kind, i.target, i.amount, i.idempotency_key, i.request, at, i.batch_id],
    )
    .map_err(AppError::storage)?;
    let entry = NewEntry {
        environment_id: i.environment_id,
        action_id: i.id,
        kind: i.kind,
        target: i.target,
        amount: i.amount,
        idempotency_key: Some(i.idempotency_key),
        correlation_id: None,
        phase: "intent",
        outcome: "pending",
        detail: i.detail,
    };
    let sealed = trail.append(&tx, &entry)?;
    tx.commit().map_err(AppError::storage)?;
    Ok(sealed)
}

fn record_outcome(db: &AppDb, trail: &Trail, o: &NewOutcome<'_>) -> Result<StoredRecord, AppError> {
    let sealed = commit_outcome(db, trail, o).map_err(|e| db.explain(e, NotRecorded::Outcome))?;
    trail.anchor(db, sealed);
    get_stored(db, o.facts.id)
}

fn commit_outcome(db: &AppDb, trail: &Trail, o: &NewOutcome<'_>) -> Result<Sealed, AppError> {
    let mut conn = db.lock()?;
    let tx = conn.transaction().map_err(AppError::storage)?;
    tx.execute(
        "UPDATE actions SET state = ?2, correlation_id = ?3, message = ?4, attempts = attempts + 1, updated = ?5 WHERE id = ?1",
        params![o.facts.id, o.state.as_str(), o.correlation_id, o.stored_message, now()],
    )
    .map_err(AppError::storage)?;
    let facts = Facts { correlation_id: o.correlation_id, ..o.facts };
    let sealed = trail.append(&tx, &entry(&facts, o.state.as_str(), o.detail).as_new())?;
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
    typed(commit_dismissal(db, trail, super::journal::facts(&record))?)
}

fn commit_dismissal(db: &AppDb, trail: &Trail, facts: Facts<'_>) -> Result<StoredRecord, AppError> {
    let sealed = dismissal(db, trail, &facts).map_err(|e| db.explain(e, NotRecorded::Dismissal))?;
    trail.anchor(db, sealed);
    get_stored(db, facts.id)
}

fn dismissal(db: &AppDb, trail: &Trail, facts: &Facts<'_>) -> Result<Sealed, AppError> {
    let mut conn = db.lock()?;
    let tx = conn.transaction().map_err(AppError::storage)?;
    tx.execute("UPDATE actions SET state = 'dismissed', updated = ?2 WHERE id = ?1", params![facts.id, now()])
        .map_err(AppError::storage)?;
    let sealed = trail.append(&tx, &entry(facts, ActionState::Dismissed.as_str(), None).as_new())?;
    tx.commit().map_err(AppError::storage)?;
    Ok(sealed)
}

/// An outcome's audit row, its detail naming the batch of a bulk run.
struct Entry<'a> {
    facts: &'a Facts<'a>,
    outcome: &'a str,
    detail: Option<String>,
}

fn entry<'a>(facts: &'a Facts<'a>, outcome: &'a str, detail: Option<&str>) -> Entry<'a> {
    Entry { facts, outcome, detail: batch_detail(facts.batch_id, detail) }
}

impl Entry<'_> {
    fn as_new(&self) -> NewEntry<'_> {
        let f = self.facts;
        NewEntry {
            environment_id: f.environment_id,
            action_id: f.id,
            kind: f.kind,
            target: f.target,
            amount: f.amount,
            idempotency_key: Some(f.idempotency_key),
            correlation_id: f.correlation_id,
            phase: "outcome",
            outcome: self.outcome,
            detail: self.detail.as_deref(),
        }
    }
}

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

fn to_stored(r: Row) -> StoredRecord {
    let (id, environment_id, key, request, state, correlation_id, message, attempts, created, updated, batch_id) = r;
    let (message, error) = read_message(message);
    Record {
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
    }
}

fn get_stored(db: &AppDb, id: &str) -> Result<StoredRecord, AppError> {
    let conn = db.lock()?;
    let row = conn
        .query_row(&format!("{SELECT} WHERE id = ?1"), [id], read_row)
        .optional()
        .map_err(AppError::storage)?
        .ok_or_else(|| AppError::new(ErrorCode::NotFound, format!("No action with id {id}.")))?;
    Ok(to_stored(row))
}

fn open_stored(db: &AppDb) -> Result<Vec<StoredRecord>, AppError> {
    let conn = db.lock()?;
    let mut stmt = conn
        .prepare(&format!("{SELECT} WHERE state IN ('pending', 'unknown') ORDER BY created"))
        .map_err(AppError::storage)?;
    let rows = stmt
        .query_map([], read_row)
        .map_err(AppError::storage)?
        .collect::<Result<Vec<_>, _>>()
        .map_err(AppError::storage)?;
    Ok(rows.into_iter().map(to_stored).collect())
}

pub fn get<A: DeserializeOwned>(db: &AppDb, id: &str) -> Result<Record<A>, AppError> {
    typed(get_stored(db, id)?)
}

/// Actions that did not reach a clear end (shown at start to retry or dismiss).
pub fn open<A: DeserializeOwned>(db: &AppDb) -> Result<Vec<Record<A>>, AppError> {
    open_stored(db)?.into_iter().map(typed).collect()
}
