//! The one road from intent to outcome: [`run`] for a new action, [`resume`] for an open
//! one after a crash, a restart or an unclear answer.

use super::action::{Action, Checked, Sent};
use super::journal::{LiveRead, facts, record_intent, record_outcome};
use super::record::{ActionState, Record};
use super::store::{JournalStore, typed};
use desk_core::error::AppError;
use escrow_api::{Client, IdempotencyKey};
use tracing::Instrument;

/// An action after one attempt, and what the service answered when it did.
pub struct Run<A: Action> {
    pub record: Record<A>,
    pub answer: Option<A::Answer>,
}

/// Commits the intent, sends it once and commits the outcome.
pub async fn run<A: Action>(
    store: &dyn JournalStore,
    client: &Client,
    environment_id: &str,
    action: Checked<'_, A>,
) -> Result<Run<A>, AppError> {
    run_in(store, client, environment_id, action, None).await
}

/// [`run`] for one action of a bulk run (`batch_id` on the record and its audit rows). A
/// single action's intent row also records its consequence ([`Action::intent_note`]); a bulk
/// run's rows name their batch, whose own confirmation showed the figures.
pub async fn run_in<A: Action>(
    store: &dyn JournalStore,
    client: &Client,
    environment_id: &str,
    action: Checked<'_, A>,
    batch_id: Option<&str>,
) -> Result<Run<A>, AppError> {
    run_at(store, client, environment_id, action, batch_id, None).await
}

/// [`run`] for an action whose consequence the person saw read at `seen_at` (the store's
/// [`JournalStore::mark`] the consequence was read after): a colleague's move that ended
/// after it refuses this one, as the person did not see it. A time that is not the store's
/// (or none) is the one taken now.
pub async fn run_seen<A: Action>(
    store: &dyn JournalStore,
    client: &Client,
    environment_id: &str,
    action: Checked<'_, A>,
    seen_at: Option<&str>,
) -> Result<Run<A>, AppError> {
    run_at(store, client, environment_id, action, None, seen_at).await
}

async fn run_at<A: Action>(
    store: &dyn JournalStore,
    client: &Client,
    environment_id: &str,
    action: Checked<'_, A>,
    batch_id: Option<&str>,
    seen_at: Option<&str>,
) -> Result<Run<A>, AppError> {
    let read_at = match seen_at.filter(|t| is_store_time(t)) {
        Some(t) => Some(t.to_owned()),
        None => store.mark().await?,
    };
    let (note, at_stake) = action.action().read_live(client).await;
    // A bulk run's rows name their batch, whose own confirmation showed the figures.
    let read = LiveRead { read_at, note: if batch_id.is_none() { note } else { None }, at_stake };
    let record = record_intent(store, environment_id, action, batch_id, &read).await?;
    if record.state == ActionState::AwaitingApproval {
        // Sent by whoever approves it (see `resume`), not now.
        return Ok(Run { record, answer: None });
    }
    attempt(store, client, &record).await
}

/// Resends an open action with its stored key, after checking whether it already took
/// effect (then it is recorded as succeeded without a resend). `client` must be for the
/// record's own environment.
pub async fn resume<A: Action>(
    store: &dyn JournalStore,
    client: &Client,
    record: &Record<A>,
) -> Result<Run<A>, AppError> {
    if record.state == ActionState::AwaitingApproval {
        return Err(AppError::validation("It waits for a second person's approval."));
    }
    if !record.state.is_open() {
        return Err(AppError::validation("Only a pending or unknown action can be retried."));
    }
    store.claim(&record.id).await?;
    if record.attempts == 0
        && let Some(why) = lapsed(store, client, record).await?
    {
        let record = typed(store.lapse(facts(record), &why).await?)?;
        return Ok(Run { record, answer: None });
    }
    if record.request.reconcile(client).await? == Some(true) {
        let record = record_outcome(store, record, &Ok(None), None).await?;
        return Ok(Run { record, answer: None });
    }
    attempt(store, client, record).await
}

/// Why an approved action may no longer be sent: its approval has expired, or the live
/// record's consequence is not the one the approver saw. Checked before the first send only:
/// after one, a resend with the same key must go ahead whatever the record says now.
async fn lapsed<A: Action>(
    store: &dyn JournalStore,
    client: &Client,
    record: &Record<A>,
) -> Result<Option<String>, AppError> {
    let Some(approval) = store.approval(&record.id).await? else { return Ok(None) };
    if approval.expired {
        return Ok(Some(format!("The approval by {} has expired.", approval.approved_by)));
    }
    let now = record.request.intent_note(client).await;
    if now != approval.consequence {
        return Ok(Some(format!(
            "The deal changed after {} approved it: {}",
            approval.approved_by,
            now.as_deref().unwrap_or("its consequence can no longer be read")
        )));
    }
    Ok(None)
}

async fn attempt<A: Action>(store: &dyn JournalStore, client: &Client, record: &Record<A>) -> Result<Run<A>, AppError> {
    let span = tracing::info_span!(
        "action",
        id = %record.id,
        kind = record.request.kind(),
        idempotency_key = %record.idempotency_key,
        attempt = record.attempts + 1
    );
    attempt_once(store, client, record).instrument(span).await
}

async fn attempt_once<A: Action>(
    store: &dyn JournalStore,
    client: &Client,
    record: &Record<A>,
) -> Result<Run<A>, AppError> {
    let key = IdempotencyKey::new(record.idempotency_key.clone())?;
    let (outcome, answer) = match record.request.send(client, &key).await {
        Ok(Sent { correlation_id, answer }) => (Ok(correlation_id), Some(answer)),
        Err(e) => (Err(e), None),
    };
    let note = answer.as_ref().and_then(|a| record.request.note(a));
    let mut after = record_outcome(store, record, &outcome, note.as_deref()).await?;
    match &outcome {
        Ok(correlation_id) => tracing::info!(correlation_id = correlation_id.as_deref(), "action succeeded"),
        Err(e) => tracing::warn!(
            correlation_id = e.correlation_id.as_deref(),
            code = ?e.code,
            state = after.state.as_str(),
            message = %e.message,
            "action did not succeed"
        ),
    }
    // The live error is the whole truth (field faults included), whatever was stored.
    if let Err(e) = outcome {
        after.error = Some(e);
    }
    Ok(Run { record: after, answer })
}

/// A time as a store's [`JournalStore::mark`] writes it (PostgreSQL's `timestamptz` text).
fn is_store_time(text: &str) -> bool {
    chrono::DateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S%.f%#z").is_ok()
}

/// Sends a recorded intent as an attempt would, without recording the outcome: what an
/// app killed between the reply and the journal update leaves behind (crash tests).
pub async fn send_unrecorded<A: Action>(client: &Client, record: &Record<A>) -> Result<Sent<A::Answer>, AppError> {
    record.request.send(client, &IdempotencyKey::new(record.idempotency_key.clone())?).await
}

#[cfg(test)]
mod tests {
    #[test]
    fn only_a_stores_own_time_is_taken_as_when_the_consequence_was_read() {
        assert!(super::is_store_time("2026-11-27 19:40:00.123456+00"));
        assert!(super::is_store_time("2026-11-27 20:40:00+01"));
        assert!(!super::is_store_time("yesterday"));
        assert!(!super::is_store_time("2026-11-27'; DROP TABLE x; --"));
    }
}
