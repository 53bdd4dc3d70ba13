//! Running, retrying and dismissing journaled actions in the active environment.

use super::ActionRecord;
use super::Actions;
use crate::error::AppError;
use crate::journal;

impl Actions {
    /// Runs a staff action once: intent committed, request sent, outcome committed.
    /// `seen_at`: when the consequence its person confirmed was read (its `readAt`), if shown.
    pub async fn start_action<A: journal::Action>(
        &self,
        request: &A,
        seen_at: Option<&str>,
    ) -> Result<journal::Record<A>, AppError> {
        Ok(self.desk.journal_run_seen(request, seen_at).await?.1.record)
    }

    /// Resends an open action with its stored key (in its own environment), after
    /// checking with a GET whether it already took effect.
    pub async fn retry_action(&self, id: &str) -> Result<ActionRecord, AppError> {
        let record: ActionRecord = journal::get(self.desk.journal().as_ref(), id).await?;
        if !record.state.is_open() {
            return Err(AppError::validation("Only a pending or unknown action can be retried."));
        }
        let client = self.desk.build_client(&record.environment_id)?;
        Ok(journal::resume(self.desk.journal().as_ref(), &client, &record).await?.record)
    }

    pub async fn get_action(&self, id: &str) -> Result<ActionRecord, AppError> {
        journal::get(self.desk.journal().as_ref(), id).await
    }

    pub async fn dismiss_action(&self, id: &str) -> Result<ActionRecord, AppError> {
        journal::dismiss(self.desk.journal().as_ref(), id).await
    }

    /// Actions without a clear end, to offer retry or dismiss.
    pub async fn open_actions(&self) -> Result<Vec<ActionRecord>, AppError> {
        journal::open(self.desk.journal().as_ref()).await
    }
}
