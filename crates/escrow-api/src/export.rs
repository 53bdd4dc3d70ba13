//! Exporting every transaction that matches a list query (for CSV and the like): pages of
//! 100 fetched a few at a time, stitched back into one consistent, ordered stream.
//!
//! # What the stream guarantees
//!
//! `GET /v2/transactions` is paged by offset and sorted newest first, so a transaction
//! created while an export runs pushes every later row one place down; naive paging then
//! returns a row twice (the last of one page again as the first of the next), and a
//! deletion makes it skip one. The export therefore requests pages that overlap by one
//! row and accepts a page only if it contains a row already exported: it takes the rows
//! *after the last already-exported row* of the page. If a page has no such row (the list
//! moved by a whole page, or shrank), it re-reads from where the last exported row is now,
//! estimated from the change in `count`. With that:
//!
//! 1. **No duplicates, ever**: rows are deduplicated by `transactionId`.
//! 2. **Server order**: rows come out newest first, as the list returns them.
//! 3. **A snapshot as of the start**: when the only changes during the export are
//!    transactions created (they go on top of a newest-first list) or deleted, the stream
//!    yields exactly the transactions that matched when the first page was read, minus any
//!    deleted before their page was read. Transactions created during the export are not
//!    included: they are above the first row, and only rows below an exported row are
//!    ever taken.
//! 4. Changes that paging cannot see (a transaction that starts matching a search halfway
//!    down the list, say, because its payee was added) are not part of the snapshot; such
//!    a row is left out, never inserted out of order.
//! 5. **Errors end the stream**: a failed page (after the client's own retries) is yielded
//!    as `Err` and the stream ends; so does a list that still does not line up after
//!    [`ExportOptions::max_resyncs`] re-reads in a row ([`ErrorKind::Inconsistent`]).
//!    Nothing panics. Running the export again is always safe (it only reads).
//!
//! Progress is reported after every accepted page as [`ExportProgress`]: `fetched` (rows
//! yielded so far) never decreases; `total` is the count of the first page, the size of
//! the snapshot. The last report has `fetched == total`; if rows were deleted during the
//! export, `total` is lowered to the rows actually exported in that last report.

use crate::client::Client;
use crate::error::{Error, ErrorKind, Result};
use crate::v2::transactions::TransactionsHandler;
use crate::v2::transactions::models::{TransactionListItem, TransactionPage};
use crate::v2::transactions::query::{ListTransactions, MAX_TAKE};
use futures::stream::{self, FuturesOrdered, Stream, StreamExt};
use std::collections::HashSet;
use std::future::Future;
use std::pin::Pin;

/// Pages overlap by one row, so each page can be checked against the one before.
const STRIDE: u64 = MAX_TAKE as u64 - 1;
/// On a re-read, start this many rows above the estimate, to absorb deletions.
const RESYNC_MARGIN: u64 = 25;

/// How an export fetches its pages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExportOptions {
    /// Pages requested at once (at least 1). Default 4: enough to hide latency without
    /// loading the service; output order does not depend on it.
    pub concurrency: usize,
    /// Re-reads in a row without progress before giving up with
    /// [`ErrorKind::Inconsistent`]. Default 16.
    pub max_resyncs: u32,
}

impl Default for ExportOptions {
    fn default() -> Self {
        Self { concurrency: 4, max_resyncs: 16 }
    }
}

/// How far an export is, for a progress bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExportProgress {
    /// Rows yielded so far.
    pub fetched: u64,
    /// Rows in the snapshot being exported (the first page's `count`).
    pub total: u64,
}

type PageFuture = Pin<Box<dyn Future<Output = (u64, Result<TransactionPage>)> + Send>>;

/// Where the last exported row was last seen, to find it again after the list moved.
#[derive(Debug, Clone, Copy)]
struct Anchor {
    /// Its offset in the list when that page was read.
    position: u64,
    /// The list's `count` then.
    count: u64,
}

struct Export<F> {
    client: Client,
    query: ListTransactions,
    options: ExportOptions,
    on_progress: F,
    in_flight: FuturesOrdered<PageFuture>,
    /// Offset of the next page to request, before drift.
    next_skip: u64,
    /// `count` when `next_skip` was set; growth since then shifts the pages planned.
    frame_count: u64,
    /// The most recent `count` seen.
    latest_count: u64,
    seen: HashSet<String>,
    anchor: Option<Anchor>,
    total: Option<u64>,
    fetched: u64,
    resyncs: u32,
    done: bool,
}

enum Stitch {
    /// Rows after the last exported one, and whether this was the list's end.
    Accepted(Vec<TransactionListItem>, bool),
    /// A full page of rows already exported: the list moved down by a page or more.
    AllSeen,
    /// No row of the page was exported yet: it does not connect; re-read.
    Detached,
}

