//! Listing and searching transactions at scale: the trigram index over `ord` (see
//! [`super::ord`]), kept in step by triggers, and the counted, paged list.

use super::ord::{TenantSearch, next_ord, tenant_search_state};
use super::search_filter::SearchFilter;
use super::split_count::CountSplit;
use super::store::TxnDoc;
use crate::db::Prepare;
use crate::db::count_cache::{CountCache, CountKey};
use crate::error::ApiResult;
use rusqlite::{Connection, OptionalExtension, params};

/// The search index over `transactions`: kept in step by triggers, so every insert,
/// update (of the search text, the reference or `ord`) and delete follows, whoever
/// writes. `search_tenants.rows` is each tenant's number of transactions, so the count of
/// an unfiltered list is one lookup instead of a walk over 100,000 index entries.
/// `search_tenants.gen` is bumped by the same triggers whenever a tenant's index entries
/// change, so a search count remembered at one generation is exact while it holds (see
/// [`crate::db::count_cache`]). `case_sensitive 1` because both sides are lowercased in Rust
/// already (the same `to_lowercase` the LIKE path uses), which keeps MATCH and LIKE in
/// exact agreement.
const SEARCH_SCHEMA: &str = r#"
CREATE TABLE IF NOT EXISTS search_tenants (
    tenant TEXT PRIMARY KEY,
    no INTEGER NOT NULL UNIQUE,
    rows INTEGER NOT NULL DEFAULT 0,
    gen INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX IF NOT EXISTS transactions_by_ord ON transactions (tenant, ord);
CREATE VIRTUAL TABLE IF NOT EXISTS transactions_fts USING fts5(body, ref, tokenize = 'trigram case_sensitive 1');
CREATE TRIGGER IF NOT EXISTS transactions_need_ord BEFORE INSERT ON transactions WHEN new.ord IS NULL BEGIN
    SELECT RAISE(ABORT, 'transactions must be inserted with store::transactions::insert (ord is missing)');
END;
CREATE TRIGGER IF NOT EXISTS transactions_fts_insert AFTER INSERT ON transactions BEGIN
    INSERT INTO transactions_fts (rowid, body, ref) VALUES (new.ord, new.search, coalesce(new.reference_id, ''));
    UPDATE search_tenants SET gen = gen + 1 WHERE tenant = new.tenant;
END;
CREATE TRIGGER IF NOT EXISTS transactions_fts_update AFTER UPDATE OF search, reference_id, ord ON transactions
WHEN old.search IS NOT new.search OR old.reference_id IS NOT new.reference_id OR old.ord IS NOT new.ord BEGIN
    DELETE FROM transactions_fts WHERE rowid = old.ord;
    INSERT INTO transactions_fts (rowid, body, ref)
        SELECT new.ord, new.search, coalesce(new.reference_id, '') WHERE new.ord IS NOT NULL;
    UPDATE search_tenants SET gen = gen + 1 WHERE tenant IN (old.tenant, new.tenant);
END;
CREATE TRIGGER IF NOT EXISTS transactions_fts_delete AFTER DELETE ON transactions BEGIN
    DELETE FROM transactions_fts WHERE rowid = old.ord;
    UPDATE search_tenants SET gen = gen + 1 WHERE tenant = old.tenant;
END;
CREATE TRIGGER IF NOT EXISTS transactions_count_insert AFTER INSERT ON transactions BEGIN
    UPDATE search_tenants SET rows = rows + 1 WHERE tenant = new.tenant;
END;
CREATE TRIGGER IF NOT EXISTS transactions_count_delete AFTER DELETE ON transactions BEGIN
    UPDATE search_tenants SET rows = rows - 1 WHERE tenant = old.tenant;
END;
"#;

/// The search index, prepared when the database opens (see [`prepare_search`]).
pub const INDEX: Prepare = Prepare { name: "search index", run: prepare_search };

/// Creates the search index, or brings an older data dir's up to date (assigns `ord` to
/// rows that lack it and rebuilds the index when it is out of step). Run once at open.
pub fn prepare_search(conn: &Connection) -> ApiResult<()> {
    let has_ord: i64 =
        conn.query_row("SELECT count(*) FROM pragma_table_info('transactions') WHERE name = 'ord'", [], |r| r.get(0))?;
    let tx = conn.unchecked_transaction()?;
    if has_ord == 0 {
        tx.execute_batch("ALTER TABLE transactions ADD COLUMN ord INTEGER")?;
    }
    let has_rows: i64 =
        tx.query_row("SELECT count(*) FROM pragma_table_info('search_tenants') WHERE name = 'rows'", [], |r| r.get(0))?;
    let has_tenants: i64 =
        tx.query_row("SELECT count(*) FROM sqlite_schema WHERE name = 'search_tenants'", [], |r| r.get(0))?;
    if has_tenants == 1 && has_rows == 0 {
        tx.execute_batch("ALTER TABLE search_tenants ADD COLUMN rows INTEGER NOT NULL DEFAULT 0")?;
    }
    let has_gen: i64 =
        tx.query_row("SELECT count(*) FROM pragma_table_info('search_tenants') WHERE name = 'gen'", [], |r| r.get(0))?;
    if has_tenants == 1 && has_gen == 0 {
        // The index triggers of that schema did not bump `gen`: recreated below.
        tx.execute_batch(
            "ALTER TABLE search_tenants ADD COLUMN gen INTEGER NOT NULL DEFAULT 0;
             DROP TRIGGER IF EXISTS transactions_fts_insert;
             DROP TRIGGER IF EXISTS transactions_fts_update;
             DROP TRIGGER IF EXISTS transactions_fts_delete;",
        )?;
    }
    tx.execute_batch(SEARCH_SCHEMA)?;
    let missing = tx
        .prepare("SELECT seq, tenant, created FROM transactions WHERE ord IS NULL ORDER BY created, seq")?
        .query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?, r.get::<_, String>(2)?)))?
        .collect::<Result<Vec<_>, _>>()?;
    for (seq, tenant, created) in missing {
        let ord = next_ord(&tx, &tenant, &created)?;
        tx.execute("UPDATE transactions SET ord = ?1 WHERE seq = ?2", params![ord, seq])?;
    }
    tx.execute(
        "UPDATE search_tenants SET rows = (SELECT count(*) FROM transactions t WHERE t.tenant = search_tenants.tenant)",
        [],
    )?;
    let indexed: i64 = tx.query_row("SELECT count(*) FROM transactions_fts_docsize", [], |r| r.get(0))?;
    let stored: i64 = tx.query_row("SELECT count(*) FROM transactions", [], |r| r.get(0))?;
    if indexed != stored {
        tracing::warn!(indexed, stored, "rebuilding the transaction search index");
        tx.execute_batch(
            "DELETE FROM transactions_fts;
             INSERT INTO transactions_fts (rowid, body, ref)
                 SELECT ord, search, coalesce(reference_id, '') FROM transactions;
             UPDATE search_tenants SET gen = gen + 1;",
        )?;
    }
    tx.commit()?;
    Ok(())
}

