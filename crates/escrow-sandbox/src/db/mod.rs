//! SQLite: one connection behind a mutex, used from blocking threads.
//!
//! One writer at a time makes every handler's read-check-write atomic, which is what
//! the idempotency and state-machine rules need; WAL keeps readers of the file happy.
//! The tables are created here (`SCHEMA`); what a feature keeps in step beyond them it
//! hands to [`Db::open`] as a [`Prepare`].

pub mod count_cache;

use crate::error::ApiError;
use count_cache::CountCache;
use rusqlite::Connection;
use std::path::Path;
use std::sync::{Arc, Mutex};

#[derive(Clone)]
pub struct Db {
    conn: Arc<Mutex<Connection>>,
    /// Read-only connections for [`Db::read`].
    readers: Arc<Vec<Mutex<Connection>>>,
    /// Whether a reader may borrow an idle second reader for a second thread: only when
    /// SQLite's allocator takes no process-wide mutex (see `sqlite_setup`).
    lend_spares: bool,
    next_reader: Arc<std::sync::atomic::AtomicUsize>,
    /// Search counts shared by the read connections (see [`CountCache`]).
    search_counts: Arc<CountCache>,
    /// Fault injection: interrupt the next write after this many SQLite VM steps
    /// (0: off). Proves a failure at any step commits nothing (see `faults`).
    interrupt_next_write: Arc<std::sync::atomic::AtomicI32>,
}

/// A feature's part of the schema that `CREATE ... IF NOT EXISTS` cannot keep in step (an
/// index kept by triggers, an older data folder brought up to date). [`Db::open`] runs
/// each after the tables and before any read connection opens.
#[derive(Debug, Clone, Copy)]
pub struct Prepare {
    /// What it prepares, naming it when it fails (`search index: ...`).
    pub name: &'static str,
    pub run: fn(&Connection) -> Result<(), ApiError>,
}

/// Read-only connections kept for GET handlers: enough for both cores plus requests
/// waiting on I/O, few enough to keep memory (page cache per connection) small.
const READERS: usize = 4;

