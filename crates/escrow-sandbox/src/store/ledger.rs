//! The execution ledger: one row per money-moving action actually executed. Tests
//! read it to prove that retries never executed anything twice.

use rusqlite::{Connection, params};
use rust_decimal::Decimal;
use serde::Serialize;

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LedgerRow {
    pub seq: i64,
    pub kind: String,
    pub target: String,
    pub amount: Option<String>,
    pub idempotency_key: Option<String>,
    pub at: String,
}

pub fn record(
    conn: &Connection,
    tenant: &str,
    kind: &str,
    target: &str,
    amount: Option<Decimal>,
    key: Option<&str>,
    at: &str,
) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO ledger (tenant, kind, target, amount, idempotency_key, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![tenant, kind, target, amount.map(|a| a.to_string()), key, at],
    )?;
    Ok(())
}

pub fn list(conn: &Connection, tenant: &str) -> rusqlite::Result<Vec<LedgerRow>> {
    let mut stmt = conn
        .prepare("SELECT seq, kind, target, amount, idempotency_key, at FROM ledger WHERE tenant = ?1 ORDER BY seq")?;
    let rows = stmt.query_map([tenant], |r| {
        Ok(LedgerRow {
            seq: r.get(0)?,
            kind: r.get(1)?,
            target: r.get(2)?,
            amount: r.get(3)?,
            idempotency_key: r.get(4)?,
            at: r.get(5)?,
        })
    })?;
    rows.collect()
}
