//! Running, retrying and dismissing journaled actions in the active environment.

use super::{ActionRecord, ActionRequest};
use crate::desk::Desk;
use crate::error::AppError;
use crate::journal;

impl Desk {
    /// Runs a staff action once: intent committed, request sent, outcome committed.
    pub async fn start_action(&self, request: &ActionRequest) -> Result<ActionRecord, AppError> {
        Ok(self.journal_run(request).await?.1.record)
    }

    /// Validates, then runs `request` through the journal in the active environment.
    pub(crate) async fn journal_run(
        &self,
        request: &ActionRequest,
    ) -> Result<(String, journal::Run<ActionRequest>), AppError> {
        request.validate()?; // field faults before anything else (a missing key, say)
        let (environment_id, client) = self.active_client()?;
        let run = journal::run(&self.db, &client, &environment_id, request).await?;
        Ok((environment_id, run))
    }

    /// Resends an open action with its stored key (in its own environment), after
    /// checking with a GET whether it already took effect.
    pub async fn retry_action(&self, id: &str) -> Result<ActionRecord, AppError> {
        let record: ActionRecord = journal::get(&self.db, id)?;
        if !record.state.is_open() {
            return Err(AppError::validation("Only a pending or unknown action can be retried."));
        }
        let client = self.build_client(&record.environment_id)?;
        Ok(journal::resume(&self.db, &client, &record).await?.record)
    }

    pub fn dismiss_action(&self, id: &str) -> Result<ActionRecord, AppError> {
        journal::dismiss(&self.db, id)
    }

    /// Actions without a clear end, to offer retry or dismiss.
    pub fn open_actions(&self) -> Result<Vec<ActionRecord>, AppError> {
        journal::open(&self.db)
    }
}
