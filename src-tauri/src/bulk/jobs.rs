//! The runs of this app session, in memory (like the exports): their rows, progress and
//! cancel flags. What each row did is in the journal and the audit log, which outlive it.

use super::model::{BatchState, BatchStatus, BulkRow};
use crate::error::{AppError, ErrorCode};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

struct Job {
    status: BatchStatus,
    cancel: Arc<AtomicBool>,
}

/// Every run of this session, by batch id (cheap to clone).
#[derive(Default, Clone)]
pub struct Batches {
    jobs: Arc<Mutex<HashMap<String, Job>>>,
}

fn poisoned() -> AppError {
    AppError::new(ErrorCode::Internal, "bulk state lock poisoned")
}

fn not_found(id: &str) -> AppError {
    AppError::new(ErrorCode::NotFound, format!("No bulk run with id {id}."))
}

impl Batches {
    pub fn insert(&self, status: BatchStatus) -> Result<(), AppError> {
        let job = Job { status: status.clone(), cancel: Arc::new(AtomicBool::new(false)) };
        self.jobs.lock().map_err(|_| poisoned())?.insert(status.batch_id, job);
        Ok(())
    }

    pub fn status(&self, id: &str) -> Result<BatchStatus, AppError> {
        let jobs = self.jobs.lock().map_err(|_| poisoned())?;
        jobs.get(id).map(|j| j.status.clone()).ok_or_else(|| not_found(id))
    }

    /// Starts (or restarts) a run on the rows `pick` chooses, which become queued; refused
    /// while the run is still going. Answers the rows to send, by index, and the cancel flag.
    pub fn begin(
        &self,
        id: &str,
        pick: impl Fn(&BulkRow) -> bool,
    ) -> Result<(BatchStatus, Vec<usize>, Arc<AtomicBool>), AppError> {
        let mut jobs = self.jobs.lock().map_err(|_| poisoned())?;
        let job = jobs.get_mut(id).ok_or_else(|| not_found(id))?;
        if job.status.state == BatchState::Running {
            return Err(AppError::validation("This bulk run is still going."));
        }
        let picked: Vec<usize> = (0..job.status.rows.len()).filter(|&i| pick(&job.status.rows[i])).collect();
        if picked.is_empty() {
            return Err(AppError::validation("Nothing in this bulk run is left to do."));
        }
        for &i in &picked {
            job.status.rows[i].state = super::model::RowState::Queued;
        }
        job.status.state = BatchState::Running;
        job.status.cancelling = false;
        job.cancel.store(false, Ordering::SeqCst);
        Ok((job.status.clone(), picked, job.cancel.clone()))
    }

    /// Asks a run to stop: rows not yet sent end as cancelled; rows under way finish.
    pub fn cancel(&self, id: &str) -> Result<BatchStatus, AppError> {
        let mut jobs = self.jobs.lock().map_err(|_| poisoned())?;
        let job = jobs.get_mut(id).ok_or_else(|| not_found(id))?;
        if job.status.state == BatchState::Running {
            job.cancel.store(true, Ordering::SeqCst);
            job.status.cancelling = true;
        }
        Ok(job.status.clone())
    }

    pub fn update_row(&self, id: &str, index: usize, f: impl FnOnce(&mut BulkRow)) {
        if let Ok(mut jobs) = self.jobs.lock()
            && let Some(row) = jobs.get_mut(id).and_then(|j| j.status.rows.get_mut(index))
        {
            f(row);
        }
    }

    pub fn finish(&self, id: &str) {
        if let Ok(mut jobs) = self.jobs.lock()
            && let Some(job) = jobs.get_mut(id)
        {
            job.status.state = BatchState::Finished;
            job.status.cancelling = false;
        }
    }
}
