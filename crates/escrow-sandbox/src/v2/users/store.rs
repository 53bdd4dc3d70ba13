//! Connected user accounts of a tenant, with their bank accounts.

use crate::banks::danish_iban;
use crate::error::{ApiError, ApiResult};
use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize, schemars::JsonSchema)]
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
    // Only a connected user can take part in transactions and payments.
    Ok(load(conn, tenant, id)?.map(|(u, _)| u).filter(User::is_connected))
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

/// Fields of the full user record beyond what the control API sets (id, KYC, date of
/// birth, CPR, address, guest). Kept as extra keys of the same JSON document, so
/// [`User`] and documents written before these fields existed still load.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Profile {
    /// The record's own id, distinct from the serviceAccountId (absent on old rows:
    /// the serviceAccountId stands in).
    pub id: Option<String>,
    /// KYC level: 0 none, 1 identity verified on the connect page.
    pub kyc_level: Option<i64>,
    pub date_of_birth: Option<String>,
    /// Masked (`DDMMYY-XXXX`): the sandbox never stores a full CPR number.
    pub cpr: Option<String>,
    pub address: Option<serde_json::Value>,
    /// Created through `POST /v2/connect/{referenceId}/guest`.
    pub guest: bool,
}

impl User {
    /// Connected to the tenant: linked through at least one referenceId. A user whose
    /// connection was deleted cannot take part in anything until connected again.
    pub fn is_connected(&self) -> bool {
        !self.connections.is_empty()
    }
}

/// The user and its profile, whether connected or not.
pub fn load(conn: &Connection, tenant: &str, id: &str) -> ApiResult<Option<(User, Profile)>> {
    let doc: Option<String> = conn
        .query_row("SELECT doc FROM users WHERE tenant = ?1 AND service_account_id = ?2", params![tenant, id], |r| {
            r.get(0)
        })
        .optional()?;
    let Some(doc) = doc else { return Ok(None) };
    Ok(Some((serde_json::from_str(&doc)?, serde_json::from_str(&doc)?)))
}

/// A user connected to the tenant (what every `/v2/users` route works on); a missing,
/// foreign or disconnected account is `None`, which routes answer with 404.
pub fn get_connected(conn: &Connection, tenant: &str, id: &str) -> ApiResult<Option<(User, Profile)>> {
    Ok(load(conn, tenant, id)?.filter(|(u, _)| u.is_connected()))
}

fn merged(user: &User, profile: &Profile) -> ApiResult<String> {
    let mut doc = serde_json::to_value(user)?;
    if let (Some(target), serde_json::Value::Object(extra)) = (doc.as_object_mut(), serde_json::to_value(profile)?) {
        target.extend(extra);
    }
    Ok(doc.to_string())
}

/// Inserts a user with its profile.
pub fn insert_with_profile(conn: &Connection, tenant: &str, user: &User, profile: &Profile) -> ApiResult<()> {
    conn.execute(
        "INSERT INTO users (service_account_id, tenant, reference_id, created, doc) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![user.service_account_id, tenant, user.reference_id(), user.created, merged(user, profile)?],
    )?;
    Ok(())
}

/// Stores a changed user. Keys of the stored document that [`User`] does not know
/// (the profile, or fields added by other modules) are kept, not dropped.
pub fn update(conn: &Connection, tenant: &str, user: &User) -> ApiResult<()> {
    let stored: Option<String> = conn
        .query_row(
            "SELECT doc FROM users WHERE tenant = ?1 AND service_account_id = ?2",
            params![tenant, user.service_account_id],
            |r| r.get(0),
        )
        .optional()?;
    let mut doc: serde_json::Value = match stored {
        Some(s) => serde_json::from_str(&s)?,
        None => serde_json::Value::Object(Default::default()),
    };
    if let (Some(target), serde_json::Value::Object(fields)) = (doc.as_object_mut(), serde_json::to_value(user)?) {
        target.extend(fields);
    }
    conn.execute(
        "UPDATE users SET reference_id = ?3, doc = ?4 WHERE tenant = ?1 AND service_account_id = ?2",
        params![tenant, user.service_account_id, user.reference_id(), doc.to_string()],
    )?;
    Ok(())
}

/// Connected users of a tenant, newest first.
pub fn list_connected(conn: &Connection, tenant: &str, skip: i64, take: i64) -> ApiResult<Vec<User>> {
    let mut stmt = conn.prepare_cached(
        "SELECT doc FROM users WHERE tenant = ?1 AND reference_id IS NOT NULL
         ORDER BY created DESC, rowid DESC LIMIT ?2 OFFSET ?3",
    )?;
    let docs =
        stmt.query_map(params![tenant, take, skip], |r| r.get::<_, String>(0))?.collect::<Result<Vec<_>, _>>()?;
    Ok(docs.iter().map(|d| serde_json::from_str(d)).collect::<Result<Vec<_>, _>>()?)
}

// ---- Hosted-page sessions -------------------------------------------------------
//
// A hosted page (connect, bank-account onboarding, signing, file download) is opened
// by a person's browser without the API key; an unguessable token in its URL stands
// for the tenant and the subject. One row per token, in `hosted_sessions`.

