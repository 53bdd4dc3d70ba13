//! Filling and refreshing the mirror: a full pass reads every transaction through the
//! client's export stream (4 pages in flight) and drops rows the service no longer has; a
//! refresh reads the newest pages until one brings nothing new. One sync at a time per
//! environment; progress is kept for the UI to poll (no event permission needed).

use super::row::MirrorRow;
use super::store;
use desk_core::error::{AppError, ErrorCode};
use escrow_api::export::ExportOptions;
use escrow_api::{Client, ListTransactions};
use futures::StreamExt;
use rusqlite::Connection;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Rows written to SQLite in one transaction during a full pass.
const BATCH: usize = 250;
/// A refresh reads at most this many of the newest pages.
const REFRESH_PAGES: u32 = 10;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SyncKind {
    Full,
    Refresh,
    /// The second phase of either: the detail checks of open deals (the list is done).
    Details,
}

/// A sync under way, as the UI shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Running {
    pub kind: SyncKind,
    pub fetched: u64,
    pub total: u64,
}

/// The mirror's own connections (the cache never waits on the journal's): one writes
/// what syncs read, one answers the pages (WAL lets it read while a sync writes, so the
/// window is not held up by a sync), and the syncs under way.
#[derive(Clone)]
pub struct Mirror {
    conn: Arc<Mutex<Connection>>,
    reader: Arc<Mutex<Connection>>,
    running: Arc<Mutex<HashMap<String, Running>>>,
}

pub fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

impl Mirror {
    pub fn new(writer: Connection, reader: Connection) -> Self {
        Self { conn: Arc::new(Mutex::new(writer)), reader: Arc::new(Mutex::new(reader)), running: Arc::default() }
    }

    /// The writing connection (short, synchronous uses only; never held across an await).
    pub fn lock(&self) -> Result<std::sync::MutexGuard<'_, Connection>, AppError> {
        self.conn.lock().map_err(|_| AppError::storage("mirror lock poisoned"))
    }

    /// The reading connection, for what the window shows.
    pub fn read(&self) -> Result<std::sync::MutexGuard<'_, Connection>, AppError> {
        self.reader.lock().map_err(|_| AppError::storage("mirror lock poisoned"))
    }

    /// Runs `read` on the reading connection on a blocking thread (see [`Mirror::write`]).
    pub async fn reading<T: Send + 'static>(
        &self,
        read: impl FnOnce(&Connection) -> Result<T, AppError> + Send + 'static,
    ) -> Result<T, AppError> {
        let me = self.clone();
        tokio::task::spawn_blocking(move || read(&*me.read()?))
            .await
            .map_err(|e| AppError::new(ErrorCode::Internal, format!("mirror read: {e}")))?
    }

    /// Hands back both connections' page caches unless in use (the app calls it when idle).
    pub fn release_memory(&self) -> usize {
        desk_core::appdb::shrink(&self.conn) + desk_core::appdb::shrink(&self.reader)
    }

    pub fn running(&self, env: &str) -> Option<Running> {
        self.running.lock().ok().and_then(|r| r.get(env).cloned())
    }

    /// Claims the environment for one sync; `false` when one is already running.
    pub(super) fn claim(&self, env: &str, kind: SyncKind) -> bool {
        let Ok(mut running) = self.running.lock() else { return false };
        if running.contains_key(env) {
            return false;
        }
        running.insert(env.to_owned(), Running { kind, fetched: 0, total: 0 });
        true
    }

    /// Moves a running sync to its detail phase (the list part is done: its time counts).
    pub(super) fn enter_details(&self, env: &str, total: u64) {
        if let Ok(mut running) = self.running.lock()
            && let Some(r) = running.get_mut(env)
        {
            *r = Running { kind: SyncKind::Details, fetched: 0, total };
        }
    }

    pub(super) fn progress(&self, env: &str, fetched: u64, total: u64) {
        if let Ok(mut running) = self.running.lock()
            && let Some(r) = running.get_mut(env)
        {
            r.fetched = fetched;
            r.total = total;
        }
    }

    pub(super) fn release(&self, env: &str) {
        if let Ok(mut running) = self.running.lock() {
            running.remove(env);
        }
    }

    /// Writes `rows` on a blocking thread: a commit must not hold up one of the runtime's
    /// few workers (the embedded sandbox and the window's commands run on them too).
    async fn write(&self, env: &str, pass: i64, rows: Vec<MirrorRow>) -> Result<usize, AppError> {
        let (me, env) = (self.clone(), env.to_owned());
        tokio::task::spawn_blocking(move || store::upsert(&mut *me.lock()?, &env, pass, &rows, &now()))
            .await
            .map_err(|e| AppError::new(ErrorCode::Internal, format!("mirror write: {e}")))?
    }

    pub(super) async fn full(&self, client: &Client, env: &str) -> Result<(), AppError> {
        let pass = store::begin_pass(&*self.lock()?, env)?;
        let me = self.clone();
        let progress_env = env.to_owned();
        let mut stream =
            Box::pin(client.transactions().export(&ListTransactions::default(), ExportOptions::default(), move |p| {
                me.progress(&progress_env, p.fetched, p.total)
            }));
        let mut batch = Vec::with_capacity(BATCH);
        while let Some(item) = stream.next().await {
            batch.push(to_row(&item?)?);
            if batch.len() == BATCH {
                self.write(env, pass, std::mem::replace(&mut batch, Vec::with_capacity(BATCH))).await?;
            }
        }
        self.write(env, pass, batch).await?;
        store::finish_full(&mut *self.lock()?, env, pass, &now())
    }

    pub(super) async fn refresh(&self, client: &Client, env: &str) -> Result<(), AppError> {
        let pass = store::state(&*self.lock()?, env)?.pass;
        let take = escrow_api::transactions::MAX_TAKE;
        for page in 0..REFRESH_PAGES {
            let query = ListTransactions { skip: Some(page * take), take: Some(take), ..Default::default() };
            let got = client.transactions().list(&query).await?;
            let total = u64::try_from(got.count).unwrap_or(0);
            let rows = got.items.iter().map(to_row).collect::<Result<Vec<_>, _>>()?;
            let fetched = rows.len();
            let touched = self.write(env, pass, rows).await?;
            self.progress(env, u64::from(page + 1) * u64::from(take), total);
            if touched == 0 || fetched < take as usize {
                break;
            }
        }
        store::finish_refresh(&*self.lock()?, env, &now())
    }
}

fn to_row(item: &escrow_api::TransactionListItem) -> Result<MirrorRow, AppError> {
    MirrorRow::from_item(item).map_err(|e| AppError::new(ErrorCode::Internal, format!("mirror row: {e}")))
}
