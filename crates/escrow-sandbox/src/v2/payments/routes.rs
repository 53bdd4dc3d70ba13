//! Payments: create (keyed), initialize with a method, payment instructions for a
//! manual transfer; and the sandbox's ways to finish them (authorize, fail, transfer).

use crate::answers::PaymentCreated;
use crate::auth::Tenant;
use crate::banks;
use crate::clock::stamp;
use crate::error::{ApiError, ApiResult};
use crate::extract::Keyed;
use crate::idempotency::Reply;
use crate::money;
use crate::openapi::op::Op;
use crate::openapi::table::{CONTROL_TAG, Routes};
use crate::state::AppState;
use crate::store::ledger;
use crate::v2::common::parse_json;
use crate::v2::transactions::actions::load;
use crate::v2::transactions::machine;
use crate::v2::transactions::store::{self as store, PartyDoc};
use crate::v2::users::store as users;
use crate::v2::webhooks::outbox as webhooks;
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::response::Response;
use rusqlite::{Connection, OptionalExtension, params};
use rust_decimal::Decimal;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

pub fn routes() -> Routes {
    let instructions_path = "/v2/transactions/{transaction_id}/payment-instructions/{service_account_id}";
    Routes::new("Payments")
        .post(
            "/v2/payments",
            Op::new("Create a payment into escrow")
                .keyed()
                .takes::<CreateBody>()
                .returns::<PaymentCreated>()
                .titled_404(),
            create,
        )
        .post(
            "/v2/payments/{payment_id}/initialize",
            Op::new("A new hosted payment link").takes::<InitBody>(),
            initialize,
        )
        .get(instructions_path, Op::new("How to pay by bank transfer"), instructions)
        .tagged(CONTROL_TAG)
        .post("/_sandbox/payments/{payment_id}/authorize", Op::new("Authorize a payment as the payer would"), authorize)
        .post("/_sandbox/payments/{payment_id}/fail", Op::new("Fail a payment as the payer would"), fail)
        .post(
            "/_sandbox/transfers",
            Op::new("Match a manual bank transfer (body: transactionId, serviceAccountId, amount)")
                .takes::<TransferBody>()
                .bare_404(),
            transfer,
        )
}

/// The escrow account payers transfer to (sandbox values).
pub const ESCROW_BBAN: &str = "53970001234567";
pub const ESCROW_IBAN: &str = "DK4153970001234567";
pub const ESCROW_SWIFT: &str = "ALBADKKK";
/// FIK creditor number of the escrow account.
pub const FIK_CREDITOR: &str = "88551234";

fn party(u: users::User) -> PartyDoc {
    PartyDoc {
        reference_id: u.reference_id().map(str::to_owned),
        service_account_id: Some(u.service_account_id),
        name: Some(u.name),
        email: u.email,
        phone_number: u.phone_number,
    }
}

pub struct PaymentRow {
    pub payment_id: String,
    pub transaction_id: String,
    pub token: String,
    pub return_url: Option<String>,
    pub skip_ui: bool,
}

pub fn payment_row(
    conn: &Connection,
    tenant: Option<&str>,
    payment_id: Option<&str>,
    token: Option<&str>,
) -> ApiResult<Option<(String, PaymentRow)>> {
    Ok(conn
        .query_row(
            "SELECT tenant, payment_id, transaction_id, token, return_url, skip_ui FROM payments
             WHERE (?1 IS NULL OR tenant = ?1) AND (?2 IS NULL OR payment_id = ?2) AND (?3 IS NULL OR token = ?3)",
            params![tenant, payment_id, token],
            |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    PaymentRow {
                        payment_id: r.get(1)?,
                        transaction_id: r.get(2)?,
                        token: r.get(3)?,
                        return_url: r.get(4)?,
                        skip_ui: r.get::<_, i64>(5)? != 0,
                    },
                ))
            },
        )
        .optional()?)
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
#[schemars(rename = "NewPayment")]
struct CreateBody {
    #[schemars(required)]
    service_account_id: Option<String>,
    #[schemars(required)]
    transaction_id: Option<String>,
    #[schemars(with = "Option<crate::money::Amount>")]
    amount: Option<Value>,
    #[allow(dead_code)]
    description: Option<String>,
    return_url: Option<String>,
    #[serde(rename = "skipUI")]
    skip_ui: Option<bool>,
}

/// Creates an in-progress payment and its hosted payment page.
pub fn create_payment(
    conn: &Connection,
    tenant: &str,
    transaction_id: &str,
    payer_id: &str,
    amount: Option<Decimal>,
    return_url: Option<String>,
    skip_ui: bool,
    now: &str,
) -> ApiResult<(String, String)> {
    let mut t = load(conn, tenant, transaction_id)?;
    let user = users::get(conn, tenant, payer_id)?.ok_or(ApiError::NotFound)?;
    let amount = machine::new_payment(&t, amount)?;
    let payment_id = uuid::Uuid::new_v4().to_string();
    let token = uuid::Uuid::new_v4().simple().to_string();
    t.inbound.push(machine::inbound(payment_id.clone(), party(user), None, amount, &t, now));
    store::update(conn, tenant, &t)?;
    conn.execute(
        "INSERT INTO payments (payment_id, tenant, transaction_id, token, return_url, skip_ui) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![payment_id, tenant, transaction_id, token, return_url, skip_ui],
    )?;
    Ok((payment_id, token))
}

