//! Persistence of the trade API: one table of JSON documents (`trade_docs`), keyed by
//! tenant, kind and id. Every read is scoped to the tenant, which is what makes another
//! tenant's record a 404; only hosted-page sessions are looked up by token alone.

use super::api::{Fault, Outcome};
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// A business user; id `{businessId}/{businessLocationId}`.
pub const BUSINESS_USER: &str = "business_user";
/// A connected marketplace user; id = marketplaceUserId.
pub const USER: &str = "user";
/// A trade; id = tradeId.
pub const TRADE: &str = "trade";
/// A payment to escrow (the trade's, or a shipment's); id = externalId.
pub const PAYMENT: &str = "payment";
/// A hosted-page session; id = the token in the link.
pub const SESSION: &str = "session";

pub fn get<T: DeserializeOwned>(conn: &Connection, tenant: &str, kind: &str, id: &str) -> Outcome<Option<T>> {
    let doc: Option<String> = conn
        .query_row(
            "SELECT doc FROM trade_docs WHERE tenant = ?1 AND kind = ?2 AND id = ?3",
            params![tenant, kind, id],
            |r| r.get(0),
        )
        .optional()?;
    Ok(match doc {
        Some(d) => Some(serde_json::from_str(&d)?),
        None => None,
    })
}

/// Inserts or replaces a document; the creation time (and so the order) of an
/// existing one is kept.
pub fn put<T: Serialize>(conn: &Connection, tenant: &str, kind: &str, id: &str, created: &str, doc: &T) -> Outcome<()> {
    let text = serde_json::to_string(doc)?;
    conn.execute(
        "INSERT INTO trade_docs (tenant, kind, id, created, doc) VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (tenant, kind, id) DO UPDATE SET doc = excluded.doc",
        params![tenant, kind, id, created, text],
    )?;
    Ok(())
}

pub fn delete(conn: &Connection, tenant: &str, kind: &str, id: &str) -> Outcome<()> {
    conn.execute("DELETE FROM trade_docs WHERE tenant = ?1 AND kind = ?2 AND id = ?3", params![tenant, kind, id])?;
    Ok(())
}

/// A hosted session by its token: (tenant, document).
pub fn session<T: DeserializeOwned>(conn: &Connection, token: &str) -> Outcome<Option<(String, T)>> {
    let row: Option<(String, String)> = conn
        .query_row("SELECT tenant, doc FROM trade_docs WHERE kind = ?1 AND id = ?2", params![SESSION, token], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .optional()?;
    match row {
        Some((tenant, doc)) => Ok(Some((tenant, serde_json::from_str(&doc)?))),
        None => Ok(None),
    }
}

/// One page of the trades a user takes part in (as payer or payee), newest first.
pub fn trades_of<T: DeserializeOwned>(
    conn: &Connection,
    tenant: &str,
    user: &str,
    limit: i64,
    offset: i64,
) -> Outcome<Vec<T>> {
    let mut stmt = conn.prepare(
        "SELECT doc FROM trade_docs WHERE tenant = ?1 AND kind = ?2
           AND (json_extract(doc, '$.payerId') = ?3 OR json_extract(doc, '$.payeeId') = ?3)
         ORDER BY created DESC, rowid DESC LIMIT ?4 OFFSET ?5",
    )?;
    let docs = stmt
        .query_map(params![tenant, TRADE, user, limit, offset], |r| r.get::<_, String>(0))?
        .collect::<Result<Vec<_>, _>>()?;
    docs.iter().map(|d| serde_json::from_str(d).map_err(Fault::from)).collect()
}

/// Whether some trade of the tenant already uses this checkout key and is not closed
/// without payment (the spec: at most one successful payment and checkout per key).
pub fn checkout_key_taken(conn: &Connection, tenant: &str, key: &str) -> Outcome<bool> {
    let n: i64 = conn.query_row(
        "SELECT COUNT(*) FROM trade_docs WHERE tenant = ?1 AND kind = ?2
           AND json_extract(doc, '$.checkoutKey') = ?3
           AND json_extract(doc, '$.stage') NOT IN ('Cancelled', 'Rejected', 'Abandoned')",
        params![tenant, TRADE, key],
        |r| r.get(0),
    )?;
    Ok(n > 0)
}

/// Whether a user takes part in a trade that is not finished.
pub fn has_open_trades(conn: &Connection, tenant: &str, user: &str) -> Outcome<bool> {
    let n: i64 = conn.query_row(
        "SELECT COUNT(*) FROM trade_docs WHERE tenant = ?1 AND kind = ?2
           AND (json_extract(doc, '$.payerId') = ?3 OR json_extract(doc, '$.payeeId') = ?3)
           AND json_extract(doc, '$.stage') NOT IN ('Completed', 'Rejected', 'Cancelled', 'Abandoned', 'Reimbursed', 'Refunded')",
        params![tenant, TRADE, user],
        |r| r.get(0),
    )?;
    Ok(n > 0)
}
