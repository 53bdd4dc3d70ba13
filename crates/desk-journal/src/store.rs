//! Where the journal keeps its rows: this desk's SQLite ([`crate::LocalJournal`]) or a
//! team's shared store. A store writes each row together with its audit entry, in one
//! transaction; what the rows say is decided above it, the same for every store.

use super::record::{ActionState, Record};
use desk_core::error::AppError;
use serde::de::DeserializeOwned;
use std::future::Future;
use std::pin::Pin;

/// What a store's call returns: boxed, so that a desk can hold its store as a trait object
/// and switch between its own and a team's at run time.
pub type StoreFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, AppError>> + Send + 'a>>;

/// A journal row as a store keeps it: the request as the JSON text it was stored as.
pub type StoredRecord = Record<String>;

/// The journal's rows and their audit entries, kept by one store.
pub trait JournalStore: Send + Sync {
    /// Commits a new intent with its audit entry (phase `intent`, outcome `pending`). A store
    /// shared by several desks refuses a second open intent of a money kind on one target.
    fn insert_intent<'a>(&'a self, intent: NewIntent<'a>) -> StoreFuture<'a, StoredRecord>;
    /// Commits one attempt's outcome with its audit entry (phase `outcome`).
    fn record_outcome<'a>(&'a self, outcome: NewOutcome<'a>) -> StoreFuture<'a, StoredRecord>;
    /// Commits an open action as left alone, with its audit entry (outcome `dismissed`).
    fn dismiss<'a>(&'a self, facts: Facts<'a>) -> StoreFuture<'a, StoredRecord>;
    fn get<'a>(&'a self, id: &'a str) -> StoreFuture<'a, StoredRecord>;
    /// Actions that did not reach a clear end, oldest first.
    fn open(&self) -> StoreFuture<'_, Vec<StoredRecord>>;
    /// A point in the store's own time, taken before the desk reads the live record for a
    /// new intent ([`NewIntent::read_at`]). A desk's own store has no colleagues to be late
    /// for.
    fn mark(&self) -> StoreFuture<'_, Option<String>> {
        Box::pin(async { Ok(None) })
    }
    /// Takes the open action `id` for this desk before it is resent: refused while another
    /// desk holds it (it may still be sending it). A desk's own store has no one else.
    fn claim<'a>(&'a self, id: &'a str) -> StoreFuture<'a, ()> {
        let _ = id;
        Box::pin(async { Ok(()) })
    }
    /// The approval an action was sent on, when a team's rule asked for one (a desk's own
    /// store has none).
    fn approval<'a>(&'a self, id: &'a str) -> StoreFuture<'a, Option<Approval>> {
        let _ = id;
        Box::pin(async { Ok(None) })
    }
    /// Commits an approved action as lapsed (its approval no longer holds), with its audit
    /// entry; nothing was sent.
    fn lapse<'a>(&'a self, facts: Facts<'a>, why: &'a str) -> StoreFuture<'a, StoredRecord> {
        let _ = (facts, why);
        Box::pin(async { Err(AppError::validation("This store has no approvals.")) })
    }
}

/// A second person's approval of an action, as a store that has them keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Approval {
    /// The login role that approved (never the one that asked).
    pub approved_by: String,
    /// The consequence as the approver saw it ([`crate::Action::intent_note`] then).
    pub consequence: Option<String>,
    /// Past its end: it no longer allows a send.
    pub expired: bool,
}

/// An intent as it is first written: the id and Idempotency-Key are made above the store,
/// so that every store writes the same.
pub struct NewIntent<'a> {
    pub id: &'a str,
    pub environment_id: &'a str,
    pub kind: &'a str,
    pub target: &'a str,
    pub amount: Option<&'a str>,
    pub moves_money: bool,
    /// When the desk began to read the live record ([`JournalStore::mark`]): a team's store
    /// refuses the move when the same move on the same target ended well after that (the desk
    /// decided on a record that has changed since).
    pub read_at: Option<&'a str>,
    /// What the move is worth (amount, currency) as the desk read it from the live record,
    /// for a team's approval rules; `None` when it cannot tell (every rule then applies).
    pub at_stake: Option<(&'a str, &'a str)>,
    pub idempotency_key: &'a str,
    /// The action's JSON (with its `kind` tag).
    pub request: &'a str,
    pub batch_id: Option<&'a str>,
    /// The intent's audit detail (a bulk run's batch, a money move's consequence).
    pub detail: Option<&'a str>,
}

/// What every audit entry of one action names.
#[derive(Clone, Copy)]
pub struct Facts<'a> {
    pub id: &'a str,
    pub environment_id: &'a str,
    pub kind: &'a str,
    pub target: &'a str,
    pub amount: Option<&'a str>,
    pub idempotency_key: &'a str,
    pub correlation_id: Option<&'a str>,
    pub batch_id: Option<&'a str>,
}

/// One attempt's outcome as it is written.
pub struct NewOutcome<'a> {
    pub facts: Facts<'a>,
    pub state: ActionState,
    pub correlation_id: Option<&'a str>,
    /// The failure as JSON (an [`AppError`]) or words, for the record's `message`.
    pub stored_message: Option<&'a str>,
    /// The audit entry's detail (the failure's words, or a success's note).
    pub detail: Option<&'a str>,
}

/// The stored `message` as the record shows it: the failure as JSON (an [`AppError`]) gives
/// its words and the error; a success's note or an older row's words stay as they are.
pub fn read_message(stored: Option<String>) -> (Option<String>, Option<AppError>) {
    let error = stored.as_deref().and_then(|m| serde_json::from_str::<AppError>(m).ok());
    let message = error.as_ref().map(|e| e.message.clone()).or(stored);
    (message, error)
}

/// A stored row with its request read as `A`.
pub fn typed<A: DeserializeOwned>(stored: StoredRecord) -> Result<Record<A>, AppError> {
    let request: A = serde_json::from_str(&stored.request).map_err(AppError::storage)?;
    Ok(stored.map(|_| request))
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
