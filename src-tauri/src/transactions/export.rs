//! CSV export of every transaction matching the list's search and filters, streamed to
//! a file with progress that the UI polls (no event permission needed) and a cancel.
//! The file is written under a temporary name and renamed when complete, so a
//! cancelled or failed export never leaves a partial file behind.

use crate::error::{AppError, ErrorCode};
use crate::shared::csv::field;
use crate::transactions::filters::TransactionFilters;
use escrow_api::TransactionListItem;
use escrow_api::{Client, ListTransactions};
use futures::StreamExt;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::io::Write;
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

pub const HEADER: [&str; 15] = [
    "transactionId",
    "referenceId",
    "title",
    "status",
    "type",
    "amount",
    "currency",
    "paidIn",
    "payeeFee",
    "payerFee",
    "payer",
    "payee",
    "created",
    "expectedCompletion",
    "registrationNumber",
];

pub fn row(t: &TransactionListItem) -> String {
    let money = |d: Option<rust_decimal::Decimal>| d.map(|d| d.to_string()).unwrap_or_default();
    let name = |p: &Option<escrow_api::Party>| p.as_ref().and_then(|p| p.name.clone()).unwrap_or_default();
    let time = |d: Option<chrono::DateTime<chrono::Utc>>| d.map(|d| d.to_rfc3339()).unwrap_or_default();
    let fees = t.fees.clone().unwrap_or_default();
    let cells = [
        t.transaction_id.clone(),
        t.reference_id.clone().unwrap_or_default(),
        t.title.clone().unwrap_or_default(),
        t.status.as_str().to_owned(),
        if t.auto_information.is_some() { "Auto" } else { "Marketplace" }.to_owned(),
        t.amount.to_string(),
        t.currency.as_str().to_owned(),
        money(t.payments.as_ref().and_then(|p| p.inbound.as_ref()).and_then(|i| i.amount)),
        money(fees.payee),
        money(fees.payer),
        name(&t.payer),
        name(&t.payee),
        time(t.created),
        time(t.expected_completion),
        t.auto_information.as_ref().and_then(|a| a.registration_number.clone()).unwrap_or_default(),
    ];
    cells.iter().map(|c| field(c)).collect::<Vec<_>>().join(",")
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

/// The file written while the export runs, beside `path` (renamed to it when complete).
fn partial_of(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".part");
    PathBuf::from(name)
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
        let partial = partial_of(&path);
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
            let result =
                write_all(stream, keep, &partial, &cancel, |written| me.update(&job_id, |s| s.written = written)).await;
            let final_state = match result {
                Ok(()) if cancel.load(Ordering::Relaxed) => Err(None),
                Ok(()) => std::fs::rename(&partial, &path).map_err(|e| Some(AppError::storage(e))),
                Err(e) => Err(Some(e)),
            };
            if final_state.is_err() {
                let _ = std::fs::remove_file(&partial);
            }
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

async fn write_all<S>(
    stream: S,
    keep: impl Fn(&TransactionListItem) -> bool,
    partial: &Path,
    cancel: &AtomicBool,
    mut on_written: impl FnMut(u64),
) -> Result<(), AppError>
where
    S: futures::Stream<Item = escrow_api::Result<TransactionListItem>>,
{
    let file = std::fs::File::create(partial).map_err(AppError::storage)?;
    let mut out = std::io::BufWriter::new(file);
    // A byte-order mark so spreadsheet programs read æøå as UTF-8.
    out.write_all("\u{feff}".as_bytes()).map_err(AppError::storage)?;
    writeln!(out, "{}", HEADER.join(",")).map_err(AppError::storage)?;
    let mut stream = Box::pin(stream);
    let mut written = 0u64;
    while let Some(item) = stream.next().await {
        if cancel.load(Ordering::Relaxed) {
            return Ok(());
        }
        let item = item?;
        if keep(&item) {
            writeln!(out, "{}", row(&item)).map_err(AppError::storage)?;
            written += 1;
            if written.is_multiple_of(100) {
                on_written(written);
            }
        }
    }
    out.flush().map_err(AppError::storage)?;
    out.into_inner().map_err(|e| AppError::storage(e.into_error()))?.sync_all().map_err(AppError::storage)?;
    on_written(written);
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn fields_are_quoted_and_formulas_defused() {
        assert_eq!(super::field("plain"), "plain");
        assert_eq!(super::field("a,b"), "\"a,b\"");
        assert_eq!(super::field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(super::field("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
        assert_eq!(super::field("-12.50"), "-12.50", "negative numbers stay numbers");
        assert_eq!(super::field("line\nbreak"), "\"line\nbreak\"");
    }
}
