//! Runs the queued rows of a bulk run, a few at a time. Each row is its own journaled
//! action: a fresh one is checked against the live record first (still eligible, same
//! amount and currency as confirmed) and sent with a new key; one whose outcome was
//! unclear is resumed with its stored key (checked with a GET, resent only if needed).

use super::eligibility;
use super::jobs::Batches;
use super::model::{BulkKind, BulkRow, RowState};
use crate::error::AppError;
use crate::journal::JournalStore;
use crate::journal::{self, ActionState, Record};
use crate::payments::actions::PaymentAction;
use crate::transactions::actions::TransactionAction;
use escrow_api::Client;
use futures::StreamExt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// How many rows are sent at once: a few, so one slow answer does not hold up the rest
/// and the service is not flooded.
pub const CONCURRENCY: usize = 3;

/// Everything a run needs, without the desk.
#[derive(Clone)]
pub struct Context {
    pub journal: std::sync::Arc<dyn JournalStore>,
    pub client: Client,
    pub environment_id: String,
    pub batches: Batches,
    pub batch_id: String,
    pub kind: BulkKind,
    pub reason: Option<String>,
}

/// Why a row was not sent when the team's rules ask a second person to approve it.
const AWAITING: &str = "Waits for a second person's approval; it is sent when they approve it.";

/// What one row ended as.
struct Ended {
    state: RowState,
    action_id: Option<String>,
    message: Option<String>,
    error: Option<AppError>,
    link: Option<String>,
}

impl Ended {
    fn refused(e: AppError) -> Self {
        Self { state: RowState::Failed, action_id: None, message: Some(e.message.clone()), error: Some(e), link: None }
    }

    fn of<A>(record: &Record<A>, link: Option<String>) -> Self {
        let state = match record.state {
            ActionState::Succeeded => RowState::Done,
            ActionState::Pending | ActionState::Unknown => RowState::Unknown,
            ActionState::Failed | ActionState::Dismissed | ActionState::Rejected | ActionState::Lapsed => {
                RowState::Failed
            }
            // Not sent by the run: the approver's desk sends it (a team's four-eyes rule).
            ActionState::AwaitingApproval => RowState::AwaitingApproval,
        };
        let message = match record.state {
            ActionState::AwaitingApproval => Some(AWAITING.to_owned()),
            _ => record.message.clone(),
        };
        Self { state, action_id: Some(record.id.clone()), message, error: record.error.clone(), link }
    }
}

/// Sends the rows at `picked` (a snapshot of them in `rows`), then marks the run finished.
pub async fn run(ctx: Context, rows: Vec<BulkRow>, picked: Vec<usize>, cancel: Arc<AtomicBool>) {
    futures::stream::iter(picked)
        .for_each_concurrent(CONCURRENCY, |i| {
            let ctx = &ctx;
            let row = &rows[i];
            let cancel = &cancel;
            async move {
                if cancel.load(Ordering::SeqCst) {
                    ctx.batches.update_row(&ctx.batch_id, i, |r| r.state = RowState::Cancelled);
                    return;
                }
                ctx.batches.update_row(&ctx.batch_id, i, |r| r.state = RowState::Running);
                let ended = one(ctx, row).await.unwrap_or_else(Ended::refused);
                ctx.batches.update_row(&ctx.batch_id, i, |r| {
                    r.state = ended.state;
                    r.action_id = ended.action_id.or(r.action_id.take());
                    r.message = ended.message;
                    r.error = ended.error;
                    r.link = ended.link.or(r.link.take());
                });
            }
        })
        .await;
    ctx.batches.finish(&ctx.batch_id);
}

async fn one(ctx: &Context, row: &BulkRow) -> Result<Ended, AppError> {
    if unclear(ctx, row).await? {
        return resume(ctx, row).await;
    }
    still_as_confirmed(ctx, row).await?;
    let batch = Some(ctx.batch_id.as_str());
    let (journal, client, env) = (ctx.journal.as_ref(), &ctx.client, ctx.environment_id.as_str());
    match ctx.kind {
        BulkKind::Payout | BulkKind::Cancel => {
            let action = transaction_action(ctx, row);
            let run = journal::run_in(journal, client, env, journal::check(&action)?, batch).await?;
            Ok(Ended::of(&run.record, None))
        }
        BulkKind::PaymentLink => {
            let action = PaymentAction::CreatePayment {
                transaction_id: row.transaction_id.clone(),
                service_account_id: row.account.clone(),
                amount: None,
            };
            let run = journal::run_in(journal, client, env, journal::check(&action)?, batch).await?;
            Ok(Ended::of(&run.record, run.answer.map(|a| a.url)))
        }
    }
}

/// The row's last action is still open (pending or unknown) in the journal.
async fn unclear(ctx: &Context, row: &BulkRow) -> Result<bool, AppError> {
    let Some(id) = row.action_id.as_deref() else { return Ok(false) };
    let record: Record<serde_json::Value> = journal::get(ctx.journal.as_ref(), id).await?;
    Ok(record.state.is_open())
}

fn transaction_action(ctx: &Context, row: &BulkRow) -> TransactionAction {
    let (transaction_id, service_account_id) = (row.transaction_id.clone(), row.account.clone());
    let amount = Some(row.amount.clone());
    match ctx.kind {
        BulkKind::Cancel => {
            TransactionAction::Cancel { transaction_id, service_account_id, reason: ctx.reason.clone(), amount }
        }
        _ => TransactionAction::Payout { transaction_id, service_account_id, amount },
    }
}

/// The same intent again: checked with the service, resent with its stored key if needed.
async fn resume(ctx: &Context, row: &BulkRow) -> Result<Ended, AppError> {
    let id = row.action_id.as_deref().unwrap_or_default();
    match ctx.kind {
        BulkKind::Payout | BulkKind::Cancel => {
            let record: Record<TransactionAction> = journal::get(ctx.journal.as_ref(), id).await?;
            let run = journal::resume(ctx.journal.as_ref(), &ctx.client, &record).await?;
            Ok(Ended::of(&run.record, None))
        }
        BulkKind::PaymentLink => {
            let record: Record<PaymentAction> = journal::get(ctx.journal.as_ref(), id).await?;
            let run = journal::resume(ctx.journal.as_ref(), &ctx.client, &record).await?;
            Ok(Ended::of(&run.record, run.answer.map(|a| a.url)))
        }
    }
}

/// Refuses to send when the live record no longer matches what the person confirmed.
async fn still_as_confirmed(ctx: &Context, row: &BulkRow) -> Result<(), AppError> {
    let live = ctx.client.transactions().get(&row.transaction_id).await?;
    eligibility::check(ctx.kind, &live)
        .map_err(|why| AppError::validation(format!("Changed since the confirmation: {}", why.message())))?;
    let confirmed = crate::shared::fields::parse_amount("amount", &row.amount)?;
    if live.amount != confirmed || live.currency.as_str() != row.currency {
        return Err(AppError::validation(format!(
            "Changed since the confirmation: the amount is now {} {}.",
            live.amount,
            live.currency.as_str()
        )));
    }
    Ok(())
}