/// A list query, already validated.
pub struct ListQuery {
    pub skip: i64,
    pub take: i64,
    pub search: Option<String>,
    pub reference_id: Option<String>,
}

/// Matching transactions newest first, and the number of all matches.
///
/// Search: case-insensitive partial match over [`TxnDoc::search_text`]; ReferenceId:
/// the same over the reference id. Terms of 3+ characters use the trigram index, shorter
/// ones a LIKE scan of the (narrow) index table; `%`, `_` and `\` are literal either way.
/// A search's count comes from `counts` while the tenant's generation is the one it was
/// counted at; otherwise it is counted and remembered.
pub fn list(conn: &Connection, tenant: &str, q: &ListQuery, counts: &CountCache) -> ApiResult<(Vec<TxnDoc>, i64)> {
    list_with(conn, tenant, q, counts, &CountSplit::off())
}

/// [`list`], a search's count split over a second connection as `split` says.
pub fn list_with(
    conn: &Connection,
    tenant: &str,
    q: &ListQuery,
    counts: &CountCache,
    split: &CountSplit<'_>,
) -> ApiResult<(Vec<TxnDoc>, i64)> {
    // The page, the generation and the count must come from one snapshot.
    let _snapshot = conn.is_autocommit().then(|| conn.unchecked_transaction()).transpose()?;
    let search = q.search.as_deref().map(str::to_lowercase);
    let reference = q.reference_id.as_deref().map(str::to_lowercase);
    let (ords, count) = if search.is_none() && reference.is_none() {
        let count = conn
            .prepare_cached("SELECT rows FROM search_tenants WHERE tenant = ?1")?
            .query_row([tenant], |r| r.get(0))
            .optional()?
            .unwrap_or(0);
        let ords = conn
            .prepare_cached("SELECT ord FROM transactions WHERE tenant = ?1 ORDER BY ord DESC LIMIT ?2 OFFSET ?3")?
            .query_map(params![tenant, q.take, q.skip], |r| r.get::<_, i64>(0))?
            .collect::<Result<Vec<_>, _>>()?;
        (ords, count)
    } else {
        let Some(state) = tenant_search_state(conn, tenant)? else {
            return Ok((Vec::new(), 0));
        };
        let key = CountKey { tenant: tenant.to_owned(), search, reference };
        let known = counts.get(&key, state.generation);
        let search = Search {
            tenant,
            state: &state,
            filter: SearchFilter::new(state.rowids(), key.search.as_deref(), key.reference.as_deref()),
        };
        let (ords, count) = search.ords(conn, q, known, split)?;
        if known.is_none() {
            counts.put(key, state.generation, count);
        }
        (ords, count)
    };
    let mut stmt = conn.prepare_cached("SELECT doc FROM transactions WHERE tenant = ?1 AND ord = ?2")?;
    let mut items = Vec::with_capacity(ords.len());
    for ord in ords {
        match stmt.query_row(params![tenant, ord], |r| r.get::<_, String>(0)).optional()? {
            Some(doc) => items.push(serde_json::from_str(&doc)?),
            // Cannot happen while the triggers keep the index in step; skip rather than fail a list.
            None => tracing::warn!(ord, "the search index names a transaction that is gone"),
        }
    }
    Ok((items, count))
}

