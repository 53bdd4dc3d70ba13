//! `/_sandbox`: control and inspection for tests and demos (same bearer key).
//! Reads here have no side effects.

use crate::auth::Tenant;
use crate::clock::stamp;
use crate::error::{ApiError, ApiResult};
use crate::openapi::op::Op;
use crate::openapi::table::{CONTROL_TAG, Routes};
use crate::state::AppState;
use crate::store::ledger;
use crate::v2::common::parse_json;
use crate::v2::users::store as users;
use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

pub fn routes() -> Routes {
    let faults = "/_sandbox/faults";
    Routes::new(CONTROL_TAG)
        .post(
            "/_sandbox/users",
            Op::new("Create a connected user with one bank account")
                .takes::<NewUser>()
                .returns::<crate::answers::SandboxUserCreated>(),
            create_user,
        )
        .get(
            "/_sandbox/ledger",
            Op::new("Every executed money move").returns::<crate::openapi::kept::SandboxItems>(),
            list_ledger,
        )
        .post("/_sandbox/clock/advance", Op::new("Move the sandbox clock forward").takes::<Advance>(), advance_clock)
        .post("/_sandbox/payout-run", Op::new("Run the payout batch"), payout_run)
        .put(faults, Op::new("Set the fault-injection rules").takes::<FaultRules>().returns::<FaultRules>(), set_faults)
        .delete(faults, Op::new("Clear the fault-injection rules").returns::<FaultRules>(), clear_faults)
        .get(faults, Op::new("The fault-injection rules").returns::<FaultRules>(), list_faults)
        .put("/_sandbox/webhook-url", Op::new("Where webhooks go (body: url)").takes::<WebhookUrl>(), set_webhook_url)
        .get(
            "/_sandbox/webhooks",
            Op::new("Every webhook delivery").returns::<crate::openapi::kept::SandboxItems>(),
            list_webhooks,
        )
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
#[schemars(rename = "SandboxNewUser")]
struct NewUser {
    #[schemars(required)]
    reference_id: Option<String>,
    name: Option<String>,
    email: Option<String>,
    phone_number: Option<String>,
    #[serde(rename = "type")]
    #[schemars(with = "Option<UserKind>")]
    kind: Option<String>,
}

/// The kinds of user the control API makes (schema only: the handler reads the name).
#[derive(JsonSchema)]
#[allow(dead_code)]
enum UserKind {
    Private,
    Business,
}

async fn create_user(State(state): State<AppState>, tenant: Tenant, body: Bytes) -> ApiResult<Json<Value>> {
    if crate::v2::common::object(&body).is_ok_and(|o| o.get("type").is_some_and(Value::is_null)) {
        return Err(ApiError::bad_request("Invalid request", "type is Private or Business, not null"));
    }
    let req: NewUser = parse_json(&body)?;
    let reference_id = req
        .reference_id
        .filter(|r| !r.trim().is_empty())
        .ok_or_else(|| ApiError::bad_request("Invalid request", "referenceId is required"))?;
    let name = req.name.filter(|n| !n.trim().is_empty()).unwrap_or_else(|| reference_id.clone());
    let kind = match req.kind.as_deref() {
        None | Some("Private") => "Private",
        Some("Business") => "Business",
        Some(other) => {
            return Err(ApiError::bad_request("Invalid request", format!("type {other} is not Private or Business")));
        }
    };
    let now = stamp(state.clock.now());
    let id = state
        .db
        .write(move |tx| {
            users::insert_user(tx, &tenant.name, &reference_id, &name, req.email, req.phone_number, kind, &now)
        })
        .await?;
    Ok(Json(json!(crate::answers::SandboxUserCreated { service_account_id: id })))
}

async fn list_ledger(State(state): State<AppState>, tenant: Tenant) -> ApiResult<Json<Value>> {
    let rows = state.db.call(move |c| Ok(ledger::list(c, &tenant.name)?)).await?;
    Ok(Json(json!({ "items": rows })))
}

#[derive(Deserialize, JsonSchema)]
#[schemars(rename = "SandboxClockAdvance")]
struct Advance {
    #[schemars(range(min = 0, max = 315_360_000))]
    seconds: i64,
}

/// Moves the sandbox clock forward (ages idempotency keys, onboarding results, links).
async fn advance_clock(State(state): State<AppState>, _tenant: Tenant, body: Bytes) -> ApiResult<Json<Value>> {
    let req: Advance = parse_json(&body)?;
    if !(0..=10 * 365 * 24 * 3600).contains(&req.seconds) {
        return Err(ApiError::bad_request("Invalid request", "seconds must be 0 to ten years"));
    }
    state.clock.advance(req.seconds);
    Ok(Json(json!({ "now": stamp(state.clock.now()) })))
}

/// Runs the payout batch for the calling tenant: scheduled payouts and due split
/// payouts are paid; a payee without a bank account gets `user.bankaccount.missing`.
async fn payout_run(State(state): State<AppState>, tenant: Tenant) -> ApiResult<Json<Value>> {
    let now = stamp(state.clock.now());
    let paid = state
        .db
        .write(move |tx| {
            let ids: Vec<String> = {
                let mut stmt = tx.prepare(
                    "SELECT transaction_id FROM transactions
                     WHERE tenant = ?1 AND (doc LIKE '%\"SCHEDULED\"%' OR doc LIKE '%\"PENDING\"%')",
                )?;
                stmt.query_map([&tenant.name], |r| r.get(0))?.collect::<Result<_, _>>()?
            };
            let mut paid = Vec::new();
            for id in ids {
                let Some(mut t) = crate::v2::transactions::store::get(tx, &tenant.name, &id)? else { continue };
                if let Some(payee_id) = t.payee.as_ref().and_then(|p| p.service_account_id.clone())
                    && t.outbound.iter().any(|o| {
                        o.status == "SCHEDULED" && o.payee.service_account_id.as_deref() == Some(payee_id.as_str())
                    })
                    && let Some(user) = users::get(tx, &tenant.name, &payee_id)?
                    && user.bank_accounts.is_empty()
                {
                    crate::v2::webhooks::outbox::user_event(tx, &tenant.name, "user.bankaccount.missing", &user, &now)?;
                    continue;
                }
                let done = crate::v2::transactions::machine::run_payouts(&mut t, &now);
                if done.is_empty() {
                    continue;
                }
                crate::v2::transactions::store::update(tx, &tenant.name, &t)?;
                for (text, amount) in done {
                    // The bank transfer itself (no key: the run is the service's, not a request).
                    ledger::record(tx, &tenant.name, "payout_run", &id, Some(amount), None, &now)?;
                    paid.push(json!({ "transactionId": id, "text": text, "amount": crate::money::json(amount) }));
                }
            }
            Ok(paid)
        })
        .await?;
    Ok(Json(json!({ "paid": paid })))
}

#[derive(Deserialize, JsonSchema)]
#[schemars(rename = "SandboxFaults")]
struct FaultRules {
    rules: Vec<crate::faults::Rule>,
}

async fn set_faults(State(state): State<AppState>, _tenant: Tenant, body: Bytes) -> ApiResult<Json<Value>> {
    let req: FaultRules = parse_json(&body)?;
    for r in &req.rules {
        if r.rate.is_some_and(|x| !(0.0..=1.0).contains(&x)) {
            return Err(ApiError::bad_request("Invalid request", "rate must be 0 to 1"));
        }
    }
    state.faults.set(req.rules);
    Ok(Json(json!({ "rules": state.faults.list() })))
}

async fn clear_faults(State(state): State<AppState>, _tenant: Tenant) -> Json<Value> {
    state.faults.set(Vec::new());
    Json(json!({ "rules": [] }))
}

async fn list_faults(State(state): State<AppState>, _tenant: Tenant) -> Json<Value> {
    Json(json!({ "rules": state.faults.list() }))
}

#[derive(Deserialize, JsonSchema)]
#[schemars(rename = "SandboxWebhookUrl")]
struct WebhookUrl {
    /// Where to POST webhooks (http or https); empty or null: nowhere.
    url: Option<String>,
}

async fn set_webhook_url(State(state): State<AppState>, tenant: Tenant, body: Bytes) -> ApiResult<Json<Value>> {
    let req: WebhookUrl = parse_json(&body)?;
    let url = req.url.filter(|u| !u.trim().is_empty());
    if let Some(u) = &url
        && !(u.starts_with("http://") || u.starts_with("https://"))
    {
        return Err(ApiError::bad_request("Invalid request", "url must be http or https"));
    }
    let stored = url.clone();
    state.db.call(move |c| crate::v2::webhooks::outbox::set_url(c, &tenant.name, stored.as_deref())).await?;
    Ok(Json(json!({ "url": url })))
}

async fn list_webhooks(State(state): State<AppState>, tenant: Tenant) -> ApiResult<Json<Value>> {
    let items = state.db.call(move |c| crate::v2::webhooks::outbox::list(c, &tenant.name)).await?;
    Ok(Json(json!({ "items": items })))
}

#[cfg(test)]
mod tests {
    #[test]
    fn iban_check_digits() {
        // A known-valid Danish IBAN.
        assert_eq!(crate::banks::danish_iban("00400440116243"), "DK5000400440116243");
    }
}