async fn create(keyed: Keyed) -> Response {
    let public = keyed.state.public_url.clone();
    keyed
        .run("/v2/payments", move |conn, tenant, body, ctx| {
            let req: CreateBody = parse_json(body)?;
            let required = |v: Option<String>, f: &str| {
                v.map(|s| s.trim().to_owned())
                    .filter(|s| !s.is_empty())
                    .ok_or_else(|| ApiError::bad_request("Invalid request", format!("{f} is required")))
            };
            let payer = required(req.service_account_id, "serviceAccountId")?;
            let txn = required(req.transaction_id, "transactionId")?;
            let amount = money::read(req.amount.as_ref(), "amount")?;
            let return_url = req.return_url.filter(|u| !u.trim().is_empty());
            let skip_ui = req.skip_ui.unwrap_or(false) && return_url.is_some();
            let now = stamp(ctx.now);
            let (payment_id, token) =
                create_payment(conn, &tenant.name, &txn, &payer, amount, return_url, skip_ui, &now)?;
            let t = load(conn, &tenant.name, &txn)?;
            let paid = t.inbound.iter().find(|p| p.payment_id == payment_id).map(|p| p.amount);
            ledger::record(conn, &tenant.name, "create_payment", &payment_id, paid, ctx.key, &now)?;
            Ok(Reply::ok(json!(PaymentCreated { payment_id, payment_url: format!("{public}/hosted/pay/{token}") })))
        })
        .await
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct InitBody {
    payment_method: Option<String>,
    bank_id: Option<String>,
    bank_account_id: Option<String>,
}

async fn initialize(
    State(state): State<AppState>,
    tenant: Tenant,
    Path(payment_id): Path<String>,
    body: Bytes,
) -> ApiResult<Json<Value>> {
    let req: InitBody = parse_json(&body)?;
    let public = state.public_url.clone();
    let url = state
        .db
        .write(move |tx| {
            let (_, row) = payment_row(tx, Some(&tenant.name), Some(&payment_id), None)?.ok_or(ApiError::NotFound)?;
            let mut t = load(tx, &tenant.name, &row.transaction_id)?;
            let Some(p) = t.inbound.iter_mut().find(|p| p.payment_id == payment_id) else {
                return Err(ApiError::NotFound);
            };
            if p.status != "INPROGRESS" {
                return Err(ApiError::bad_request("Invalid payment", format!("the payment is {}", p.status)));
            }
            let trimmed = |v: &Option<String>| v.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned);
            let method = match req.payment_method.as_deref() {
                None => None,
                Some("PSD2") => {
                    let account = trimmed(&req.bank_account_id)
                        .ok_or_else(|| ApiError::bad_request("Invalid payment method", "PSD2 needs bankAccountId"))?;
                    let payer_id = p.payer.service_account_id.clone().unwrap_or_default();
                    let user = users::get(tx, &tenant.name, &payer_id)?.ok_or(ApiError::NotFound)?;
                    if !user.bank_accounts.iter().any(|a| a.bank_account_id == account) {
                        return Err(ApiError::NotFoundTitled {
                            title: "Bank account not found",
                            detail: "bankAccountId is not one of the paying user's accounts".into(),
                        });
                    }
                    Some("PSD2")
                }
                Some("BANK") => {
                    let bank = trimmed(&req.bank_id)
                        .ok_or_else(|| ApiError::bad_request("Invalid payment method", "BANK needs bankId"))?;
                    if !banks::exists(&bank) {
                        return Err(ApiError::bad_request("Invalid payment method", format!("unknown bankId {bank}")));
                    }
                    Some("BANK")
                }
                Some("MOBILEWALLET") => Some("MOBILEWALLET"),
                Some(other) => {
                    return Err(ApiError::bad_request(
                        "Invalid payment method",
                        format!("{other} is not PSD2, BANK or MOBILEWALLET"),
                    ));
                }
            };
            p.method = method.map(str::to_owned);
            store::update(tx, &tenant.name, &t)?;
            Ok(format!(
                "{public}/hosted/pay/{}{}",
                row.token,
                method.map(|m| format!("?method={m}")).unwrap_or_default()
            ))
        })
        .await?;
    Ok(Json(json!({ "paymentUrl": url })))
}

