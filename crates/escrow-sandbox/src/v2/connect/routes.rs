//! `/v2/connect`: start the hosted connect flow, translate a referenceId to its
//! account, create guest users, and delete a connection (spec section 4, "Connect").

use crate::answers::{AccountCreated, ConnectStarted};
use crate::auth::Tenant;
use crate::clock::stamp;
use crate::error::{ApiError, ApiResult};
use crate::openapi::op::Op;
use crate::openapi::table::Routes;
use crate::state::AppState;
use crate::v2::common::is_web_url;
use crate::v2::common::parse_json;
use crate::v2::users::store::{self as users, Profile, Session, User, UserConnection};
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::collections::HashMap;

pub fn routes() -> Routes {
    let r = "/v2/connect/{reference_id}";
    Routes::new("Connect")
        .post(
            "/v2/connect",
            Op::new("Start connecting a user (hosted page link)").takes::<ConnectFlow>().returns::<ConnectStarted>(),
            start,
        )
        .get(r, Op::new("Get a connect session and its user"), get_one)
        .post(
            format!("{r}/guest"),
            Op::new("Make a connected guest account")
                .query(&["Name", "PhoneNumber", "Email", "Cvr"])
                .takes::<GuestBody>()
                .returns::<AccountCreated>(),
            guest,
        )
        .post(format!("{r}/delete"), Op::new("Delete a connect session").empty(), delete)
}

/// The connect request, also kept in the hosted session for the page to follow.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConnectFlow {
    pub reference_id: Option<String>,
    pub return_url: Option<String>,
    pub allow_private: Option<bool>,
    pub allow_business: Option<bool>,
    #[serde(rename = "skipUI")]
    pub skip_ui: Option<bool>,
    pub skip_phone_number: Option<bool>,
    pub skip_email: Option<bool>,
    pub skip_bank_account: Option<bool>,
    #[serde(rename = "skipKYC")]
    pub skip_kyc: Option<bool>,
    #[serde(rename = "skipKYB")]
    pub skip_kyb: Option<bool>,
}

impl ConnectFlow {
    /// With skipUI every other skip flag is ignored (the caller handles all UI), so
    /// nothing beyond the name is asked.
    fn skip(&self, flag: Option<bool>) -> bool {
        self.skip_ui == Some(true) || flag == Some(true)
    }
    pub fn ask_phone(&self) -> bool {
        !self.skip(self.skip_phone_number)
    }
    pub fn ask_email(&self) -> bool {
        !self.skip(self.skip_email)
    }
    pub fn ask_bank_account(&self) -> bool {
        !self.skip(self.skip_bank_account)
    }
    pub fn ask_kyc(&self) -> bool {
        !self.skip(self.skip_kyc)
    }
    pub fn ask_kyb(&self) -> bool {
        !self.skip(self.skip_kyb)
    }
    pub fn private_allowed(&self) -> bool {
        self.allow_private != Some(false)
    }
    pub fn business_allowed(&self) -> bool {
        self.allow_business != Some(false)
    }
}

fn trimmed(v: &Option<String>) -> Option<&str> {
    v.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

async fn start(State(state): State<AppState>, tenant: Tenant, body: Bytes) -> ApiResult<Json<Value>> {
    let mut flow: ConnectFlow = parse_json(&body)?;
    if !flow.private_allowed() && !flow.business_allowed() {
        return Err(ApiError::bad_request("Invalid request", "allowPrivate and allowBusiness cannot both be false"));
    }
    if let Some(url) = trimmed(&flow.return_url)
        && !is_web_url(url)
    {
        return Err(ApiError::bad_request("Invalid request", "returnUrl must be an absolute http or https URL"));
    }
    flow.reference_id = trimmed(&flow.reference_id).map(str::to_owned);
    flow.return_url = trimmed(&flow.return_url).map(str::to_owned);
    let now = stamp(state.clock.now());
    let token = users::new_token();
    let session = Session {
        token: token.clone(),
        tenant: tenant.name.clone(),
        kind: "connect".into(),
        subject: flow.reference_id.clone().unwrap_or_default(),
        created: now,
        completed: None,
        doc: serde_json::to_value(&flow)?,
    };
    state.db.write(move |tx| users::insert_session(tx, &session)).await?;
    Ok(Json(json!(ConnectStarted { connect_url: format!("{}/hosted/connect/{token}", state.public_url) })))
}

/// `GET /v2/connect/{referenceId}`: the connection record.
async fn get_one(
    State(state): State<AppState>,
    tenant: Tenant,
    Path(reference): Path<String>,
) -> ApiResult<Json<Value>> {
    let (user, profile) = state
        .db
        .call(move |c| {
            let Some(user) = users::by_reference(c, &tenant.name, &reference)? else {
                return Ok(None);
            };
            users::get_connected(c, &tenant.name, &user.service_account_id)
        })
        .await?
        .ok_or(ApiError::NotFound)?;
    Ok(Json(json!({
        "id": profile.id.unwrap_or_else(|| user.service_account_id.clone()),
        "serviceAccountId": user.service_account_id,
        "connections": user.connections,
    })))
}

#[derive(Deserialize, Default, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct GuestBody {
    name: Option<String>,
    phone_number: Option<String>,
    email: Option<String>,
    cvr: Option<String>,
    address: Option<Value>,
}

