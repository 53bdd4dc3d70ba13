//! The action journal in the team store: the same rows as a desk's own journal, shared by
//! every desk of the team, each row committed with its audit row in one transaction.

use crate::connect::Connection;
use crate::errors::{ONE_OPEN_MONEY_MOVE, from_postgres, gone, is_taken};
use desk_core::error::{AppError, ErrorCode};
use desk_journal::{
    ActionState, Approval, Facts, JournalStore, NewIntent, NewOutcome, Record, StoreFuture, StoredRecord, read_message,
};
use tokio_postgres::{GenericClient, Row};

/// The team's journal, reached through one desk's connection.
#[derive(Clone)]
pub struct TeamJournal {
    conn: Connection,
}

impl TeamJournal {
    pub fn new(conn: Connection) -> Self {
        Self { conn }
    }
}

const SELECT: &str = "SELECT id::text, environment_id, idempotency_key, request, state, correlation_id, message, \
     attempts::bigint, to_char(created AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"'), \
     to_char(updated AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"'), batch_id FROM escrow.intents";

const AUDIT: &str = "INSERT INTO escrow.audit (environment_id, action_id, kind, target, amount, idempotency_key, \
     correlation_id, phase, outcome, detail) VALUES ($1, $2::text::uuid, $3, $4, $5, $6, $7, $8, $9, $10)";

impl JournalStore for TeamJournal {
    fn insert_intent<'a>(&'a self, i: NewIntent<'a>) -> StoreFuture<'a, StoredRecord> {
        Box::pin(async move {
            let mut guard = self.conn.client().await?;
            let client = guard.as_mut().ok_or_else(gone)?;
            let tx = client.transaction().await.map_err(from_postgres)?;
            let inserted = tx
                .query_one(
                    "INSERT INTO escrow.intents (id, environment_id, kind, target, amount, moves_money, \
                     idempotency_key, request, batch_id, at_stake, currency) \
                     VALUES ($1::text::uuid, $2, $3, $4, $5, $6, $7, $8, $9, $10::text::numeric, $11) \
                     RETURNING state",
                    &[
                        &i.id,
                        &i.environment_id,
                        &i.kind,
                        &i.target,
                        &i.amount,
                        &i.moves_money,
                        &i.idempotency_key,
                        &i.request,
                        &i.batch_id,
                        &i.at_stake.map(|s| s.0),
                        &i.at_stake.map(|s| s.1),
                    ],
                )
                .await;
            // The store decides whether it waits for approval (the team's rules).
            let state: String = match inserted {
                Ok(row) => row.get(0),
                Err(e) => {
                    drop(tx);
                    return Err(if is_taken(&e) { taken_by(client, &i).await } else { from_postgres(e) });
                }
            };
            let phase: (&str, &str) = ("intent", state.as_str());
            tx.execute(
                AUDIT,
                &[
                    &i.environment_id,
                    &i.id,
                    &i.kind,
                    &i.target,
                    &i.amount,
                    &Some(i.idempotency_key),
                    &None::<&str>,
                    &phase.0,
                    &phase.1,
                    &i.detail,
                ],
            )
            .await
            .map_err(from_postgres)?;
            tx.commit().await.map_err(from_postgres)?;
            get(client, i.id).await
        })
    }

    fn record_outcome<'a>(&'a self, o: NewOutcome<'a>) -> StoreFuture<'a, StoredRecord> {
        Box::pin(async move {
            let mut guard = self.conn.client().await?;
            let client = guard.as_mut().ok_or_else(gone)?;
            let tx = client.transaction().await.map_err(from_postgres)?;
            tx.execute(
                "UPDATE escrow.intents SET state = $2, correlation_id = $3, message = $4, attempts = attempts + 1 \
                 WHERE id = $1::text::uuid",
                &[&o.facts.id, &o.state.as_str(), &o.correlation_id, &o.stored_message],
            )
            .await
            .map_err(from_postgres)?;
            let facts = Facts { correlation_id: o.correlation_id, ..o.facts };
            audit(&tx, &facts, o.state.as_str(), o.detail).await?;
            tx.commit().await.map_err(from_postgres)?;
            get(client, o.facts.id).await
        })
    }

    fn dismiss<'a>(&'a self, facts: Facts<'a>) -> StoreFuture<'a, StoredRecord> {
        Box::pin(async move {
            let mut guard = self.conn.client().await?;
            let client = guard.as_mut().ok_or_else(gone)?;
            let tx = client.transaction().await.map_err(from_postgres)?;
            // A colleague may have ended it since it was read.
            let changed = tx
                .execute(
                    "UPDATE escrow.intents SET state = 'dismissed' WHERE id = $1::text::uuid \
                     AND state IN ('pending', 'unknown')",
                    &[&facts.id],
                )
                .await
                .map_err(from_postgres)?;
            if changed == 0 {
                return Err(AppError::validation("Only a pending or unknown action can be dismissed."));
            }
            audit(&tx, &facts, ActionState::Dismissed.as_str(), None).await?;
            tx.commit().await.map_err(from_postgres)?;
            get(client, facts.id).await
        })
    }

