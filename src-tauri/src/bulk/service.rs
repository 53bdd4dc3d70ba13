//! Bulk runs on the desk: prepare from live records, start on the typed totals, poll,
//! cancel the rest, retry what failed; and every id matching the list's filters, for
//! "select all matching".

use super::Bulk;
use super::model::{BatchState, BatchStatus, BulkKind, BulkPrepareRequest, BulkRow, BulkStartRequest};
use super::runner::{self, Context};
use super::{prepare, totals};
use crate::error::AppError;
use crate::transactions::export::ExportRequest;
use escrow_api::ListTransactions;
use futures::StreamExt;
use serde::Serialize;
use ts_rs::TS;

/// Every transaction matching the list's search and filters, in the list's order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct MatchingIds {
    pub environment_id: String,
    pub ids: Vec<String>,
}

/// The longest reason a bulk cancel takes.
const MAX_REASON: usize = 500;

fn reason_of(req: &BulkPrepareRequest) -> Result<Option<String>, AppError> {
    let reason = req.reason.as_deref().map(str::trim).filter(|r| !r.is_empty()).map(str::to_owned);
    match (req.kind, &reason) {
        (BulkKind::Cancel, None) => Err(AppError::validation("A bulk cancel needs one reason for all of them.")),
        (BulkKind::Cancel, Some(r)) if r.chars().count() > MAX_REASON => {
            Err(AppError::validation(format!("The reason is too long ({MAX_REASON} characters at most).")))
        }
        (BulkKind::Cancel, _) => Ok(reason),
        _ => Ok(None),
    }
}

impl Bulk {
    /// Reads each selected transaction live and answers the run to confirm: its rows
    /// (eligible ones queued, the rest skipped with why) and the totals to type.
    pub async fn bulk_prepare(&self, req: &BulkPrepareRequest) -> Result<BatchStatus, AppError> {
        let reason = reason_of(req)?;
        let ids = prepare::distinct_ids(&req.ids)?;
        let (environment_id, client) = self.desk.active_client()?;
        let rows = prepare::rows(&client, req.kind, ids).await;
        let status = BatchStatus {
            batch_id: uuid::Uuid::new_v4().to_string(),
            environment_id,
            kind: req.kind,
            state: BatchState::Prepared,
            reason,
            cancelling: false,
            totals: totals::of(&rows)?,
            moves: totals::moves_of(&rows)?,
            rows,
        };
        self.batches.insert(status.clone())?;
        Ok(status)
    }

    /// Starts a prepared run once the typed totals equal its totals.
    pub fn bulk_start(&self, req: &BulkStartRequest) -> Result<BatchStatus, AppError> {
        let status = self.batches.status(&req.batch_id)?;
        if status.state != BatchState::Prepared {
            return Err(AppError::validation("This bulk run has already been started."));
        }
        totals::confirm(&status.totals, &req.typed_totals)?;
        self.spawn_run(&status, |r| r.state == super::model::RowState::Queued)
    }

    /// Runs again only the rows that failed, had an unclear outcome or were cancelled
    /// (an unclear one with its own key).
    pub fn bulk_retry(&self, batch_id: &str) -> Result<BatchStatus, AppError> {
        let status = self.batches.status(batch_id)?;
        if status.state == BatchState::Prepared {
            return Err(AppError::validation("This bulk run has not been started."));
        }
        self.spawn_run(&status, |r| r.state.retryable())
    }

    pub fn bulk_status(&self, batch_id: &str) -> Result<BatchStatus, AppError> {
        self.batches.status(batch_id)
    }

    /// Stops sending: rows under way finish, the rest end as cancelled.
    pub fn bulk_cancel(&self, batch_id: &str) -> Result<BatchStatus, AppError> {
        self.batches.cancel(batch_id)
    }

    fn spawn_run(&self, status: &BatchStatus, pick: impl Fn(&BulkRow) -> bool) -> Result<BatchStatus, AppError> {
        // The run's own environment, whichever is active now.
        let client = self.desk.build_client(&status.environment_id)?;
        let (started, picked, cancel) = self.batches.begin(&status.batch_id, pick)?;
        let ctx = Context {
            journal: self.desk.journal(),
            client,
            environment_id: status.environment_id.clone(),
            batches: self.batches.clone(),
            batch_id: status.batch_id.clone(),
            kind: status.kind,
            reason: status.reason.clone(),
        };
        let (batches, batch_id, notices) = (self.batches.clone(), status.batch_id.clone(), self.notices.clone());
        let rows = started.rows.clone();
        tokio::spawn(async move {
            runner::run(ctx, rows, picked, cancel).await;
            // Told on the desktop only when the user looked away while it ran.
            if let Ok(done) = batches.status(&batch_id) {
                notices.when_away(Some(super::note::bulk_finished(&done, crate::shared::lang::danish())));
            }
        });
        Ok(started)
    }

    /// The ids of every transaction matching the search and filters (the export stream).
    pub async fn bulk_matching_ids(&self, req: &ExportRequest) -> Result<MatchingIds, AppError> {
        let checked = req.filters.clone().unwrap_or_default().check()?;
        let search = req.search.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned);
        if search.as_ref().is_some_and(|s| s.len() > 200) {
            return Err(AppError::validation("The search text is too long (200 characters at most)."));
        }
        let (environment_id, client) = self.desk.active_client()?;
        let query = ListTransactions { search, ..Default::default() };
        let mut stream = Box::pin(client.transactions().export(&query, Default::default(), |_| {}));
        let mut ids = Vec::new();
        while let Some(item) = stream.next().await {
            let item = item?;
            if checked.matches(&item) {
                ids.push(item.transaction_id);
            }
        }
        Ok(MatchingIds { environment_id, ids })
    }
}