const SCHEMA: &str = r#"
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS hosted_sessions (
    token TEXT PRIMARY KEY,
    tenant TEXT NOT NULL,
    kind TEXT NOT NULL,
    subject TEXT NOT NULL,
    created TEXT NOT NULL,
    completed TEXT,
    doc TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS hosted_sessions_by_subject ON hosted_sessions (tenant, kind, subject);
CREATE TABLE IF NOT EXISTS documents (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    document_id TEXT NOT NULL UNIQUE,
    tenant TEXT NOT NULL,
    created TEXT NOT NULL,
    doc TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS documents_by_tenant ON documents (tenant, seq);
CREATE TABLE IF NOT EXISTS users (
    service_account_id TEXT PRIMARY KEY,
    tenant TEXT NOT NULL,
    reference_id TEXT,
    created TEXT NOT NULL,
    doc TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS users_by_tenant ON users (tenant, created);
CREATE UNIQUE INDEX IF NOT EXISTS users_by_reference ON users (tenant, reference_id);
CREATE TABLE IF NOT EXISTS transactions (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    transaction_id TEXT NOT NULL UNIQUE,
    tenant TEXT NOT NULL,
    created TEXT NOT NULL,
    reference_id TEXT,
    uniqueness_key TEXT,
    search TEXT NOT NULL,
    doc TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS transactions_by_tenant ON transactions (tenant, created DESC, seq DESC);
CREATE UNIQUE INDEX IF NOT EXISTS transactions_by_uniqueness ON transactions (tenant, uniqueness_key)
    WHERE uniqueness_key IS NOT NULL;
CREATE TABLE IF NOT EXISTS idempotency (
    tenant TEXT NOT NULL,
    key TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    status INTEGER NOT NULL,
    body TEXT,
    content_type TEXT,
    created TEXT NOT NULL,
    PRIMARY KEY (tenant, key)
);
CREATE TABLE IF NOT EXISTS webhook_events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    tenant TEXT NOT NULL,
    webhook_id TEXT NOT NULL UNIQUE,
    event_name TEXT NOT NULL,
    payload TEXT NOT NULL,
    created TEXT NOT NULL,
    state TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_ms INTEGER NOT NULL DEFAULT 0,
    outcomes TEXT NOT NULL DEFAULT '[]'
);
CREATE INDEX IF NOT EXISTS webhook_events_due ON webhook_events (state, next_attempt_ms);
CREATE TABLE IF NOT EXISTS webhook_received (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    tenant TEXT NOT NULL,
    received TEXT NOT NULL,
    body TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS webhook_received_by_tenant ON webhook_received (tenant, seq);
CREATE TABLE IF NOT EXISTS payments (
    payment_id TEXT PRIMARY KEY,
    tenant TEXT NOT NULL,
    transaction_id TEXT NOT NULL,
    token TEXT NOT NULL UNIQUE,
    return_url TEXT,
    skip_ui INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS trade_docs (
    tenant TEXT NOT NULL,
    kind TEXT NOT NULL,
    id TEXT NOT NULL,
    created TEXT NOT NULL,
    doc TEXT NOT NULL,
    PRIMARY KEY (tenant, kind, id)
);
CREATE INDEX IF NOT EXISTS trade_docs_by_id ON trade_docs (kind, id);
CREATE TABLE IF NOT EXISTS ledger (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    tenant TEXT NOT NULL,
    kind TEXT NOT NULL,
    target TEXT NOT NULL,
    amount TEXT,
    idempotency_key TEXT,
    at TEXT NOT NULL
);
"#;

impl Db {
    /// Opens (or creates) the database of the data folder `dir`: the tables, then each of
    /// `prepare` in turn.
    pub fn open(dir: &Path, prepare: &[Prepare]) -> Result<Self, String> {
        crate::sqlite_setup::memstatus_off();
        std::fs::create_dir_all(dir).map_err(|e| format!("data dir {}: {e}", dir.display()))?;
        let path = dir.join("sandbox.sqlite");
        let conn = Connection::open(&path).map_err(|e| format!("open {}: {e}", path.display()))?;
        conn.execute_batch("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;")
            .and_then(|()| conn.execute_batch(SCHEMA))
            .map_err(|e| format!("schema: {e}"))?;
        for part in prepare {
            (part.run)(&conn).map_err(|e| format!("{}: {e}", part.name))?;
        }
        let readers = (0..READERS)
            .map(|_| {
                let flags = rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX;
                let reader =
                    Connection::open_with_flags(&path, flags).map_err(|e| format!("open {}: {e}", path.display()))?;
                reader.busy_timeout(std::time::Duration::from_secs(5)).map_err(|e| format!("reader: {e}"))?;
                Ok(Mutex::new(reader))
            })
            .collect::<Result<Vec<_>, String>>()?;
        Ok(Self {
            conn: Arc::new(Mutex::new(conn)),
            readers: Arc::new(readers),
            lend_spares: crate::sqlite_setup::parallel_reads_pay(),
            next_reader: Arc::default(),
            search_counts: Arc::default(),
            interrupt_next_write: Arc::default(),
        })
    }

    /// Runs a read-only `f` on one of the read connections, inside one read transaction
    /// (so every statement of `f` sees the same snapshot), on a blocking thread.
    ///
    /// Why: with one connection behind one mutex, concurrent GETs (the export stream asks
    /// for several pages at once) queue behind each other although SQLite in WAL mode
    /// lets readers run in parallel with each other and with the writer. A reader sees
    /// every transaction committed before it starts, so a GET after a POST that answered
    /// sees its effect. Only for handlers that write nothing; `call`/`write` are unchanged.
    pub async fn read<R, F>(&self, f: F) -> Result<R, ApiError>
    where
        R: Send + 'static,
        F: FnOnce(&Connection) -> Result<R, ApiError> + Send + 'static,
    {
        self.read_with_spares(|conn, _| f(conn)).await
    }

    /// [`Db::read`], also handing `f` the read connections (its own among them, locked) so
    /// it can borrow an idle one for a second thread (see `store::split_count`); none when a
    /// second thread would only queue on SQLite's allocator (see `sqlite_setup`).
    pub async fn read_with_spares<R, F>(&self, f: F) -> Result<R, ApiError>
    where
        R: Send + 'static,
        F: FnOnce(&Connection, &[Mutex<Connection>]) -> Result<R, ApiError> + Send + 'static,
    {
        let readers = self.readers.clone();
        let lend_spares = self.lend_spares;
        let start = self.next_reader.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        tokio::task::spawn_blocking(move || {
            // A free reader if there is one, else wait for this request's turn.
            let n = readers.len();
            let guard = (0..n)
                .find_map(|i| readers[(start + i) % n].try_lock().ok())
                .map_or_else(|| readers[start % n].lock(), Ok)
                .map_err(|_| ApiError::Internal("database lock poisoned".into()))?;
            let tx = guard.unchecked_transaction()?;
            let out = f(&tx, if lend_spares { &readers } else { &[] })?;
            tx.commit()?;
            Ok(out)
        })
        .await
        .map_err(|e| ApiError::Internal(format!("worker: {e}")))?
    }

    /// Hands back the page caches of the connections not in use (`PRAGMA shrink_memory`). An
    /// embedded sandbox is idle most of the time, and its caches of a large data set are its
    /// host app's memory; the next read fills them again from the OS's file cache. Busy
    /// connections are skipped. Answers how many were shrunk.
    pub fn release_memory(&self) -> usize {
        std::iter::once(&*self.conn)
            .chain(self.readers.iter())
            .filter_map(|m| m.try_lock().ok())
            .filter(|c| c.execute_batch("PRAGMA shrink_memory").is_ok())
            .count()
    }

    /// The remembered search counts, for `store::transactions::list` on any connection.
    pub fn search_counts(&self) -> Arc<CountCache> {
        self.search_counts.clone()
    }

    /// Runs `f` with the connection on a blocking thread.
    pub async fn call<R, F>(&self, f: F) -> Result<R, ApiError>
    where
        R: Send + 'static,
        F: FnOnce(&mut Connection) -> Result<R, ApiError> + Send + 'static,
    {
        let conn = self.conn.clone();
        tokio::task::spawn_blocking(move || {
            let mut guard = conn.lock().map_err(|_| ApiError::Internal("database lock poisoned".into()))?;
            f(&mut guard)
        })
        .await
        .map_err(|e| ApiError::Internal(format!("worker: {e}")))?
    }

    /// Runs `f` inside one SQLite transaction: all of it commits, or none.
    pub async fn write<R, F>(&self, f: F) -> Result<R, ApiError>
    where
        R: Send + 'static,
        F: FnOnce(&mut rusqlite::Transaction<'_>) -> Result<R, ApiError> + Send + 'static,
    {
        let interrupt = self.interrupt_next_write.swap(0, std::sync::atomic::Ordering::Relaxed);
        self.call(move |conn| {
            if interrupt > 0 {
                conn.progress_handler(interrupt, Some(|| true))?;
            }
            let result = (|| {
                let mut tx = conn.transaction()?;
                let out = f(&mut tx)?;
                tx.commit()?;
                Ok(out)
            })();
            if interrupt > 0 {
                let _ = conn.progress_handler(0, None::<fn() -> bool>);
            }
            // A failure inside COMMIT (or in the rollback a dropped transaction attempts)
            // can leave the connection mid-transaction; never hand it on like that.
            if !conn.is_autocommit() {
                conn.execute_batch("ROLLBACK")?;
            }
            result
        })
        .await
    }

    /// Makes the next write fail after `steps` SQLite VM steps, wherever it is.
    pub fn interrupt_next_write_after(&self, steps: i32) {
        self.interrupt_next_write.store(steps.max(0), std::sync::atomic::Ordering::Relaxed);
    }
}
