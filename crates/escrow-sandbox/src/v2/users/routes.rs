//! `/v2/users`: list and get users, the banks open for onboarding, connected bank
//! accounts, onboarding (start, result) and add / set-default / delete (spec section 4,
//! "Users and bank accounts" and its bank account rules).

use crate::auth::Tenant;
use crate::clock::stamp;
use crate::error::{ApiError, ApiResult};
use crate::openapi::op::Op;
use crate::openapi::table::Routes;
use crate::state::AppState;
use crate::v2::common::parse_json;
use crate::v2::users::onboarding::{
    add_account, banks, connected, current_result, onboarding_result, start_onboarding,
};
use crate::v2::users::store::{self as users, Profile, User};
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::HashMap;

pub fn routes() -> Routes {
    let accounts = "/v2/users/{id}/bank-accounts";
    Routes::new("Users")
        .get(
            "/v2/users",
            Op::new("List connected users")
                .query(&["Skip", "Take", "Public"])
                .returns::<crate::openapi::kept::UserList>(),
            list,
        )
        .get("/v2/users/{id}", Op::new("Get a user").returns::<crate::openapi::kept::User>(), get_one)
        .get("/v2/users/{id}/banks", Op::new("Banks the user can onboard an account from"), list_banks)
        .get(accounts, Op::new("The user's bank accounts"), bank_accounts)
        .post(
            format!("{accounts}/initialize"),
            Op::new("Start bank-account onboarding (hosted page link)")
                .takes::<super::onboarding::StartBody>()
                .returns::<crate::answers::Link>()
                .titled_404(),
            start_onboarding,
        )
        .get(format!("{accounts}/initialize"), Op::new("The onboarding's result (30 minutes after)"), onboarding_result)
        .post(
            format!("{accounts}/add"),
            Op::new("Add an account from the onboarding result").takes::<AccountRef>().empty(),
            add,
        )
        .post(
            format!("{accounts}/set-default"),
            Op::new("Make an account the default").takes::<AccountRef>().empty(),
            set_default,
        )
        .post(format!("{accounts}/delete"), Op::new("Delete an account").takes::<AccountRef>().empty(), delete)
}

/// Skip default 0; Take default 20, capped at 100 (as for transactions: the spec
/// shows no defaults and no maximum for users).
pub const DEFAULT_TAKE: i64 = 20;
pub const MAX_TAKE: i64 = 100;

fn find<'a>(raw: &'a HashMap<String, String>, name: &str) -> Option<&'a str> {
    raw.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
}

/// The spec's int32 pattern (`^-?(?:0|[1-9]\d*)$`), strictly.
fn int32(name: &str, v: &str) -> ApiResult<i64> {
    let digits = v.strip_prefix('-').unwrap_or(v);
    let ok =
        !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) && (digits == "0" || !digits.starts_with('0'));
    ok.then(|| v.parse::<i32>().ok())
        .flatten()
        .map(i64::from)
        .ok_or_else(|| ApiError::bad_request("Invalid request", format!("{name} must be an integer")))
}

/// Skip/Take/Public, matched case-insensitively. Public must be a boolean if given;
/// its meaning is not shown in the spec, so it does not filter.
fn list_query(raw: &HashMap<String, String>) -> ApiResult<(i64, i64)> {
    let skip = match find(raw, "Skip") {
        None | Some("") => 0,
        Some(v) => int32("Skip", v)?,
    };
    let take = match find(raw, "Take") {
        None | Some("") => DEFAULT_TAKE,
        Some(v) => int32("Take", v)?,
    };
    if skip < 0 {
        return Err(ApiError::bad_request("Invalid request", "Skip must not be negative"));
    }
    if take < 1 {
        return Err(ApiError::bad_request("Invalid request", "Take must be at least 1"));
    }
    if let Some(public) = find(raw, "Public").filter(|v| !v.is_empty())
        && !public.eq_ignore_ascii_case("true")
        && !public.eq_ignore_ascii_case("false")
    {
        return Err(ApiError::bad_request("Invalid request", "Public must be true or false"));
    }
    Ok((skip, take.min(MAX_TAKE)))
}

async fn list(
    State(state): State<AppState>,
    tenant: Tenant,
    Query(raw): Query<HashMap<String, String>>,
) -> ApiResult<Json<Value>> {
    let (skip, take) = list_query(&raw)?;
    let items = state.db.call(move |c| users::list_connected(c, &tenant.name, skip, take)).await?;
    let items: Vec<Value> = items
        .iter()
        .map(|u| {
            json!({
                "serviceAccountId": u.service_account_id,
                "name": u.name,
                "phoneNumber": u.phone_number,
                "phoneNumberVerified": u.phone_number_verified,
                "created": u.created,
                "type": u.kind,
            })
        })
        .collect();
    Ok(Json(json!({ "items": items })))
}