    fn get<'a>(&'a self, id: &'a str) -> StoreFuture<'a, StoredRecord> {
        Box::pin(async move {
            let guard = self.conn.client().await?;
            get(guard.as_ref().ok_or_else(gone)?, id).await
        })
    }

    fn approval<'a>(&'a self, id: &'a str) -> StoreFuture<'a, Option<Approval>> {
        Box::pin(async move {
            let guard = self.conn.client().await?;
            let row = guard
                .as_ref()
                .ok_or_else(gone)?
                .query_opt(
                    "SELECT decided_by::text, consequence, expires_at <= now() FROM escrow.approvals \
                     WHERE intent_id = $1::text::uuid AND decision = 'approved'",
                    &[&id],
                )
                .await
                .map_err(from_postgres)?;
            Ok(row.map(|r| Approval { approved_by: r.get(0), consequence: r.get(1), expired: r.get(2) }))
        })
    }

    fn lapse<'a>(&'a self, facts: Facts<'a>, why: &'a str) -> StoreFuture<'a, StoredRecord> {
        Box::pin(async move {
            let mut guard = self.conn.client().await?;
            let client = guard.as_mut().ok_or_else(gone)?;
            let tx = client.transaction().await.map_err(from_postgres)?;
            let changed = tx
                .execute(
                    "UPDATE escrow.intents SET state = 'lapsed', message = $2 WHERE id = $1::text::uuid \
                     AND state = 'pending' AND attempts = 0",
                    &[&facts.id, &why],
                )
                .await
                .map_err(from_postgres)?;
            if changed == 0 {
                return Err(AppError::validation("Only an approved action not yet sent can lapse."));
            }
            audit(&tx, &facts, ActionState::Lapsed.as_str(), Some(why)).await?;
            tx.commit().await.map_err(from_postgres)?;
            get(client, facts.id).await
        })
    }

    fn open(&self) -> StoreFuture<'_, Vec<StoredRecord>> {
        Box::pin(async move {
            let guard = self.conn.client().await?;
            let client = guard.as_ref().ok_or_else(gone)?;
            let rows = client
                .query(&format!("{SELECT} WHERE state IN ('pending', 'unknown') ORDER BY created"), &[])
                .await
                .map_err(from_postgres)?;
            Ok(rows.iter().map(to_stored).collect())
        })
    }
}

/// An outcome's or dismissal's audit row, its detail naming the batch of a bulk run.
async fn audit(
    tx: &impl GenericClient,
    facts: &Facts<'_>,
    outcome: &str,
    detail: Option<&str>,
) -> Result<(), AppError> {
    let detail = desk_journal::batch_detail(facts.batch_id, detail);
    tx.execute(
        AUDIT,
        &[
            &facts.environment_id,
            &facts.id,
            &facts.kind,
            &facts.target,
            &facts.amount,
            &Some(facts.idempotency_key),
            &facts.correlation_id,
            &"outcome",
            &outcome,
            &detail,
        ],
    )
    .await
    .map_err(from_postgres)?;
    Ok(())
}

async fn get(client: &impl GenericClient, id: &str) -> Result<StoredRecord, AppError> {
    let row = client
        .query_opt(&format!("{SELECT} WHERE id = $1::text::uuid"), &[&id])
        .await
        .map_err(from_postgres)?
        .ok_or_else(|| AppError::new(ErrorCode::NotFound, format!("No action with id {id}.")))?;
    Ok(to_stored(&row))
}

fn to_stored(r: &Row) -> StoredRecord {
    let (message, error) = read_message(r.get(6));
    Record {
        id: r.get(0),
        environment_id: r.get(1),
        idempotency_key: r.get(2),
        request: r.get(3),
        state: ActionState::parse(r.get(4)),
        correlation_id: r.get(5),
        message,
        error,
        attempts: r.get(7),
        created: r.get(8),
        updated: r.get(9),
        batch_id: r.get(10),
    }
}

/// The refusal of a second open money move: who has the first, and since when.
async fn taken_by(client: &impl GenericClient, i: &NewIntent<'_>) -> AppError {
    let holder = client
        .query_opt(
            "SELECT requested_by::text, to_char(created AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') \
             FROM escrow.intents WHERE environment_id = $1 AND target = $2 AND kind = $3 AND moves_money \
             AND state IN ('pending', 'unknown')",
            &[&i.environment_id, &i.target, &i.kind],
        )
        .await;
    let mut e = AppError::new(ErrorCode::InProgress, "A colleague is doing the same money move right now.");
    if let Ok(Some(row)) = holder {
        let (who, since): (String, String) = (row.get(0), row.get(1));
        let local = chrono::DateTime::parse_from_rfc3339(&since)
            .map(|t| t.with_timezone(&chrono::Local).format("%H:%M").to_string())
            .unwrap_or_else(|_| since.clone());
        e.message = format!("Being done by {who} since {local}.");
        e.detail = Some(format!("{who} {since} ({ONE_OPEN_MONEY_MOVE})"));
    }
    e
}
