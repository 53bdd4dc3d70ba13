//! Export (CSV or XLSX, by the chosen file's name) of every transaction matching the list's search and filters, streamed to
//! a file with progress that the UI polls (no event permission needed) and a cancel.
//! The file is written under a temporary name and renamed when complete, so a
//! cancelled or failed export never leaves a partial file behind.

use crate::error::{AppError, ErrorCode};
use crate::transactions::filters::TransactionFilters;
use desk_export::{Format, SheetFile, transactions};
use escrow_api::TransactionListItem;
use escrow_api::{Client, ListTransactions};
use futures::StreamExt;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use ts_rs::TS;

/// What to export: the list's current search and filters.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ExportRequest {
    pub search: Option<String>,
    pub filters: Option<TransactionFilters>,
    /// Only these transactions (a selection of the list); all matches when absent.
    #[serde(default)]
    #[ts(optional)]
    pub ids: Option<Vec<String>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ExportState {
    Running,
    Done,
    Cancelled,
    Failed,
}

/// Progress of one export, as the UI polls it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ExportStatus {
    pub id: String,
    pub environment_id: String,
    pub state: ExportState,
    /// Rows read from the service so far, and how many match the search in total.
    #[ts(type = "number")]
    pub fetched: u64,
    #[ts(type = "number")]
    pub total: u64,
    /// Rows written (after filters).
    #[ts(type = "number")]
    pub written: u64,
    /// The finished file.
    pub path: Option<String>,
    pub error: Option<AppError>,
}

struct Job {
    status: ExportStatus,
    cancel: Arc<AtomicBool>,
}

/// Running and finished exports of this app session.
#[derive(Default, Clone)]
pub struct Exports {
    jobs: Arc<Mutex<HashMap<String, Job>>>,
}

/// The header of a CSV export: the columns' keys, as tools read them.
pub fn header() -> Vec<&'static str> {
    transactions::COLUMNS.iter().map(|c| c.key).collect()
}

/// A file name in `dir` that does not exist yet.
pub fn target(dir: &Path, environment_id: &str) -> PathBuf {
    let stamp = chrono::Local::now().format("%Y-%m-%d-%H%M%S");
    let env: String = environment_id.chars().filter(char::is_ascii_alphanumeric).take(12).collect();
    let mut path = dir.join(format!("escrow-transactions-{env}-{stamp}.csv"));
    let mut n = 1;
    while path.exists() {
        n += 1;
        path = dir.join(format!("escrow-transactions-{env}-{stamp}-{n}.csv"));
    }
    path
}

impl Exports {
    fn update(&self, id: &str, f: impl FnOnce(&mut ExportStatus)) {
        if let Ok(mut jobs) = self.jobs.lock()
            && let Some(job) = jobs.get_mut(id)
        {
            f(&mut job.status);
        }
    }

    pub fn status(&self, id: &str) -> Result<ExportStatus, AppError> {
        let jobs = self.jobs.lock().map_err(|_| AppError::new(ErrorCode::Internal, "export lock poisoned"))?;
        jobs.get(id)
            .map(|j| j.status.clone())
            .ok_or_else(|| AppError::new(ErrorCode::NotFound, format!("No export with id {id}.")))
    }

    pub fn cancel(&self, id: &str) -> Result<ExportStatus, AppError> {
        {
            let jobs = self.jobs.lock().map_err(|_| AppError::new(ErrorCode::Internal, "export lock poisoned"))?;
            let job =
                jobs.get(id).ok_or_else(|| AppError::new(ErrorCode::NotFound, format!("No export with id {id}.")))?;
            job.cancel.store(true, Ordering::Relaxed);
        }
        self.status(id)
    }

