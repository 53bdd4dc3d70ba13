//! Transactions: the stored document, its JSON renderings and list/search.

use super::count_cache::{CountCache, CountKey};
use super::search_filter::SearchFilter;
use super::split_count::CountSplit;
use crate::error::ApiResult;
use crate::money;
use rusqlite::{Connection, OptionalExtension, params};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// A party as stored on a transaction (denormalized for display and search).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PartyDoc {
    pub service_account_id: Option<String>,
    pub reference_id: Option<String>,
    pub name: Option<String>,
    pub email: Option<String>,
    pub phone_number: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InboundDoc {
    pub payment_id: String,
    pub payer: PartyDoc,
    pub method: Option<String>,
    pub amount: Decimal,
    pub currency: String,
    pub status: String,
    pub created: String,
    pub authorized: Option<String>,
    pub failed: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OutboundDoc {
    pub destination: Option<String>,
    pub text: Option<String>,
    pub payee: PartyDoc,
    pub amount: Decimal,
    pub currency: String,
    pub status: String,
    pub created: String,
    pub authorized: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SplitPayoutDoc {
    pub split_payout_id: String,
    pub amount: Decimal,
    pub recipient: String,
    pub service_account_id: Option<String>,
    pub timing: String,
    pub description: Option<String>,
    pub destination: Option<String>,
    pub status: String,
    pub created: String,
    /// Paid out of an overfunded transaction's excess (not out of the payee's share).
    #[serde(default)]
    pub from_excess: bool,
    /// `DEBT_SETTLEMENT` for the split payout that settles a vehicle's debt (never cancellable).
    #[serde(default)]
    pub purpose: Option<String>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FeesDoc {
    pub payee: Decimal,
    pub payer: Decimal,
    pub tenant: Decimal,
    pub safepay: Decimal,
}

/// The stored transaction. Rendered to the spec's shapes by [`record`] and [`list_item`].
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TxnDoc {
    pub transaction_id: String,
    /// `Marketplace` or `Auto`.
    pub kind: String,
    pub status: String,
    pub amount: Decimal,
    pub currency: String,
    pub title: Option<String>,
    pub description: Option<String>,
    pub image_urls: Option<Vec<String>>,
    pub reference_id: Option<String>,
    pub uniqueness_key: Option<String>,
    pub payee: Option<PartyDoc>,
    pub payer: Option<PartyDoc>,
    pub payer_fixed_fee: Option<Decimal>,
    pub payee_fixed_fee: Option<Decimal>,
    pub fees: FeesDoc,
    pub expected_completion: Option<String>,
    pub created: String,
    pub document_id: Option<String>,
    pub auto_information: Option<Value>,
    pub inbound: Vec<InboundDoc>,
    pub outbound: Vec<OutboundDoc>,
    pub split_payouts: Vec<SplitPayoutDoc>,
    /// Total reimbursed to the payer (taken out of the payee's share).
    #[serde(default)]
    pub reimbursed: Decimal,
    #[serde(default)]
    pub cancel_reason: Option<String>,
}

impl TxnDoc {
    /// Sum of authorized inbound payments.
    pub fn paid_in(&self) -> Decimal {
        self.inbound.iter().filter(|p| p.status == "AUTHORIZED").map(|p| p.amount).sum()
    }

    /// Everything a search term may match (spec: ids, reference, title, description,
    /// parties' name, email and phone, and for Auto registration, brand, model, VIN).
    pub fn search_text(&self) -> String {
        let mut parts: Vec<&str> = vec![&self.transaction_id];
        parts.extend(self.reference_id.as_deref());
        parts.extend(self.title.as_deref());
        parts.extend(self.description.as_deref());
        for party in [&self.payee, &self.payer].into_iter().flatten() {
            parts.extend(party.name.as_deref());
            parts.extend(party.email.as_deref());
            parts.extend(party.phone_number.as_deref());
        }
        if let Some(auto) = &self.auto_information {
            for field in ["registrationNumber", "brand", "model", "vin"] {
                parts.extend(auto.get(field).and_then(Value::as_str));
            }
        }
        parts.join("\u{1f}").to_lowercase()
    }
}

fn party_json(p: &Option<PartyDoc>) -> Value {
    p.as_ref().map_or(Value::Null, |p| json!(p))
}

fn fees_json(f: &FeesDoc) -> Value {
    json!({
        "payee": money::json(f.payee),
        "payer": money::json(f.payer),
        "tenant": money::json(f.tenant),
        "safepay": money::json(f.safepay),
    })
}

/// `GET /v2/transactions/{id}`.
pub fn record(t: &TxnDoc, public_url: &str) -> Value {
    let inbound: Vec<Value> = t
        .inbound
        .iter()
        .map(|p| {
            json!({
                "paymentId": p.payment_id,
                "payer": p.payer,
                "method": p.method,
                "amount": money::json(p.amount),
                "currency": p.currency,
                "status": p.status,
                "created": p.created,
                "authorized": p.authorized,
                "failed": p.failed,
            })
        })
        .collect();
    let outbound: Vec<Value> = t
        .outbound
        .iter()
        .map(|p| {
            json!({
                "destination": p.destination,
                "text": p.text,
                "payee": p.payee,
                "amount": money::json(p.amount),
                "currency": p.currency,
                "status": p.status,
                "created": p.created,
                "authorized": p.authorized,
            })
        })
        .collect();
    let out_total: Decimal = t.outbound.iter().filter(|p| p.status != "CANCELLED").map(|p| p.amount).sum();
    json!({
        "transactionId": t.transaction_id,
        "checkoutUrl": format!("{public_url}/hosted/checkout/{}", t.transaction_id),
        "paymentGuideUrl": format!("{public_url}/hosted/payment-guide/{}", t.transaction_id),
        "status": t.status,
        "referenceId": t.reference_id,
        "amount": money::json(t.amount),
        "currency": t.currency,
        "fees": fees_json(&t.fees),
        "payee": party_json(&t.payee),
        "payer": party_json(&t.payer),
        "title": t.title,
        "description": t.description,
        "created": t.created,
        "autoInformation": t.auto_information,
        "expectedCompletion": t.expected_completion,
        "payments": {
            "inbound": { "amount": money::json(t.paid_in()), "payments": inbound },
            "outbound": { "amount": money::json(out_total), "payments": outbound },
        },
    })
}

/// One item of `GET /v2/transactions`.
pub fn list_item(t: &TxnDoc) -> Value {
    json!({
        "transactionId": t.transaction_id,
        "amount": money::json(t.amount),
        "currency": t.currency,
        "status": t.status,
        "created": t.created,
        "referenceId": t.reference_id,
        "payee": party_json(&t.payee),
        "payer": party_json(&t.payer),
        "title": t.title,
        "autoInformation": t.auto_information,
        "fees": fees_json(&t.fees),
        "payments": { "inbound": { "amount": money::json(t.paid_in()), "currency": t.currency } },
        "expectedCompletion": t.expected_completion,
    })
}

/// Stores a new transaction. Its list position (`ord`) is assigned here; the search
/// index follows by trigger (see [`prepare_search`]).
pub fn insert(conn: &Connection, tenant: &str, t: &TxnDoc) -> ApiResult<()> {
    let ord = next_ord(conn, tenant, &t.created)?;
    conn.prepare_cached(
        "INSERT INTO transactions (transaction_id, tenant, created, reference_id, uniqueness_key, search, doc, ord)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?
    .execute(params![
        t.transaction_id,
        tenant,
        t.created,
        t.reference_id.as_deref().map(str::to_lowercase),
        t.uniqueness_key,
        t.search_text(),
        serde_json::to_string(t)?,
        ord
    ])?;
    Ok(())
}

/// Stores a changed document (search text follows it).
pub fn update(conn: &Connection, tenant: &str, t: &TxnDoc) -> ApiResult<()> {
    conn.execute(
        "UPDATE transactions SET search = ?3, doc = ?4 WHERE tenant = ?1 AND transaction_id = ?2",
        params![tenant, t.transaction_id, t.search_text(), serde_json::to_string(t)?],
    )?;
    Ok(())
}

pub fn get(conn: &Connection, tenant: &str, id: &str) -> ApiResult<Option<TxnDoc>> {
    let doc: Option<String> = conn
        .query_row("SELECT doc FROM transactions WHERE tenant = ?1 AND transaction_id = ?2", params![tenant, id], |r| {
            r.get(0)
        })
        .optional()?;
    Ok(doc.map(|d| serde_json::from_str(&d)).transpose()?)
}

pub fn by_uniqueness_key(conn: &Connection, tenant: &str, key: &str) -> ApiResult<Option<String>> {
    Ok(conn
        .query_row(
            "SELECT transaction_id FROM transactions WHERE tenant = ?1 AND uniqueness_key = ?2",
            params![tenant, key],
            |r| r.get(0),
        )
        .optional()?)
}

pub fn count_for_tenant(conn: &Connection, tenant: &str) -> ApiResult<i64> {
    Ok(conn.query_row("SELECT COUNT(*) FROM transactions WHERE tenant = ?1", [tenant], |r| r.get(0))?)
}

// ---- List and search at scale ---------------------------------------------------------
//
// Every transaction gets an `ord`: one i64 that sorts like the list (newest first is `ord`
// descending) and whose high bits name the tenant:
//
//   0 | tenant number (7 bits) | ms since 2000-01-01 UTC (42 bits) | insert order within that ms (14 bits)
//
// `ord` is the rowid of the FTS5 trigram index `transactions_fts`, so a search is one
// index walk: `MATCH` plus the tenant's rowid range, counted or paged in list order
// (`ORDER BY rowid DESC LIMIT/OFFSET`) without touching the wide `transactions` rows.
// Only the page's documents are then read, by `(tenant, ord)`. Without a search term the
// `(tenant, ord)` index gives the page. Inside one millisecond `ord` follows insert order,
// which is `seq` order, so `ord DESC` is the spec's `created DESC` with `seq` as the tie
// breaker. Created times outside 2000–2139 are clamped to those bounds (they then sort
// by insert order among themselves).

const ORD_SEQ_BITS: u32 = 14;
const ORD_MS_BITS: u32 = 42;
const ORD_TENANT_SHIFT: u32 = ORD_MS_BITS + ORD_SEQ_BITS;
/// Tenant numbers 0..=127 fit the 7 bits left above the time.
const ORD_MAX_TENANTS: i64 = 1 << (63 - ORD_TENANT_SHIFT);
/// 2000-01-01T00:00:00Z in Unix milliseconds.
const ORD_EPOCH_MS: i64 = 946_684_800_000;

/// The search index over `transactions`: kept in step by triggers, so every insert,
/// update (of the search text, the reference or `ord`) and delete follows, whoever
/// writes. `search_tenants.rows` is each tenant's number of transactions, so the count of
/// an unfiltered list is one lookup instead of a walk over 100,000 index entries.
/// `search_tenants.gen` is bumped by the same triggers whenever a tenant's index entries
/// change, so a search count remembered at one generation is exact while it holds (see
/// [`super::count_cache`]). `case_sensitive 1` because both sides are lowercased in Rust
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

/// Milliseconds since [`ORD_EPOCH_MS`], clamped to what `ord` holds.
fn ord_millis(created: &str) -> i64 {
    let ms = chrono::DateTime::parse_from_rfc3339(created).map_or(ORD_EPOCH_MS, |t| t.timestamp_millis());
    (ms - ORD_EPOCH_MS).clamp(0, (1 << ORD_MS_BITS) - 1)
}

/// A tenant's row of `search_tenants` (see [`SEARCH_SCHEMA`]).
struct TenantSearch {
    no: i64,
    generation: i64,
    rows: i64,
}

impl TenantSearch {
    /// The tenant's range of `ord`s (rowids of the search index).
    fn rowids(&self) -> (i64, i64) {
        let lo = self.no << ORD_TENANT_SHIFT;
        (lo, lo | ((1_i64 << ORD_TENANT_SHIFT) - 1))
    }
}

fn tenant_search_state(conn: &Connection, tenant: &str) -> ApiResult<Option<TenantSearch>> {
    Ok(conn
        .prepare_cached("SELECT no, gen, rows FROM search_tenants WHERE tenant = ?1")?
        .query_row([tenant], |r| Ok(TenantSearch { no: r.get(0)?, generation: r.get(1)?, rows: r.get(2)? }))
        .optional()?)
}

fn tenant_number(conn: &Connection, tenant: &str) -> ApiResult<Option<i64>> {
    Ok(conn
        .prepare_cached("SELECT no FROM search_tenants WHERE tenant = ?1")?
        .query_row([tenant], |r| r.get(0))
        .optional()?)
}

fn tenant_number_or_new(conn: &Connection, tenant: &str) -> ApiResult<i64> {
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
fn next_ord(conn: &Connection, tenant: &str, created: &str) -> ApiResult<i64> {
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