/// A hosted-page session.
#[derive(Debug, Clone)]
pub struct Session {
    pub token: String,
    pub tenant: String,
    /// `connect`, `onboarding`, `sign`, `download`.
    pub kind: String,
    /// What the session is about: a referenceId, serviceAccountId or documentId.
    pub subject: String,
    pub created: String,
    /// When the person finished the page (None: still open).
    pub completed: Option<String>,
    pub doc: serde_json::Value,
}

/// A fresh unguessable token (two random UUIDs: 244 random bits).
pub fn new_token() -> String {
    format!("{}{}", uuid::Uuid::new_v4().simple(), uuid::Uuid::new_v4().simple())
}

pub fn insert_session(conn: &Connection, s: &Session) -> ApiResult<()> {
    conn.execute(
        "INSERT INTO hosted_sessions (token, tenant, kind, subject, created, completed, doc)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![s.token, s.tenant, s.kind, s.subject, s.created, s.completed, s.doc.to_string()],
    )?;
    Ok(())
}

fn session_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<(Session, String)> {
    Ok((
        Session {
            token: r.get(0)?,
            tenant: r.get(1)?,
            kind: r.get(2)?,
            subject: r.get(3)?,
            created: r.get(4)?,
            completed: r.get(5)?,
            doc: serde_json::Value::Null,
        },
        r.get(6)?,
    ))
}

const SESSION_COLUMNS: &str = "token, tenant, kind, subject, created, completed, doc";

/// The session of `kind` behind `token`, if any.
pub fn session(conn: &Connection, kind: &str, token: &str) -> ApiResult<Option<Session>> {
    let row = conn
        .query_row(
            &format!("SELECT {SESSION_COLUMNS} FROM hosted_sessions WHERE token = ?1 AND kind = ?2"),
            params![token, kind],
            session_row,
        )
        .optional()?;
    row.map(|(mut s, doc)| {
        s.doc = serde_json::from_str(&doc)?;
        Ok(s)
    })
    .transpose()
}

/// The newest session of `kind` about `subject` for the tenant.
pub fn latest_session(conn: &Connection, tenant: &str, kind: &str, subject: &str) -> ApiResult<Option<Session>> {
    let row = conn
        .query_row(
            &format!(
                "SELECT {SESSION_COLUMNS} FROM hosted_sessions WHERE tenant = ?1 AND kind = ?2 AND subject = ?3
                 ORDER BY rowid DESC LIMIT 1"
            ),
            params![tenant, kind, subject],
            session_row,
        )
        .optional()?;
    row.map(|(mut s, doc)| {
        s.doc = serde_json::from_str(&doc)?;
        Ok(s)
    })
    .transpose()
}

/// Stores a session's new state (its document and completion time).
pub fn update_session(conn: &Connection, s: &Session) -> ApiResult<()> {
    conn.execute(
        "UPDATE hosted_sessions SET completed = ?2, doc = ?3 WHERE token = ?1",
        params![s.token, s.completed, s.doc.to_string()],
    )?;
    Ok(())
}

/// Forgets every session of `kind` about `subject` (a deleted document's links).
pub fn delete_sessions(conn: &Connection, tenant: &str, kind: &str, subject: &str) -> ApiResult<()> {
    conn.execute(
        "DELETE FROM hosted_sessions WHERE tenant = ?1 AND kind = ?2 AND subject = ?3",
        params![tenant, kind, subject],
    )?;
    Ok(())
}

/// Makes a bank account for a sandbox user: a valid-looking Danish BBAN and IBAN.
pub fn demo_bank_account(seed: u64, is_default: bool) -> BankAccount {
    let reg = 1000 + seed % 8999;
    let account = 1_000_000_000 + (seed.wrapping_mul(7919) % 8_999_999_999);
    let bban = format!("{reg:04}{account:010}");
    BankAccount {
        bank: "Sandbox Bank".into(),
        bank_id: "sandbox-bank".into(),
        bank_account_id: uuid::Uuid::new_v4().to_string(),
        iban: danish_iban(&bban),
        bban,
        account_name: "Lønkonto".into(),
        is_default,
    }
}

/// Inserts a connected user with one bank account. Used by the route and the seed.
pub fn insert_user(
    conn: &rusqlite::Connection,
    tenant: &str,
    reference_id: &str,
    name: &str,
    email: Option<String>,
    phone: Option<String>,
    kind: &str,
    created: &str,
) -> ApiResult<String> {
    if by_reference(conn, tenant, reference_id)?.is_some() {
        return Err(ApiError::bad_request(
            "Invalid reference",
            format!("referenceId {reference_id} is already connected"),
        ));
    }
    let id = uuid::Uuid::new_v4().to_string();
    let seed = id.bytes().fold(0u64, |a, b| a.wrapping_mul(31).wrapping_add(u64::from(b)));
    let user = User {
        service_account_id: id.clone(),
        name: name.to_owned(),
        phone_number_verified: phone.is_some(),
        email,
        phone_number: phone,
        kind: kind.to_owned(),
        created: created.to_owned(),
        connections: vec![UserConnection { reference_id: reference_id.to_owned(), connected: created.to_owned() }],
        bank_accounts: vec![demo_bank_account(seed, true)],
        cvr: None,
    };
    insert(conn, tenant, &user)?;
    Ok(id)
}