    /// Starts an export to `path` in the background and returns its first status;
    /// `finished` is told its last status and how long it took (for a notification).
    pub fn start(
        &self,
        client: Client,
        environment_id: String,
        request: &ExportRequest,
        path: PathBuf,
        finished: impl FnOnce(&ExportStatus, std::time::Duration) + Send + 'static,
    ) -> Result<ExportStatus, AppError> {
        let checked = request.filters.clone().unwrap_or_default().check()?;
        let only: Option<std::collections::HashSet<String>> =
            request.ids.as_ref().map(|ids| ids.iter().cloned().collect());
        let search = request.search.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned);
        if search.as_ref().is_some_and(|s| s.len() > 200) {
            return Err(AppError::validation("The search text is too long (200 characters at most)."));
        }
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(AppError::storage)?;
        }
        let format = Format::of_path(&path, crate::shared::lang::danish());
        let began = std::time::Instant::now();
        let id = uuid::Uuid::new_v4().to_string();
        let cancel = Arc::new(AtomicBool::new(false));
        let status = ExportStatus {
            id: id.clone(),
            environment_id,
            state: ExportState::Running,
            fetched: 0,
            total: 0,
            written: 0,
            path: None,
            error: None,
        };
        self.jobs
            .lock()
            .map_err(|_| AppError::new(ErrorCode::Internal, "export lock poisoned"))?
            .insert(id.clone(), Job { status: status.clone(), cancel: cancel.clone() });
        tracing::info!(export = %id, "export started");
        let me = self.clone();
        let job_id = id.clone();
        tokio::spawn(async move {
            let progress = me.clone();
            let progress_id = job_id.clone();
            let query = ListTransactions { search, ..Default::default() };
            let stream = client.transactions().export(&query, Default::default(), move |p| {
                progress.update(&progress_id, |s| {
                    s.fetched = p.fetched;
                    s.total = p.total;
                })
            });
            let keep = |item: &TransactionListItem| {
                checked.matches(item) && only.as_ref().is_none_or(|ids| ids.contains(&item.transaction_id))
            };
            let final_state =
                write_all(stream, keep, &path, format, &cancel, |written| me.update(&job_id, |s| s.written = written))
                    .await;
            me.update(&job_id, |s| match final_state {
                Ok(()) => {
                    s.state = ExportState::Done;
                    s.path = Some(path.display().to_string());
                }
                Err(None) => s.state = ExportState::Cancelled,
                Err(Some(e)) => {
                    s.state = ExportState::Failed;
                    s.error = Some(e);
                }
            });
            if let Ok(done) = me.status(&job_id) {
                finished(&done, began.elapsed());
            }
        });
        Ok(status)
    }
}

/// Writes every kept row to `path` through the one export writer; `Err(None)` when cancelled
/// (nothing is left behind either way).
async fn write_all<S>(
    stream: S,
    keep: impl Fn(&TransactionListItem) -> bool,
    path: &Path,
    format: Format,
    cancel: &AtomicBool,
    mut on_written: impl FnMut(u64),
) -> Result<(), Option<AppError>>
where
    S: futures::Stream<Item = escrow_api::Result<TransactionListItem>>,
{
    let da = matches!(format, Format::Xlsx { da: true });
    let mut file = SheetFile::create(path, format, &transactions::COLUMNS, transactions::sheet_name(da))
        .map_err(|e| Some(stored(e)))?;
    let mut stream = Box::pin(stream);
    let mut written = 0u64;
    while let Some(item) = stream.next().await {
        if cancel.load(Ordering::Relaxed) {
            file.abandon();
            return Err(None);
        }
        let row = match item {
            Ok(item) if keep(&item) && matches!(format, Format::Xlsx { .. }) => {
                transactions::cells_for_people(&item, da)
            }
            Ok(item) if keep(&item) => transactions::cells(&item),
            Ok(_) => continue,
            Err(e) => {
                file.abandon();
                return Err(Some(e.into()));
            }
        };
        if let Err(e) = file.row(&row) {
            file.abandon();
            return Err(Some(stored(e)));
        }
        written += 1;
        if written.is_multiple_of(100) {
            on_written(written);
        }
    }
    file.finish().map_err(|e| Some(stored(e)))?;
    on_written(written);
    Ok(())
}

/// A write failure as the app reports it.
fn stored(e: desk_export::ExportError) -> AppError {
    match e {
        desk_export::ExportError::Io(io) => AppError::storage(io),
        other => AppError::new(ErrorCode::Storage, other.to_string()),
    }
}
