//! Transaction actions: delete, cancel, payout, update, reimburse payer, change amount,
//! add payee or payer. Money-moving ones run through [`idempotency::run`] and are
//! recorded in the ledger; each emits its webhook in the same SQLite transaction.

use crate::auth::Tenant;
use crate::clock::stamp;
use crate::error::{ApiError, ApiResult};
use crate::extract::Keyed;
use crate::idempotency::Reply;
use crate::money;
use crate::openapi::op::Op;
use crate::openapi::table::Routes;
use crate::state::AppState;
use crate::store::ledger;
use crate::v2::common::{parse_json, parse_json_text};
use crate::v2::transactions::machine;
use crate::v2::transactions::routes::service_fee;
use crate::v2::transactions::store::{self as store, PartyDoc, TxnDoc};
use crate::v2::users::store as users;
use crate::v2::webhooks::outbox as webhooks;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use rusqlite::Connection;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

pub fn routes() -> Routes {
    let t = "/v2/transactions/{transaction_id}";
    let keyed = |summary| Op::new(summary).keyed().takes::<ActorBody>().empty();
    Routes::new(super::routes::TAG)
        .post(format!("{t}/delete"), Op::new("Delete a transaction nobody has paid into").empty(), delete)
        .post(format!("{t}/cancel"), keyed("Cancel a transaction (body: serviceAccountId, reason)"), cancel)
        .post(format!("{t}/payout"), keyed("Release the money to the payee (body: serviceAccountId)"), payout)
        .post(
            format!("{t}/update"),
            Op::new("Update a transaction's details").takes::<UpdateBody>().empty().plain_400(),
            update,
        )
        .post(
            format!("{t}/reimburse-payer"),
            Op::new("Pay money back to the payer (body: amount)").keyed().takes::<AmountBody>().empty().plain_400(),
            reimburse,
        )
        .post(
            format!("{t}/amount"),
            Op::new("Change the amount and fixed fees").takes::<ChangeAmountBody>().empty(),
            change_amount,
        )
        .post(format!("{t}/payee"), Op::new("Add the payee").takes::<PartyBody>().empty(), add_payee)
        .post(format!("{t}/payer"), Op::new("Add the payer").takes::<PartyBody>().empty(), add_payer)
}

