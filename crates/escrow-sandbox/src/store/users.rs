//! Connected user accounts of a tenant, with their bank accounts.

use crate::error::ApiResult;
use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UserConnection {
    pub reference_id: String,
    pub connected: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BankAccount {
    pub bank: String,
    pub bank_id: String,
    pub bank_account_id: String,
    pub bban: String,
    pub iban: String,
    pub account_name: String,
    pub is_default: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct User {
    pub service_account_id: String,
    pub name: String,
    pub email: Option<String>,
    pub phone_number: Option<String>,
    pub phone_number_verified: bool,
    /// `Private` or `Business`.
    #[serde(rename = "type")]
    pub kind: String,
    pub created: String,
    pub connections: Vec<UserConnection>,
    pub bank_accounts: Vec<BankAccount>,
    pub cvr: Option<String>,
}

impl User {
    pub fn reference_id(&self) -> Option<&str> {
        self.connections.first().map(|c| c.reference_id.as_str())
    }
}

pub fn insert(conn: &Connection, tenant: &str, user: &User) -> ApiResult<()> {
    conn.execute(
        "INSERT INTO users (service_account_id, tenant, reference_id, created, doc) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![user.service_account_id, tenant, user.reference_id(), user.created, serde_json::to_string(user)?],
    )?;
    Ok(())
}

pub fn get(conn: &Connection, tenant: &str, id: &str) -> ApiResult<Option<User>> {
    let doc: Option<String> = conn
        .query_row(
            "SELECT doc FROM users WHERE tenant = ?1 AND service_account_id = ?2",
            params![tenant, id],
            |r| r.get(0),
        )
        .optional()?;
    Ok(doc.map(|d| serde_json::from_str(&d)).transpose()?)
}

pub fn by_reference(conn: &Connection, tenant: &str, reference_id: &str) -> ApiResult<Option<User>> {
    let doc: Option<String> = conn
        .query_row(
            "SELECT doc FROM users WHERE tenant = ?1 AND reference_id = ?2",
            params![tenant, reference_id],
            |r| r.get(0),
        )
        .optional()?;
    Ok(doc.map(|d| serde_json::from_str(&d)).transpose()?)
}
