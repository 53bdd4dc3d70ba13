//! Transactions: the stored document and its table (its renderings are in [`super::view`]).

use crate::error::ApiResult;
use rusqlite::{Connection, OptionalExtension, params};
use rust_decimal::Decimal;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A party as stored on a transaction (denormalized for display and search).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
#[schemars(rename = "Party")]
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

/// Stores a new transaction. Its list position (`ord`) is assigned here; the search
/// index follows by trigger (see [`prepare_search`]).
pub fn insert(conn: &Connection, tenant: &str, t: &TxnDoc) -> ApiResult<()> {
    let ord = super::ord::next_ord(conn, tenant, &t.created)?;
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