/// A FIK (+71) code for a transaction: 15-digit payment id with a mod-10 check digit.
pub fn fik_for(transaction_id: &str) -> String {
    let mut digits: String =
        transaction_id.bytes().filter(u8::is_ascii_hexdigit).map(|b| char::from(b'0' + (b % 10))).take(14).collect();
    while digits.len() < 14 {
        digits.push('0');
    }
    // Luhn-style check digit over the 14 digits.
    let sum: u32 = digits
        .bytes()
        .rev()
        .enumerate()
        .map(|(i, b)| {
            let d = u32::from(b - b'0');
            if i % 2 == 0 {
                let x = d * 2;
                if x > 9 { x - 9 } else { x }
            } else {
                d
            }
        })
        .sum();
    let check = (10 - sum % 10) % 10;
    format!("+71<{digits}{check}+{FIK_CREDITOR}<")
}

async fn instructions(
    State(state): State<AppState>,
    tenant: Tenant,
    Path((id, payer)): Path<(String, String)>,
) -> ApiResult<Json<Value>> {
    let t = state
        .db
        .call(move |c| {
            users::get(c, &tenant.name, &payer)?.ok_or(ApiError::NotFound)?;
            load(c, &tenant.name, &id)
        })
        .await?;
    let message: String =
        t.transaction_id.chars().filter(char::is_ascii_alphanumeric).take(10).collect::<String>().to_uppercase();
    Ok(Json(json!({
        "amount": money::json(machine::remaining(&t)),
        "currency": t.currency,
        "bankMessage": format!("ESC{message}"),
        "bban": ESCROW_BBAN,
        "iban": ESCROW_IBAN,
        "swift": ESCROW_SWIFT,
        "fik": if t.currency == "DKK" { fik_for(&t.transaction_id) } else { String::new() },
    })))
}

/// Authorizes or fails an in-progress payment and sends its webhook.
pub fn finish(conn: &Connection, tenant: &str, payment_id: &str, authorize: bool, now: &str) -> ApiResult<()> {
    let (_, row) = payment_row(conn, Some(tenant), Some(payment_id), None)?.ok_or(ApiError::NotFound)?;
    let mut t = load(conn, tenant, &row.transaction_id)?;
    if !machine::finish_payment(&mut t, payment_id, authorize, now) {
        return Err(ApiError::bad_request("Invalid payment", "the payment is not in progress"));
    }
    store::update(conn, tenant, &t)?;
    let event = if authorize { "transaction.payment.paid" } else { "transaction.payment.failed" };
    webhooks::transaction_event(conn, tenant, event, &t, Some(payment_id), now)
}

async fn authorize(
    State(state): State<AppState>,
    tenant: Tenant,
    Path(payment_id): Path<String>,
) -> ApiResult<Json<Value>> {
    let now = stamp(state.clock.now());
    state.db.write(move |tx| finish(tx, &tenant.name, &payment_id, true, &now)).await?;
    Ok(Json(json!({})))
}

async fn fail(State(state): State<AppState>, tenant: Tenant, Path(payment_id): Path<String>) -> ApiResult<Json<Value>> {
    let now = stamp(state.clock.now());
    state.db.write(move |tx| finish(tx, &tenant.name, &payment_id, false, &now)).await?;
    Ok(Json(json!({})))
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
#[schemars(rename = "SandboxTransfer")]
struct TransferBody {
    transaction_id: String,
    service_account_id: String,
    #[schemars(with = "crate::money::Amount")]
    amount: Value,
}

/// Matches a manual bank transfer to a transaction (any amount: over-payment makes excess).
async fn transfer(State(state): State<AppState>, tenant: Tenant, body: Bytes) -> ApiResult<Json<Value>> {
    let req: TransferBody = parse_json(&body)?;
    let amount = money::read(Some(&req.amount), "amount")?
        .filter(|a| *a > Decimal::ZERO)
        .ok_or_else(|| ApiError::bad_request("Invalid amount", "amount must be greater than zero"))?;
    let now = stamp(state.clock.now());
    let payment_id = state
        .db
        .write(move |tx| {
            let mut t = load(tx, &tenant.name, &req.transaction_id)?;
            if machine::is_closed(&t) {
                return Err(ApiError::bad_request(
                    "Transaction closed",
                    "transfers to a closed transaction are returned",
                ));
            }
            let user = users::get(tx, &tenant.name, &req.service_account_id)?.ok_or(ApiError::NotFound)?;
            let payment_id = uuid::Uuid::new_v4().to_string();
            let mut p = machine::inbound(payment_id.clone(), party(user), Some("TRANSFER".into()), amount, &t, &now);
            p.status = "AUTHORIZED".into();
            p.authorized = Some(now.clone());
            t.inbound.push(p);
            machine::settle_status(&mut t);
            store::update(tx, &tenant.name, &t)?;
            webhooks::transaction_event(tx, &tenant.name, "transaction.payment.paid", &t, Some(&payment_id), &now)?;
            Ok(payment_id)
        })
        .await?;
    Ok(Json(json!({ "paymentId": payment_id })))
}