impl<F: FnMut(ExportProgress) + Send + 'static> Export<F> {
    fn request(&mut self, skip: u64) {
        let client = self.client.clone();
        let query = ListTransactions { skip: u32::try_from(skip).ok(), take: Some(MAX_TAKE), ..self.query.clone() };
        self.in_flight.push_back(Box::pin(async move {
            if query.skip.is_none() {
                return (skip, Err(Error::validation("skip", "the export is too large to page through")));
            }
            (skip, client.transactions().list(&query).await)
        }));
    }

    /// Keeps up to `concurrency` pages in flight, shifted by the growth of the list.
    fn fill(&mut self) {
        while self.in_flight.len() < self.options.concurrency.max(1) {
            let drift = self.latest_count.saturating_sub(self.frame_count);
            let skip = self.next_skip + drift;
            // Past the known end only when nothing else is in flight: the stitching
            // decides where the list really ends.
            if !self.in_flight.is_empty() && skip >= self.latest_count {
                break;
            }
            self.request(skip);
            self.next_skip += STRIDE;
        }
    }

    fn stitch(&mut self, skip: u64, page: TransactionPage) -> Stitch {
        let count = u64::try_from(page.count).unwrap_or(0);
        self.latest_count = count;
        let len = page.items.len();
        let ended = (len as u64) < u64::from(MAX_TAKE);
        let start = if self.total.is_none() {
            self.total = Some(count);
            0
        } else {
            match page.items.iter().rposition(|t| self.seen.contains(&t.transaction_id)) {
                Some(i) => i + 1,
                None => return Stitch::Detached,
            }
        };
        // The page's last row is now the deepest exported row whose position is known.
        if let Some(last) = len.checked_sub(1) {
            self.anchor = Some(Anchor { position: skip + last as u64, count });
        }
        if start == len && !ended {
            return Stitch::AllSeen;
        }
        let rows = page.items.into_iter().skip(start).filter(|t| self.seen.insert(t.transaction_id.clone())).collect();
        Stitch::Accepted(rows, ended)
    }

    /// Drops the planned pages and plans again from where the last exported row is now,
    /// estimated from how `count` changed since it was seen.
    fn replan(&mut self) {
        self.in_flight = FuturesOrdered::new();
        let estimate = match self.anchor {
            Some(a) => (a.position + self.latest_count).saturating_sub(a.count),
            None => 0,
        };
        self.next_skip = estimate.saturating_sub(RESYNC_MARGIN);
        self.frame_count = self.latest_count;
    }

    fn report(&mut self, last: bool) {
        let mut total = self.total.unwrap_or(0);
        if last {
            total = self.fetched;
        }
        (self.on_progress)(ExportProgress { fetched: self.fetched, total });
    }

    /// The next batch of rows (possibly empty), or `None` when the export is over.
    async fn next_batch(&mut self) -> Option<Vec<Result<TransactionListItem>>> {
        if self.done {
            return None;
        }
        if self.total.is_none() {
            // The first page alone: its count sizes the plan.
            self.request(0);
        } else {
            self.fill();
        }
        let (skip, result) = self.in_flight.next().await?;
        let page = match result {
            Ok(page) => page,
            Err(e) => {
                self.done = true;
                return Some(vec![Err(e)]);
            }
        };
        let first = self.total.is_none();
        match self.stitch(skip, page) {
            Stitch::Accepted(rows, ended) => {
                if first {
                    self.next_skip = STRIDE;
                    self.frame_count = self.latest_count;
                }
                if !rows.is_empty() {
                    self.resyncs = 0;
                }
                self.fetched += rows.len() as u64;
                self.done = ended;
                self.report(ended);
                Some(rows.into_iter().map(Ok).collect())
            }
            // Each of these re-reads at least 74 rows further down: no loop.
            Stitch::AllSeen => {
                self.replan();
                Some(Vec::new())
            }
            Stitch::Detached => {
                self.resyncs += 1;
                if self.resyncs > self.options.max_resyncs {
                    self.done = true;
                    return Some(vec![Err(Error::new(ErrorKind::Inconsistent(format!(
                        "the transaction list kept changing under the export; {} rows exported before giving up",
                        self.fetched
                    ))))]);
                }
                self.replan();
                Some(Vec::new())
            }
        }
    }
}

impl TransactionsHandler<'_> {
    /// Every transaction matching `query` (its `search` and `reference_id`; `skip` and
    /// `take` are ignored), newest first, for an export. Pages of 100 are fetched with
    /// [`ExportOptions::concurrency`] requests at once; `on_progress` is called after
    /// each page. See the [module documentation](crate::export) for the exact guarantee
    /// when transactions are created or deleted during the export.
    pub fn export<F>(
        &self,
        query: &ListTransactions,
        options: ExportOptions,
        on_progress: F,
    ) -> impl Stream<Item = Result<TransactionListItem>> + Send + 'static
    where
        F: FnMut(ExportProgress) + Send + 'static,
    {
        let export = Export {
            client: self.client.clone(),
            query: ListTransactions { skip: None, take: None, ..query.clone() },
            options,
            on_progress,
            in_flight: FuturesOrdered::new(),
            next_skip: 0,
            frame_count: 0,
            latest_count: 0,
            seen: HashSet::new(),
            anchor: None,
            total: None,
            fetched: 0,
            resyncs: 0,
            done: false,
        };
        stream::unfold(export, |mut export| async move {
            let batch = export.next_batch().await?;
            Some((stream::iter(batch), export))
        })
        .flatten()
    }
}