/// Loads a transaction of the tenant; another tenant's is 404 like a missing one.
pub fn load(conn: &Connection, tenant: &str, id: &str) -> ApiResult<TxnDoc> {
    store::get(conn, tenant, id)?.ok_or(ApiError::NotFound)
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct ActorBody {
    service_account_id: Option<String>,
    reason: Option<String>,
}

/// `serviceAccountId` is required and must be an account of the tenant (else 404).
fn require_actor(conn: &Connection, tenant: &str, body: &ActorBody) -> ApiResult<()> {
    let id = body.service_account_id.as_deref().map(str::trim).filter(|s| !s.is_empty());
    let id = id.ok_or_else(|| ApiError::bad_request("Invalid request", "serviceAccountId is required"))?;
    users::get(conn, tenant, id)?.map(|_| ()).ok_or(ApiError::NotFound)
}

async fn delete(State(state): State<AppState>, tenant: Tenant, Path(id): Path<String>) -> ApiResult<Response> {
    state
        .db
        .write(move |tx| {
            let t = load(tx, &tenant.name, &id)?;
            machine::delete(&t)?;
            tx.execute("DELETE FROM transactions WHERE tenant = ?1 AND transaction_id = ?2", [&tenant.name, &id])?;
            Ok(())
        })
        .await?;
    Ok(axum::http::StatusCode::OK.into_response())
}

async fn cancel(req: Keyed<String>) -> Response {
    let id = req.path.clone();
    let path = format!("/v2/transactions/{id}/cancel");
    req.run(&path, move |conn, tenant, body, ctx| {
        let req: ActorBody = parse_json(body)?;
        let mut t = load(conn, &tenant.name, &id)?;
        require_actor(conn, &tenant.name, &req)?;
        let now = stamp(ctx.now);
        machine::cancel(&mut t, req.reason.filter(|r| !r.trim().is_empty()), &now)?;
        store::update(conn, &tenant.name, &t)?;
        ledger::record(conn, &tenant.name, "cancel", &id, None, ctx.key, &now)?;
        webhooks::transaction_event(conn, &tenant.name, "transaction.cancelled", &t, None, &now)?;
        Ok(Reply::empty())
    })
    .await
}

async fn payout(req: Keyed<String>) -> Response {
    let id = req.path.clone();
    let path = format!("/v2/transactions/{id}/payout");
    req.run(&path, move |conn, tenant, body, ctx| {
        let req: ActorBody = parse_json(body)?;
        let mut t = load(conn, &tenant.name, &id)?;
        require_actor(conn, &tenant.name, &req)?;
        let now = stamp(ctx.now);
        machine::payout(&mut t, &now)?;
        store::update(conn, &tenant.name, &t)?;
        ledger::record(conn, &tenant.name, "payout", &id, Some(machine::payee_share(&t)), ctx.key, &now)?;
        webhooks::transaction_event(conn, &tenant.name, "transaction.succeeded", &t, None, &now)?;
        Ok(Reply::empty())
    })
    .await
}

#[derive(Deserialize, JsonSchema)]
struct AmountBody {
    #[schemars(with = "Option<crate::money::Amount>")]
    amount: Option<Value>,
}

async fn reimburse(req: Keyed<String>) -> Response {
    let id = req.path.clone();
    let path = format!("/v2/transactions/{id}/reimburse-payer");
    req.run(&path, move |conn, tenant, body, ctx| {
        let req: AmountBody = parse_json_text(body)?;
        let amount = money::read(req.amount.as_ref(), "amount")
            .map_err(|_| ApiError::BadRequestText("Amount must be a number".into()))?
            .ok_or_else(|| ApiError::BadRequestText("Amount is required".into()))?;
        let mut t = load(conn, &tenant.name, &id)?;
        let now = stamp(ctx.now);
        machine::reimburse(&mut t, amount, &now)?;
        store::update(conn, &tenant.name, &t)?;
        ledger::record(conn, &tenant.name, "reimburse", &id, Some(amount), ctx.key, &now)?;
        Ok(Reply::empty())
    })
    .await
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct UpdateBody {
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    expected_completion: Option<Value>,
    #[serde(default)]
    #[schemars(with = "Option<crate::money::Amount>")]
    retail_amount: Option<Value>,
}

/// Update: 400s carry a plain string body, as the spec says.
async fn update(
    State(state): State<AppState>,
    tenant: Tenant,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult<Response> {
    let raw = Value::Object(
        crate::v2::common::object(&body).map_err(|why| ApiError::BadRequestText(format!("Invalid request: {why}")))?,
    );
    let has = |k: &str| raw.get(k).is_some();
    let (set_completion, set_retail) = (has("expectedCompletion"), has("retailAmount"));
    let req: UpdateBody =
        serde_json::from_value(raw).map_err(|e| ApiError::BadRequestText(format!("Invalid request: {e}")))?;
    let now = state.clock.now();
    state
        .db
        .write(move |tx| {
            let mut t = load(tx, &tenant.name, &id)?;
            if machine::is_closed(&t) {
                return Err(ApiError::BadRequestText(format!("Transaction is {}", t.status)));
            }
            if set_completion {
                t.expected_completion = match req.expected_completion {
                    None | Some(Value::Null) => None,
                    Some(Value::String(s)) => {
                        let when = chrono::DateTime::parse_from_rfc3339(&s).map_err(|_| {
                            ApiError::BadRequestText("expectedCompletion is not an ISO 8601 date-time".into())
                        })?;
                        if when <= now {
                            return Err(ApiError::BadRequestText("expectedCompletion must be in the future".into()));
                        }
                        Some(stamp(when.with_timezone(&chrono::Utc)))
                    }
                    Some(_) => {
                        return Err(ApiError::BadRequestText("expectedCompletion must be a date-time or null".into()));
                    }
                };
            }
            if set_retail {
                if t.kind != "Auto" {
                    return Err(ApiError::BadRequestText("retailAmount applies to Auto transactions only".into()));
                }
                let retail = money::read(req.retail_amount.as_ref(), "retailAmount")
                    .map_err(|_| ApiError::BadRequestText("retailAmount must be a number or null".into()))?;
                if retail.is_some_and(|r| r < rust_decimal::Decimal::ZERO) {
                    return Err(ApiError::BadRequestText("retailAmount must not be negative".into()));
                }
                let info = t.auto_information.get_or_insert_with(|| serde_json::json!({}));
                if let Some(obj) = info.as_object_mut() {
                    obj.insert("retailAmount".into(), retail.map_or(Value::Null, money::json));
                }
            }
            store::update(tx, &tenant.name, &t)
        })
        .await?;
    Ok(axum::http::StatusCode::OK.into_response())
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct ChangeAmountBody {
    #[schemars(with = "Option<crate::money::Amount>")]
    amount: Option<Value>,
    #[schemars(with = "Option<crate::money::Amount>")]
    payee_fixed_fee: Option<Value>,
    #[schemars(with = "Option<crate::money::Amount>")]
    payer_fixed_fee: Option<Value>,
}

async fn change_amount(
    State(state): State<AppState>,
    tenant: Tenant,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult<Response> {
    let req: ChangeAmountBody = parse_json(&body)?;
    let amount = money::read(req.amount.as_ref(), "amount")?
        .ok_or_else(|| ApiError::bad_request("Invalid amount", "amount is required"))?;
    let payee_fee = money::read(req.payee_fixed_fee.as_ref(), "payeeFixedFee")?;
    let payer_fee = money::read(req.payer_fixed_fee.as_ref(), "payerFixedFee")?;
    if payee_fee.is_some_and(|f| f.is_sign_negative()) || payer_fee.is_some_and(|f| f.is_sign_negative()) {
        return Err(ApiError::bad_request("Invalid amount", "fees must not be negative"));
    }
    let now = state.clock.now();
    let replaced = state
        .db
        .write(move |tx| {
            let mut t = load(tx, &tenant.name, &id)?;
            let fee = service_fee(&t.currency);
            machine::change_amount(&mut t, amount, payee_fee, payer_fee, fee)?;
            // Auto: the bill of sale states the price, so a new one is generated.
            let old_file = if t.kind == "Auto" {
                crate::v2::auto::bill_of_sale::regenerate_bill_of_sale(tx, &mut t, now)?
            } else {
                None
            };
            store::update(tx, &tenant.name, &t)?;
            Ok(old_file.map(|f| (id, f)))
        })
        .await?;
    if let Some((id, file)) = replaced {
        // After the commit: the old PDF is no longer referenced.
        let _ = state
            .db
            .call(move |c| {
                crate::v2::auto::store::discard(c, &id, &file);
                Ok(())
            })
            .await;
    }
    Ok(axum::http::StatusCode::OK.into_response())
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct PartyBody {
    service_account_id: Option<String>,
    reference_id: Option<String>,
    phone_number: Option<String>,
}

fn party_from(conn: &Connection, tenant: &str, body: PartyBody, which: &'static str) -> ApiResult<PartyDoc> {
    let trim = |v: Option<String>| v.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty());
    let (id, reference, phone) = (trim(body.service_account_id), trim(body.reference_id), trim(body.phone_number));
    let user = match (&id, &reference) {
        (Some(id), _) => Some(users::get(conn, tenant, id)?.ok_or(ApiError::NotFound)?),
        (None, Some(r)) => Some(users::by_reference(conn, tenant, r)?.ok_or(ApiError::NotFound)?),
        (None, None) => None,
    };
    match (user, phone) {
        (Some(u), _) => Ok(PartyDoc {
            reference_id: u.reference_id().map(str::to_owned),
            service_account_id: Some(u.service_account_id),
            name: Some(u.name),
            email: u.email,
            phone_number: u.phone_number,
        }),
        (None, Some(p)) => Ok(PartyDoc { phone_number: Some(p), ..PartyDoc::default() }),
        (None, None) => Err(ApiError::bad_request(
            if which == "payee" { "Invalid payee" } else { "Invalid payer" },
            "give serviceAccountId, referenceId or phoneNumber",
        )),
    }
}

async fn add_party(
    state: AppState,
    tenant: Tenant,
    id: String,
    body: Bytes,
    which: &'static str,
) -> ApiResult<Response> {
    let req: PartyBody = parse_json(&body)?;
    state
        .db
        .write(move |tx| {
            let mut t = load(tx, &tenant.name, &id)?;
            if machine::is_closed(&t) {
                return Err(ApiError::bad_request("Transaction closed", format!("the transaction is {}", t.status)));
            }
            let slot = if which == "payee" { &t.payee } else { &t.payer };
            if slot.is_some() {
                return Err(ApiError::bad_request(
                    if which == "payee" { "Payee already exists" } else { "Payer already exists" },
                    format!("the transaction already has a {which}"),
                ));
            }
            let party = party_from(tx, &tenant.name, req, which)?;
            if which == "payee" {
                t.payee = Some(party)
            } else {
                t.payer = Some(party)
            }
            store::update(tx, &tenant.name, &t)
        })
        .await?;
    Ok(axum::http::StatusCode::OK.into_response())
}

async fn add_payee(
    State(state): State<AppState>,
    tenant: Tenant,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult<Response> {
    add_party(state, tenant, id, body, "payee").await
}

async fn add_payer(
    State(state): State<AppState>,
    tenant: Tenant,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult<Response> {
    add_party(state, tenant, id, body, "payer").await
}
