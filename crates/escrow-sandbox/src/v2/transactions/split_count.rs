//! A search count split across two read connections, one per core.
//!
//! Why: a cold list of a broad term (one that matches half of 100,000 transactions) must
//! count every match, one FTS5 walk of ~18 ms CPU that no index makes cheaper. The sandbox
//! runs on two cores, so the rowid range is cut into chunks that this thread takes from the
//! newest end and a helper thread, on a second (idle) read connection, from the oldest end
//! (the oldest chunk is always the helper's first): the walk takes about half as long
//! (measured: 44,000 matches in ~9 ms on each thread instead of ~17.5 ms on one). It pays
//! only while SQLite's allocator takes no process-wide lock (`Db` lends no spare
//! connections otherwise; see `sqlite_setup`) and while the second core is free.
//!
//! Snapshots: the helper's connection has its own snapshot, possibly newer than the page's.
//! It reads the tenant's search generation in that snapshot before it counts anything and
//! counts only if the generation is the page's (the triggers bump it in the same transaction
//! as every change to the tenant's index entries, so equal generations mean equal entries).
//! Otherwise, or if it fails, this thread counts the chunks the helper did not answer for,
//! so the count is always the one of the page's snapshot.

use crate::error::ApiResult;
use rusqlite::Connection;
use std::ops::Range;
use std::sync::{Mutex, PoisonError};

/// Chunks per split count: one per thread. More would even out halves that hold unequal
/// numbers of matches (transactions bunched in time; the halves split the `ord` range,
/// which is mostly time), but each chunk is an FTS5 query of its own: measured on 44,000
/// matches after a write, 4 chunks cost ~1.7 ms more CPU in all than 2.
pub const CHUNKS: usize = 2;

/// Counts estimated at fewer matches stay on one connection (a match costs ~0.4 µs, so
/// these take under ~4 ms; the helper thread, its snapshot and the extra queries cost
/// ~1 ms, and a 3,300-match count got slower split).
pub const MIN_MATCHES: i64 = 10_000;

/// What a split count did, reported to [`CountSplit::hook`] (tests).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SplitEvent {
    /// On the helper thread, before it borrows a connection and opens its snapshot.
    HelperStarts,
    /// The helper's snapshot had the page's generation; its chunks are part of the count.
    HelperCounted,
    /// The helper answered for nothing (no idle connection, another generation, an error):
    /// its chunks were counted on the page's connection.
    FellBack,
}

/// Where and when a search count may be split (see the module doc).
pub struct CountSplit<'a> {
    /// Connections to the same database; the helper borrows the first idle one (busy ones,
    /// including the caller's own, are skipped rather than waited for).
    pub spares: &'a [Mutex<Connection>],
    /// Split only counts estimated at this many matches or more.
    pub min_matches: i64,
    /// Into how many rowid ranges (at most; see [`CHUNKS`]).
    pub chunks: usize,
    /// Told what the split did; tests use it to write between the page and the count.
    pub hook: Option<&'a (dyn Fn(SplitEvent) + Sync)>,
}

impl<'a> CountSplit<'a> {
    pub fn new(spares: &'a [Mutex<Connection>]) -> Self {
        Self { spares, min_matches: MIN_MATCHES, chunks: CHUNKS, hook: None }
    }

    /// Never split: count on the caller's connection only.
    pub fn off() -> CountSplit<'static> {
        CountSplit { spares: &[], min_matches: i64::MAX, chunks: 1, hook: None }
    }

    /// Whether counts may be split at all (there are spare connections).
    pub fn enabled(&self) -> bool {
        !self.spares.is_empty()
    }

    /// The number of matches with a rowid in `lo..=hi`, given `count(conn, lo, hi)` for
    /// any range, split when `estimate` (of that number) is high enough. `same_snapshot(conn)`
    /// tells whether a connection sees the tenant's index entries as the caller's does.
    pub fn count<C, S>(
        &self,
        conn: &Connection,
        estimate: i64,
        (lo, hi): (i64, i64),
        count: C,
        same_snapshot: S,
    ) -> ApiResult<i64>
    where
        C: Fn(&Connection, i64, i64) -> ApiResult<i64> + Sync,
        S: Fn(&Connection) -> ApiResult<bool> + Sync,
    {
        let chunks = chunks(lo, hi, self.chunks);
        if !self.enabled() || estimate < self.min_matches || chunks.len() < 2 {
            return count(conn, lo, hi);
        }
        // Chunk 0 (the oldest) is the helper's first; the rest go to whoever asks first.
        let queue = Mutex::new(1..chunks.len());
        let (mut total, mut counted, helped) = std::thread::scope(|s| {
            let helper = s.spawn(|| self.help(&chunks, &queue, &count, &same_snapshot));
            let mine = (|| {
                let (mut total, mut counted) = (0, vec![false; chunks.len()]);
                while let Some(i) = take(&queue, Range::next_back) {
                    total += count(conn, chunks[i].0, chunks[i].1)?;
                    counted[i] = true;
                }
                ApiResult::Ok((total, counted))
            })();
            // A helper that panicked answered for nothing.
            let helped = helper.join().ok().flatten();
            mine.map(|(total, counted)| (total, counted, helped))
        })?;
        match helped {
            Some(sum) => {
                self.tell(SplitEvent::HelperCounted);
                Ok(total + sum)
            }
            None => {
                self.tell(SplitEvent::FellBack);
                for (i, &(a, b)) in chunks.iter().enumerate() {
                    if !std::mem::replace(&mut counted[i], true) {
                        total += count(conn, a, b)?;
                    }
                }
                Ok(total)
            }
        }
    }

    /// The helper's share: chunk 0, then the queue's oldest chunks until it is empty.
    /// `None` unless it counted every chunk it took in a snapshot like the page's.
    fn help<C, S>(
        &self,
        chunks: &[(i64, i64)],
        queue: &Mutex<Range<usize>>,
        count: &C,
        same_snapshot: &S,
    ) -> Option<i64>
    where
        C: Fn(&Connection, i64, i64) -> ApiResult<i64>,
        S: Fn(&Connection) -> ApiResult<bool>,
    {
        self.tell(SplitEvent::HelperStarts);
        let conn = self.spares.iter().find_map(|c| c.try_lock().ok())?;
        let result = (|| {
            let tx = conn.unchecked_transaction()?;
            if !same_snapshot(&tx)? {
                return Ok(None);
            }
            let mut sum = count(&tx, chunks[0].0, chunks[0].1)?;
            while let Some(i) = take(queue, Range::next) {
                sum += count(&tx, chunks[i].0, chunks[i].1)?;
            }
            ApiResult::Ok(Some(sum))
        })();
        result.unwrap_or_else(|e| {
            tracing::warn!(error = %e, "split count: the helper failed; counting on one connection");
            None
        })
    }

    fn tell(&self, event: SplitEvent) {
        if let Some(hook) = self.hook {
            hook(event);
        }
    }
}

