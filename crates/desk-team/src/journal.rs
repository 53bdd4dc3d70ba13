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

/// Holds an action for the desk that sends it, for 5 minutes: longer than one send with
/// every retry the client makes, so that no other desk resends it while it may be under way.
const LEASE: &str = "UPDATE escrow.intents SET lease_until = now() + interval '5 minutes' WHERE id = $1::text::uuid";

const AUDIT: &str = "INSERT INTO escrow.audit (environment_id, action_id, kind, target, amount, idempotency_key, \
     correlation_id, phase, outcome, detail) VALUES ($1, $2::text::uuid, $3, $4, $5, $6, $7, $8, $9, $10)";

impl JournalStore for TeamJournal {
    fn insert_intent<'a>(&'a self, i: NewIntent<'a>) -> StoreFuture<'a, StoredRecord> {
        Box::pin(async move {
            let mut guard = self.conn.client().await?;
            let client = guard.as_mut().ok_or_else(gone)?;
            let tx = client.transaction().await.map_err(from_postgres)?;
            if i.moves_money {
                // One desk at a time per move: the check below then reads, at its start, every
                // intent committed before it (an index alone misses a move that ended between
                // this statement's start and its insert).
                let key = format!("{}|{}|{}", i.environment_id, i.target, i.kind);
                tx.query_one("SELECT pg_advisory_xact_lock(hashtextextended($1, 7301))::text", &[&key])
                    .await
                    .map_err(from_postgres)?;
            }
            let inserted = tx
                .query_opt(
                    "INSERT INTO escrow.intents (id, environment_id, kind, target, amount, moves_money, \
                     idempotency_key, request, batch_id, at_stake, currency) \
                     SELECT $1::text::uuid, $2, $3, $4, $5, $6, $7, $8, $9, $10::text::numeric, $11 \
                     WHERE NOT ($6 AND EXISTS (SELECT 1 FROM escrow.intents o \
                         WHERE o.environment_id = $2 AND o.target = $4 AND o.kind = $3 AND o.moves_money \
                         AND (o.state IN ('awaiting_approval', 'pending', 'unknown') \
                              OR (o.state = 'succeeded' AND o.updated >= $12::text::timestamptz)))) \
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
                        &i.read_at,
                    ],
                )
                .await;
            // The store decides whether it waits for approval (the team's rules).
            // No row: the same move is open, or ended after this desk read the live record.
            let state: String = match inserted {
                Ok(Some(row)) => row.get(0),
                Ok(None) => {
                    drop(tx);
                    return Err(taken_by(client, &i).await);
                }
                Err(e) => {
                    drop(tx);
                    return Err(if is_taken(&e) { taken_by(client, &i).await } else { from_postgres(e) });
                }
            };
            // The desk that will send it now holds it; one awaiting approval is held by no
            // one until its approver's desk sends it.
            if state == ActionState::Pending.as_str() {
                tx.execute(LEASE, &[&i.id]).await.map_err(from_postgres)?;
            }
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

    fn mark(&self) -> StoreFuture<'_, Option<String>> {
        Box::pin(async move {
            let guard = self.conn.client().await?;
            let row = guard
                .as_ref()
                .ok_or_else(gone)?
                .query_one("SELECT clock_timestamp()::text", &[])
                .await
                .map_err(from_postgres)?;
            Ok(Some(row.get(0)))
        })
    }

    fn claim<'a>(&'a self, id: &'a str) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            let guard = self.conn.client().await?;
            let client = guard.as_ref().ok_or_else(gone)?;
            let held = client
                .execute(
                    &format!(
                        "{LEASE} AND state IN ('pending', 'unknown') \
                         AND (lease_until IS NULL OR lease_until < now() OR leased_by = session_user)"
                    ),
                    &[&id],
                )
                .await
                .map_err(from_postgres)?;
            if held == 1 {
                return Ok(());
            }
            let row = client
                .query_opt(
                    "SELECT leased_by::text, to_char(lease_until AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') \
                     FROM escrow.intents WHERE id = $1::text::uuid AND state IN ('pending', 'unknown')",
                    &[&id],
                )
                .await
                .map_err(from_postgres)?;
            Err(match row {
                Some(r) => {
                    let (who, until): (Option<String>, Option<String>) = (r.get(0), r.get(1));
                    let who = who.unwrap_or_else(|| "another desk".into());
                    let until = until.as_deref().map(local_time).unwrap_or_default();
                    AppError::new(
                        ErrorCode::InProgress,
                        format!(
                            "Being sent by {who}'s desk; if that desk stopped, it can be checked and resent after {until}."
                        ),
                    )
                }
                None => AppError::validation("Only a pending or unknown action can be retried."),
            })
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

/// The refusal of a second open money move: who has the first, and since when. The first
/// may have ended in the moment between the refusal and this read: then who did it, and when.
async fn taken_by(client: &impl GenericClient, i: &NewIntent<'_>) -> AppError {
    let holder = client
        .query_opt(
            "SELECT requested_by::text, to_char(created AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'), \
             state IN ('awaiting_approval', 'pending', 'unknown') \
             FROM escrow.intents WHERE environment_id = $1 AND target = $2 AND kind = $3 AND moves_money \
             ORDER BY created DESC LIMIT 1",
            &[&i.environment_id, &i.target, &i.kind],
        )
        .await;
    let mut e = AppError::new(ErrorCode::InProgress, "A colleague is doing the same money move right now.");
    if let Ok(Some(row)) = holder {
        let (who, since, open): (String, String, bool) = (row.get(0), row.get(1), row.get(2));
        e.message = if open {
            format!("Being done by {who} since {}.", local_time(&since))
        } else {
            format!("Just done by {who} (asked at {}): check the deal before doing it again.", local_time(&since))
        };
        e.detail = Some(format!("{who} {since} ({ONE_OPEN_MONEY_MOVE})"));
    }
    e
}

/// An RFC 3339 time from the database as the staff member's clock shows it (HH:MM).
fn local_time(utc: &str) -> String {
    chrono::DateTime::parse_from_rfc3339(utc)
        .map(|t| t.with_timezone(&chrono::Local).format("%H:%M").to_string())
        .unwrap_or_else(|_| utc.to_owned())
}