/// One tenant's search, in the snapshot its state was read in.
struct Search<'a> {
    tenant: &'a str,
    state: &'a TenantSearch,
    filter: SearchFilter,
}

impl Search<'_> {
    /// The page's `ord`s and the match count, from the FTS table alone. The count is only
    /// walked for when `known_count` is `None`, and then only below the page.
    fn ords(
        &self,
        conn: &Connection,
        q: &ListQuery,
        known_count: Option<i64>,
        split: &CountSplit<'_>,
    ) -> ApiResult<(Vec<i64>, i64)> {
        let ords = self.filter.page(conn, q.take, q.skip)?;
        if let Some(count) = known_count {
            return Ok((ords, count));
        }
        let seen = q.skip + ords.len() as i64;
        let count = match ords.last() {
            // A short page is the end of the matches.
            Some(_) if (ords.len() as i64) < q.take => seen,
            Some(&last) => seen + self.count_up_to(conn, last - 1, Some((seen, last)), split)?,
            None if q.skip == 0 => 0,
            // Skipped past the end: count them all.
            None => self.count_up_to(conn, self.filter.hi, None, split)?,
        };
        Ok((ords, count))
    }

    /// The matches with an `ord` up to `hi`. `page`: the matches up to the page's end and
    /// the page's last `ord`, if there is a page. Split when the page suggests many matches.
    fn count_up_to(
        &self,
        conn: &Connection,
        hi: i64,
        page: Option<(i64, i64)>,
        split: &CountSplit<'_>,
    ) -> ApiResult<i64> {
        let lo = self.filter.lo;
        if !split.enabled() {
            return self.filter.count(conn, lo, hi);
        }
        // Chunks start at the oldest transaction, not at the empty years before it.
        let bound =
            |sql| -> ApiResult<Option<i64>> { Ok(conn.prepare_cached(sql)?.query_row([self.tenant], |r| r.get(0))?) };
        let oldest = bound("SELECT min(ord) FROM transactions WHERE tenant = ?1")?.unwrap_or(lo);
        let newest = bound("SELECT max(ord) FROM transactions WHERE tenant = ?1")?.unwrap_or(hi);
        // As many matches per `ord` below the page as in it (`ord` is mostly time).
        let estimate = match page {
            Some((seen, last)) => {
                let ratio = (newest - oldest + 1) as f64 / (newest - last + 1).max(1) as f64;
                (seen as f64 * ratio) as i64
            }
            None => self.state.rows,
        };
        split.count(
            conn,
            estimate,
            (lo.max(oldest), hi),
            |c, a, b| self.filter.count(c, a, b),
            |c| Ok(tenant_search_state(c, self.tenant)?.map(|s| s.generation) == Some(self.state.generation)),
        )
    }
}
