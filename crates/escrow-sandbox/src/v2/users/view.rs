//! The connected user as `/v2` answers it: the record, the list item and the list, as types
//! the handlers write and the OpenAPI document describes. Written through a
//! `serde_json::Value` (sorted keys), so a body reads byte for byte as the `json!` it replaced.

use super::store::{Profile, User, UserConnection};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Value, json};

/// What is known of the user's identity.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Kyc {
    /// 0 none, 1 identity verified on the connect page.
    pub level: Option<i64>,
}

/// The spec's full user record (`GET /v2/users/{id}`).
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schemars(rename = "User")]
pub struct UserRecord {
    pub id: String,
    pub service_account_id: String,
    pub connections: Vec<UserConnection>,
    pub name: String,
    pub kyc: Kyc,
    pub email: Option<String>,
    pub phone_number: Option<String>,
    pub phone_number_verified: bool,
    pub date_of_birth: Option<String>,
    /// Masked (`DDMMYY-XXXX`).
    pub cpr: Option<String>,
    pub cvr: Option<String>,
    pub address: Option<Value>,
    /// `Private` or `Business`.
    #[serde(rename = "type")]
    pub kind: String,
    pub created: String,
}

/// One item of `GET /v2/users`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UserListItem {
    pub service_account_id: String,
    pub name: String,
    pub phone_number: Option<String>,
    pub phone_number_verified: bool,
    pub created: String,
    /// `Private` or `Business`.
    #[serde(rename = "type")]
    pub kind: String,
}

/// `GET /v2/users`: connected users, newest first.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UserList {
    pub items: Vec<UserListItem>,
}

/// The full user record of the spec.
pub fn record(u: &User, p: &Profile) -> Value {
    json!(UserRecord {
        id: p.id.clone().unwrap_or_else(|| u.service_account_id.clone()),
        service_account_id: u.service_account_id.clone(),
        connections: u.connections.clone(),
        name: u.name.clone(),
        kyc: Kyc { level: p.kyc_level },
        email: u.email.clone(),
        phone_number: u.phone_number.clone(),
        phone_number_verified: u.phone_number_verified,
        date_of_birth: p.date_of_birth.clone(),
        cpr: p.cpr.clone(),
        cvr: u.cvr.clone(),
        address: p.address.clone(),
        kind: u.kind.clone(),
        created: u.created.clone(),
    })
}

/// `GET /v2/users`.
pub fn list(users: &[User]) -> Value {
    let item = |u: &User| UserListItem {
        service_account_id: u.service_account_id.clone(),
        name: u.name.clone(),
        phone_number: u.phone_number.clone(),
        phone_number_verified: u.phone_number_verified,
        created: u.created.clone(),
        kind: u.kind.clone(),
    };
    json!(UserList { items: users.iter().map(item).collect() })
}