/// The next chunk from one end of the queue.
fn take(queue: &Mutex<Range<usize>>, end: fn(&mut Range<usize>) -> Option<usize>) -> Option<usize> {
    // Only whole indices are ever taken under the lock, so a poisoned queue is still sound.
    end(&mut queue.lock().unwrap_or_else(PoisonError::into_inner))
}

/// `lo..=hi` cut into at most `n` contiguous, non-overlapping inclusive ranges of (nearly)
/// equal width, oldest first. Empty when `lo > hi`.
fn chunks(lo: i64, hi: i64, n: usize) -> Vec<(i64, i64)> {
    if lo > hi || n == 0 {
        return Vec::new();
    }
    // i128: `hi - lo + 1` overflows i64 for the full range.
    let span = i128::from(hi) - i128::from(lo) + 1;
    let n = span.min(n as i128);
    (0..n)
        .map(|i| {
            let start = i128::from(lo) + span * i / n;
            let end = i128::from(lo) + span * (i + 1) / n - 1;
            // Both lie within lo..=hi, so they fit an i64.
            (start as i64, end as i64)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assert_partition(lo: i64, hi: i64, n: usize) {
        let c = chunks(lo, hi, n);
        assert!(!c.is_empty() && c.len() <= n, "{lo}..={hi} in {n}: {c:?}");
        assert_eq!(c[0].0, lo, "starts at lo");
        assert_eq!(c[c.len() - 1].1, hi, "ends at hi");
        for w in c.windows(2) {
            assert_eq!(w[0].1 + 1, w[1].0, "contiguous, no overlap: {c:?}");
        }
        assert!(c.iter().all(|&(a, b)| a <= b), "no empty chunk: {c:?}");
    }

    #[test]
    fn chunks_cover_the_range_exactly_once() {
        let ranges = [(0, 0), (0, 1), (5, 12), (5, 13), (100, 107), (-3, 3), (0, i64::MAX), (1 << 56, (2 << 56) - 1)];
        for (lo, hi) in ranges {
            for n in [1, 2, 3, 7, 8, 16] {
                assert_partition(lo, hi, n);
            }
        }
        assert_eq!(chunks(10, 12, 8), [(10, 10), (11, 11), (12, 12)], "never more chunks than rowids");
        assert!(chunks(5, 4, 8).is_empty());
    }

    /// Counts rows of a tiny table by rowid range, split or not, on real connections.
    #[test]
    fn a_split_count_equals_a_plain_count() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.sqlite");
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch("PRAGMA journal_mode=WAL; CREATE TABLE t (id INTEGER PRIMARY KEY);").unwrap();
        for id in (0..500).map(|i| i * 7 % 997) {
            conn.execute("INSERT OR IGNORE INTO t (id) VALUES (?1)", [id]).unwrap();
        }
        let spares = [Mutex::new(Connection::open(&path).unwrap())];
        let events = Mutex::new(Vec::new());
        let hook = |e| events.lock().unwrap().push(e);
        let split = CountSplit { spares: &spares, min_matches: 0, chunks: 8, hook: Some(&hook) };
        let count = |c: &Connection, a: i64, b: i64| -> ApiResult<i64> {
            Ok(c.query_row("SELECT count(*) FROM t WHERE id BETWEEN ?1 AND ?2", [a, b], |r| r.get(0))?)
        };
        for (lo, hi) in [(0, 996), (1, 995), (7, 7), (300, 301), (-50, 2000)] {
            let plain = count(&conn, lo, hi).unwrap();
            let got = split.count(&conn, 0, (lo, hi), count, |_| Ok(true)).unwrap();
            assert_eq!(got, plain, "{lo}..={hi}");
            let fell_back = split.count(&conn, 0, (lo, hi), count, |_| Ok(false)).unwrap();
            assert_eq!(fell_back, plain, "{lo}..={hi}, other snapshot");
        }
        let events = events.into_inner().unwrap();
        assert!(events.contains(&SplitEvent::HelperCounted), "{events:?}");
        assert!(events.contains(&SplitEvent::FellBack), "{events:?}");
    }
}