/// `POST /v2/connect/{referenceId}/guest`: a connected guest account, made from the
/// JSON body; the query parameters Name, PhoneNumber, Email, Cvr fill what the body
/// leaves out.
async fn guest(
    State(state): State<AppState>,
    tenant: Tenant,
    Path(reference): Path<String>,
    Query(raw): Query<HashMap<String, String>>,
    body: Bytes,
) -> ApiResult<Json<Value>> {
    let body: GuestBody = parse_json(&body)?;
    let query = |name: &str| {
        raw.iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.trim().to_owned())
            .filter(|v| !v.is_empty())
    };
    let pick = |from_body: &Option<String>, name: &str| trimmed(from_body).map(str::to_owned).or_else(|| query(name));
    let name = pick(&body.name, "Name");
    let phone = pick(&body.phone_number, "PhoneNumber");
    let email = pick(&body.email, "Email");
    let cvr = pick(&body.cvr, "Cvr");
    if let Some(cvr) = &cvr
        && !(cvr.len() == 8 && cvr.bytes().all(|b| b.is_ascii_digit()))
    {
        return Err(ApiError::bad_request("Invalid request", "cvr must be 8 digits"));
    }
    if let Some(email) = &email
        && !email.contains('@')
    {
        return Err(ApiError::bad_request("Invalid request", "email is not an email address"));
    }
    let address = match body.address {
        None | Some(Value::Null) => None,
        Some(v @ Value::Object(_)) => Some(v),
        Some(_) => {
            return Err(ApiError::bad_request("Invalid request", "address must be an object or null"));
        }
    };
    let reference = reference.trim().to_owned();
    if reference.is_empty() {
        return Err(ApiError::NotFound);
    }
    let now = stamp(state.clock.now());
    let id = state
        .db
        .write(move |tx| {
            if users::by_reference(tx, &tenant.name, &reference)?.is_some() {
                return Err(ApiError::bad_request(
                    "Invalid reference",
                    format!("referenceId {reference} is already connected"),
                ));
            }
            let id = uuid::Uuid::new_v4().to_string();
            let user = User {
                service_account_id: id.clone(),
                name: name.unwrap_or_else(|| "Guest".to_owned()),
                email,
                phone_number_verified: false,
                phone_number: phone,
                kind: if cvr.is_some() { "Business" } else { "Private" }.into(),
                created: now.clone(),
                connections: vec![UserConnection { reference_id: reference, connected: now }],
                bank_accounts: Vec::new(),
                cvr,
            };
            let profile = Profile {
                id: Some(uuid::Uuid::new_v4().to_string()),
                kyc_level: Some(0),
                address,
                guest: true,
                ..Profile::default()
            };
            users::insert_with_profile(tx, &tenant.name, &user, &profile)?;
            Ok(id)
        })
        .await?;
    Ok(Json(json!(AccountCreated { service_account_id: id })))
}

/// `POST /v2/connect/{referenceId}/delete`: removes the connection; the account can
/// no longer take part in anything for this tenant (its `/v2/users` routes answer 404).
async fn delete(State(state): State<AppState>, tenant: Tenant, Path(reference): Path<String>) -> ApiResult<StatusCode> {
    state
        .db
        .write(move |tx| {
            let mut user = users::by_reference(tx, &tenant.name, &reference)?.ok_or(ApiError::NotFound)?;
            user.connections.retain(|c| c.reference_id != reference);
            users::update(tx, &tenant.name, &user)
        })
        .await?;
    Ok(StatusCode::OK)
}