/// The full user record of the spec.
pub fn record(u: &User, p: &Profile) -> Value {
    json!({
        "id": p.id.clone().unwrap_or_else(|| u.service_account_id.clone()),
        "serviceAccountId": u.service_account_id,
        "connections": u.connections,
        "name": u.name,
        "kyc": { "level": p.kyc_level },
        "email": u.email,
        "phoneNumber": u.phone_number,
        "phoneNumberVerified": u.phone_number_verified,
        "dateOfBirth": p.date_of_birth,
        "cpr": p.cpr,
        "cvr": u.cvr,
        "address": p.address,
        "type": u.kind,
        "created": u.created,
    })
}

async fn get_one(State(state): State<AppState>, tenant: Tenant, Path(id): Path<String>) -> ApiResult<Json<Value>> {
    let (u, p) = connected(&state, &tenant, id).await?;
    Ok(Json(record(&u, &p)))
}

async fn list_banks(State(state): State<AppState>, tenant: Tenant, Path(id): Path<String>) -> ApiResult<Json<Value>> {
    connected(&state, &tenant, id).await?;
    let banks: Vec<Value> =
        banks().iter().map(|b| json!({ "bankId": b.id, "name": b.name, "bankCentral": b.central })).collect();
    Ok(Json(json!({ "banks": banks })))
}

async fn bank_accounts(
    State(state): State<AppState>,
    tenant: Tenant,
    Path(id): Path<String>,
) -> ApiResult<Json<Value>> {
    let (u, _) = connected(&state, &tenant, id).await?;
    Ok(Json(json!({ "items": u.bank_accounts })))
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct AccountRef {
    bank_id: Option<String>,
    bank_account_id: Option<String>,
}

fn account_ref(body: &[u8]) -> ApiResult<(String, String)> {
    let r: AccountRef = parse_json(body)?;
    let field = |v: Option<String>, name: &str| {
        v.map(|s| s.trim().to_owned())
            .filter(|s| !s.is_empty())
            .ok_or_else(|| ApiError::bad_request("Invalid request", format!("{name} is required")))
    };
    Ok((field(r.bank_id, "bankId")?, field(r.bank_account_id, "bankAccountId")?))
}

fn not_found_account(bank_account_id: &str) -> ApiError {
    ApiError::NotFoundTitled {
        title: "Bank account not found",
        detail: format!("bank account {bank_account_id} was not found"),
    }
}

async fn add(
    State(state): State<AppState>,
    tenant: Tenant,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult<StatusCode> {
    let (bank_id, account_id) = account_ref(&body)?;
    let now = state.clock.now();
    state
        .db
        .write(move |tx| {
            let (mut user, _) = users::get_connected(tx, &tenant.name, &id)?.ok_or(ApiError::NotFound)?;
            let session = users::latest_session(tx, &tenant.name, "onboarding", &id)?;
            let result = current_result(session, now).map_err(|why| ApiError::NotFoundTitled {
                title: "No bank accounts",
                detail: format!("no onboarding result to add from: {why}"),
            })?;
            let account = result
                .selected
                .iter()
                .find(|a| a.bank_account_id == account_id && result.bank_id == bank_id)
                .ok_or_else(|| not_found_account(&account_id))?;
            add_account(&mut user, &bank_id, account);
            users::update(tx, &tenant.name, &user)?;
            crate::v2::webhooks::outbox::bank_account_connected(tx, &tenant.name, &user, &stamp(now))
        })
        .await?;
    Ok(StatusCode::OK)
}

async fn set_default(
    State(state): State<AppState>,
    tenant: Tenant,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult<StatusCode> {
    let (bank_id, account_id) = account_ref(&body)?;
    state
        .db
        .write(move |tx| {
            let (mut user, _) = users::get_connected(tx, &tenant.name, &id)?.ok_or(ApiError::NotFound)?;
            if !user.bank_accounts.iter().any(|a| a.bank_account_id == account_id && a.bank_id == bank_id) {
                return Err(not_found_account(&account_id));
            }
            for a in &mut user.bank_accounts {
                a.is_default = a.bank_account_id == account_id && a.bank_id == bank_id;
            }
            users::update(tx, &tenant.name, &user)
        })
        .await?;
    Ok(StatusCode::OK)
}

async fn delete(
    State(state): State<AppState>,
    tenant: Tenant,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult<StatusCode> {
    let (bank_id, account_id) = account_ref(&body)?;
    state
        .db
        .write(move |tx| {
            let (mut user, _) = users::get_connected(tx, &tenant.name, &id)?.ok_or(ApiError::NotFound)?;
            let index = user
                .bank_accounts
                .iter()
                .position(|a| a.bank_account_id == account_id && a.bank_id == bank_id)
                .ok_or_else(|| not_found_account(&account_id))?;
            if user.bank_accounts.len() == 1 {
                return Err(ApiError::bad_request(
                    "Bank account can't be deleted",
                    "a user must keep at least one bank account",
                ));
            }
            let removed = user.bank_accounts.remove(index);
            if removed.is_default
                && let Some(first) = user.bank_accounts.first_mut()
            {
                first.is_default = true;
            }
            users::update(tx, &tenant.name, &user)
        })
        .await?;
    Ok(StatusCode::OK)
}
