//! The journal's operations on any store, typed by the action: what each row says is
//! decided here, the same for this desk's store and a team's.

use super::action::{Action, Checked};
use super::checkpoint::{Checkpoint, checkpoint};
use super::record::{ActionState, Record};
use super::store::{Facts, JournalStore, NewIntent, NewOutcome, batch_detail, typed};
use desk_core::error::{AppError, ErrorCode};
use escrow_api::IdempotencyKey;
use serde::de::DeserializeOwned;

/// What the desk read from the live record before it wrote an intent.
#[derive(Debug, Clone, Default)]
pub struct LiveRead {
    /// When the reading began, in the store's time ([`JournalStore::mark`]).
    pub read_at: Option<String>,
    /// The consequence in words, for the intent's audit detail ([`Action::intent_note`]).
    pub note: Option<String>,
    /// What the move is worth ([`Action::read_live`]).
    pub at_stake: Option<(String, String)>,
}

/// Commits the intent of a checked action before anything is sent, with a fresh id and
/// Idempotency-Key. `batch_id` names a bulk run on the record and each of its audit rows.
/// A team's store may record it as awaiting a second person's approval.
pub async fn record_intent<A: Action>(
    store: &dyn JournalStore,
    environment_id: &str,
    req: Checked<'_, A>,
    batch_id: Option<&str>,
    read: &LiveRead,
) -> Result<Record<A>, AppError> {
    let new = NewIds::for_action(req.action())?;
    let detail = batch_detail(batch_id, read.note.as_deref());
    let at_stake = read.at_stake.as_ref().map(|(a, c)| (a.as_str(), c.as_str()));
    let mut intent = new.intent(req.action(), environment_id, batch_id, detail.as_deref());
    intent.at_stake = at_stake;
    intent.read_at = read.read_at.as_deref();
    let stored = store.insert_intent(intent).await?;
    checkpoint(Checkpoint::IntentCommitted);
    typed(stored)
}

/// A new intent's id, Idempotency-Key and stored JSON, made the same for every store.
pub(super) struct NewIds {
    id: String,
    key: String,
    request: String,
}

impl NewIds {
    pub(super) fn for_action<A: Action>(req: &A) -> Result<Self, AppError> {
        Ok(Self {
            id: uuid::Uuid::new_v4().to_string(),
            key: IdempotencyKey::generate().as_str().to_owned(),
            request: serde_json::to_string(req).map_err(AppError::storage)?,
        })
    }

    pub(super) fn intent<'a, A: Action>(
        &'a self,
        req: &'a A,
        environment_id: &'a str,
        batch_id: Option<&'a str>,
        detail: Option<&'a str>,
    ) -> NewIntent<'a> {
        NewIntent {
            id: &self.id,
            environment_id,
            kind: req.kind(),
            target: req.target(),
            amount: req.amount(),
            moves_money: req.moves_money(),
            at_stake: None,
            read_at: None,
            idempotency_key: &self.key,
            request: &self.request,
            batch_id,
            detail,
        }
    }
}

/// Commits the outcome of one attempt, with `note` in the audit row of a success. A reply
/// that is not a clear yes or no (timeout, dropped connection, 409/5xx) is `unknown`.
pub(super) async fn record_outcome<A: Action>(
    store: &dyn JournalStore,
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
    let outcome = NewOutcome {
        facts: facts(record),
        state,
        correlation_id: correlation.as_deref(),
        stored_message: stored.as_deref(),
        detail: message.as_deref().or(note),
    };
    typed(store.record_outcome(outcome).await?)
}

/// Marks an open action as left alone (audited). When the store cannot commit, the action
/// stays open.
pub async fn dismiss<A: Action>(store: &dyn JournalStore, id: &str) -> Result<Record<A>, AppError> {
    let record: Record<A> = get(store, id).await?;
    if !record.state.is_open() {
        return Err(AppError::validation("Only a pending or unknown action can be dismissed."));
    }
    typed(store.dismiss(facts(&record)).await?)
}

pub async fn get<A: DeserializeOwned>(store: &dyn JournalStore, id: &str) -> Result<Record<A>, AppError> {
    typed(store.get(id).await?)
}

/// Actions that did not reach a clear end (shown at start to retry or dismiss).
pub async fn open<A: DeserializeOwned>(store: &dyn JournalStore) -> Result<Vec<Record<A>>, AppError> {
    store.open().await?.into_iter().map(typed).collect()
}

/// What every audit row of `record` names.
pub(super) fn facts<A: Action>(record: &Record<A>) -> Facts<'_> {
    let req = &record.request;
    Facts {
        id: &record.id,
        environment_id: &record.environment_id,
        kind: req.kind(),
        target: req.target(),
        amount: req.amount(),
        idempotency_key: &record.idempotency_key,
        correlation_id: record.correlation_id.as_deref(),
        batch_id: record.batch_id.as_deref(),
    }
}
