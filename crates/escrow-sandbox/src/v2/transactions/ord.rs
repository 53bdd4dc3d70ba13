//! Every transaction's list position, `ord`.
//!
//! Every transaction gets an `ord`: one i64 that sorts like the list (newest first is `ord`
//! descending) and whose high bits name the tenant:
//!
//!   0 | tenant number (7 bits) | ms since 2000-01-01 UTC (42 bits) | insert order within that ms (14 bits)
//!
//! `ord` is the rowid of the FTS5 trigram index `transactions_fts`, so a search is one
//! index walk: `MATCH` plus the tenant's rowid range, counted or paged in list order
//! (`ORDER BY rowid DESC LIMIT/OFFSET`) without touching the wide `transactions` rows.
//! Only the page's documents are then read, by `(tenant, ord)`. Without a search term the
//! `(tenant, ord)` index gives the page. Inside one millisecond `ord` follows insert order,
//! which is `seq` order, so `ord DESC` is the spec's `created DESC` with `seq` as the tie
//! breaker. Created times outside 2000–2139 are clamped to those bounds (they then sort
//! by insert order among themselves).

use crate::error::ApiResult;
use rusqlite::{Connection, OptionalExtension, params};

pub(super) const ORD_SEQ_BITS: u32 = 14;
pub(super) const ORD_MS_BITS: u32 = 42;
pub(super) const ORD_TENANT_SHIFT: u32 = ORD_MS_BITS + ORD_SEQ_BITS;
/// Tenant numbers 0..=127 fit the 7 bits left above the time.
pub(super) const ORD_MAX_TENANTS: i64 = 1 << (63 - ORD_TENANT_SHIFT);
/// 2000-01-01T00:00:00Z in Unix milliseconds.
pub(super) const ORD_EPOCH_MS: i64 = 946_684_800_000;

/// Milliseconds since [`ORD_EPOCH_MS`], clamped to what `ord` holds.
pub(super) fn ord_millis(created: &str) -> i64 {
    let ms = chrono::DateTime::parse_from_rfc3339(created).map_or(ORD_EPOCH_MS, |t| t.timestamp_millis());
    (ms - ORD_EPOCH_MS).clamp(0, (1 << ORD_MS_BITS) - 1)
}

/// A tenant's row of `search_tenants` (see [`SEARCH_SCHEMA`]).
pub(super) struct TenantSearch {
    pub(super) no: i64,
    pub(super) generation: i64,
    pub(super) rows: i64,
}

impl TenantSearch {
    /// The tenant's range of `ord`s (rowids of the search index).
    pub(super) fn rowids(&self) -> (i64, i64) {
        let lo = self.no << ORD_TENANT_SHIFT;
        (lo, lo | ((1_i64 << ORD_TENANT_SHIFT) - 1))
    }
}

pub(super) fn tenant_search_state(conn: &Connection, tenant: &str) -> ApiResult<Option<TenantSearch>> {
    Ok(conn
        .prepare_cached("SELECT no, gen, rows FROM search_tenants WHERE tenant = ?1")?
        .query_row([tenant], |r| Ok(TenantSearch { no: r.get(0)?, generation: r.get(1)?, rows: r.get(2)? }))
        .optional()?)
}

pub(super) fn tenant_number(conn: &Connection, tenant: &str) -> ApiResult<Option<i64>> {
    Ok(conn
        .prepare_cached("SELECT no FROM search_tenants WHERE tenant = ?1")?
        .query_row([tenant], |r| r.get(0))
        .optional()?)
}

pub(super) fn tenant_number_or_new(conn: &Connection, tenant: &str) -> ApiResult<i64> {
    if let Some(no) = tenant_number(conn, tenant)? {
        return Ok(no);
    }
    let next: i64 = conn.query_row("SELECT coalesce(max(no) + 1, 0) FROM search_tenants", [], |r| r.get(0))?;
    if next >= ORD_MAX_TENANTS {
        return Err(crate::error::ApiError::Internal(format!(
            "the search index holds at most {ORD_MAX_TENANTS} tenants"
        )));
    }
    conn.execute("INSERT INTO search_tenants (tenant, no) VALUES (?1, ?2)", params![tenant, next])?;
    Ok(next)
}

/// The `ord` of a transaction inserted now: after every one of the tenant's transactions
/// created in the same millisecond.
pub(super) fn next_ord(conn: &Connection, tenant: &str, created: &str) -> ApiResult<i64> {
    let base = (tenant_number_or_new(conn, tenant)? << ORD_TENANT_SHIFT) | (ord_millis(created) << ORD_SEQ_BITS);
    let top = base | ((1 << ORD_SEQ_BITS) - 1);
    let last: Option<i64> = conn
        .prepare_cached("SELECT max(ord) FROM transactions WHERE tenant = ?1 AND ord BETWEEN ?2 AND ?3")?
        .query_row(params![tenant, base, top], |r| r.get(0))?;
    match last {
        None => Ok(base),
        Some(last) if last < top => Ok(last + 1),
        Some(_) => Err(crate::error::ApiError::Internal(format!(
            "more than {} transactions created in one millisecond ({created})",
            1 << ORD_SEQ_BITS
        ))),
    }
}
