//! `/v2/transactions`: list and search, get, create (Marketplace and Auto).

use crate::auth::Tenant;
use crate::clock::stamp;
use crate::dialect::Dialect;
use crate::error::{ApiError, ApiResult};
use crate::extract::Keyed;
use crate::idempotency::{Ctx, Reply};
use crate::money;
use crate::openapi::op::Op;
use crate::openapi::table::Routes;
use crate::state::AppState;
use crate::store::ledger;
use crate::v2::common::parse_json;
use crate::v2::transactions::search::{self, ListQuery};
use crate::v2::transactions::split_count::CountSplit;
use crate::v2::transactions::store::{self as store, FeesDoc, PartyDoc, SplitPayoutDoc, TxnDoc};
use crate::v2::users::store as users;
use axum::Json;
use axum::extract::{Path, Query, State};
use axum::response::Response;
use rusqlite::Connection;
use rust_decimal::Decimal;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::HashMap;

/// Where the transaction routes are listed in the OpenAPI document.
pub const TAG: &str = "Transactions";

pub fn routes(dialect: Dialect) -> Routes {
    let create = created_by(Op::new("Create a Marketplace transaction").keyed().takes::<CreateBody>(), dialect);
    let routes = Routes::new(TAG)
        .get(
            "/v2/transactions",
            Op::new("List and search transactions, newest first")
                .query(&["Skip", "Take", "Search", "ReferenceId"])
                .returns::<crate::openapi::kept::TransactionList>(),
            list,
        )
        .post("/v2/transactions/marketplace", create, create_marketplace)
        .post(
            "/v2/transactions/auto",
            created_by(Op::new("Create an Auto transaction").keyed().takes::<CreateBody>(), dialect),
            create_auto,
        )
        .get(
            "/v2/transactions/{transaction_id}",
            Op::new("Get a transaction").returns::<crate::openapi::kept::Transaction>(),
            get_one,
        );
    match dialect {
        Dialect::Spec => routes,
        Dialect::Published => routes.post(super::published::CHECKOUT_MARKETPLACE, create, create_marketplace),
    }
}

/// `op` answering the dialect's creation answer.
fn created_by(op: Op, dialect: Dialect) -> Op {
    match dialect {
        Dialect::Spec => op.returns::<super::published::TransactionCreated>(),
        Dialect::Published => op.returns::<super::published::CheckoutCreated>(),
    }
}

/// Skip/Take/Search/ReferenceId, matched case-insensitively as ASP.NET binds them.
fn list_query(raw: &HashMap<String, String>) -> ApiResult<ListQuery> {
    let find = |name: &str| raw.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str());
    let int = |name: &str| -> ApiResult<Option<i64>> {
        match find(name) {
            None | Some("") => Ok(None),
            Some(v) => v
                .parse::<i32>()
                .ok()
                .filter(|_| v == "0" || !v.trim_start_matches('-').starts_with('0'))
                .map(|n| Some(i64::from(n)))
                .ok_or_else(|| ApiError::bad_request("Invalid request", format!("{name} must be an integer"))),
        }
    };
    let skip = int("Skip")?.unwrap_or(0);
    let take = int("Take")?.unwrap_or(20);
    if skip < 0 {
        return Err(ApiError::bad_request("Invalid request", "Skip must not be negative"));
    }
    if take < 1 {
        return Err(ApiError::bad_request("Invalid request", "Take must be at least 1"));
    }
    let text = |name: &str| find(name).map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned);
    Ok(ListQuery { skip, take: take.min(100), search: text("Search"), reference_id: text("ReferenceId") })
}

async fn list(
    State(state): State<AppState>,
    tenant: Tenant,
    Query(raw): Query<HashMap<String, String>>,
) -> ApiResult<Json<Value>> {
    let q = list_query(&raw)?;
    let counts = state.db.search_counts();
    let (items, count) = state
        .db
        .read_with_spares(move |c, spares| search::list_with(c, &tenant.name, &q, &counts, &CountSplit::new(spares)))
        .await?;
    Ok(Json(json!({ "items": items.iter().map(store::list_item).collect::<Vec<_>>(), "count": count })))
}

async fn get_one(State(state): State<AppState>, tenant: Tenant, Path(id): Path<String>) -> ApiResult<Json<Value>> {
    let doc = state.db.call(move |c| store::get(c, &tenant.name, &id)).await?.ok_or(ApiError::NotFound)?;
    Ok(Json(store::record(&doc, &state.public_url)))
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct SplitBody {
    #[schemars(required)]
    #[schemars(with = "Option<crate::money::Amount>")]
    amount: Option<Value>,
    recipient: Option<String>,
    timing: Option<String>,
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
#[schemars(rename = "NewTransaction")]
struct CreateBody {
    #[schemars(required)]
    #[schemars(with = "Option<crate::money::Amount>")]
    amount: Option<Value>,
    /// DKK (the default) or EUR.
    #[schemars(extend("default" = "DKK"))]
    currency: Option<String>,
    title: Option<String>,
    description: Option<String>,
    image_urls: Option<Vec<String>>,
    payee_id: Option<String>,
    payer_id: Option<String>,
    payee_reference_id: Option<String>,
    payer_reference_id: Option<String>,
    payee_phone_number: Option<String>,
    payer_phone_number: Option<String>,
    split_payouts: Option<Vec<SplitBody>>,
    #[schemars(with = "Option<crate::money::Amount>")]
    payer_fixed_fee: Option<Value>,
    #[schemars(with = "Option<crate::money::Amount>")]
    payee_fixed_fee: Option<Value>,
    #[schemars(with = "Option<crate::money::Amount>")]
    payee_extra_fee: Option<Value>,
    #[schemars(with = "Option<crate::money::Amount>")]
    payer_extra_fee: Option<Value>,
    reference_id: Option<String>,
    uniqueness_key: Option<String>,
    expected_completion: Option<String>,
    document_id: Option<String>,
    auto_information: Option<Value>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Marketplace,
    Auto,
}

async fn create_marketplace(keyed: Keyed) -> Response {
    create(keyed, Kind::Marketplace).await
}

async fn create_auto(keyed: Keyed) -> Response {
    create(keyed, Kind::Auto).await
}

async fn create(keyed: Keyed, kind: Kind) -> Response {
    let path = match kind {
        Kind::Marketplace => "/v2/transactions/marketplace",
        Kind::Auto => "/v2/transactions/auto",
    };
    let public_url = keyed.state.public_url.clone();
    let dialect = keyed.state.dialect;
    keyed
        .run(path, move |conn, tenant, body, ctx| {
            let req: CreateBody = parse_json(body)?;
            let id = insert_transaction(conn, tenant, kind, req, &ctx)?;
            let checkout_url = format!("{public_url}/hosted/checkout/{id}");
            Ok(Reply::ok(super::published::created(dialect, &id, &checkout_url)))
        })
        .await
}

/// The service's own fixed fee per transaction, taken out of the tenant's fees.
pub fn service_fee(currency: &str) -> Decimal {
    if currency == "EUR" { Decimal::new(200, 2) } else { Decimal::new(1500, 2) }
}

fn blank(v: &Option<String>) -> Option<&str> {
    v.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

/// Resolves a party from an account id, else a reference id, else a phone invite.
fn resolve_party(
    conn: &Connection,
    tenant: &str,
    id: &Option<String>,
    reference: &Option<String>,
    phone: &Option<String>,
    title: &'static str,
) -> ApiResult<Option<PartyDoc>> {
    let user =
        if let Some(id) = blank(id) {
            Some(
                users::get(conn, tenant, id)?
                    .ok_or_else(|| ApiError::bad_request(title, format!("account {id} is not connected")))?,
            )
        } else if let Some(reference) = blank(reference) {
            Some(users::by_reference(conn, tenant, reference)?.ok_or_else(|| {
                ApiError::bad_request(title, format!("no connected user with referenceId {reference}"))
            })?)
        } else {
            None
        };
    Ok(match (user, blank(phone)) {
        (Some(u), _) => Some(PartyDoc {
            reference_id: u.reference_id().map(str::to_owned),
            service_account_id: Some(u.service_account_id),
            name: Some(u.name),
            email: u.email,
            phone_number: u.phone_number,
        }),
        (None, Some(phone)) => Some(PartyDoc { phone_number: Some(phone.to_owned()), ..PartyDoc::default() }),
        (None, None) => None,
    })
}

fn fee(value: &Option<Value>, field: &str) -> ApiResult<Decimal> {
    let v = money::read(value.as_ref(), field)?.unwrap_or(Decimal::ZERO);
    if v < Decimal::ZERO {
        return Err(ApiError::bad_request("Invalid amount", format!("{field} must not be negative")));
    }
    Ok(v)
}

fn insert_transaction(
    conn: &Connection,
    tenant: &Tenant,
    kind: Kind,
    req: CreateBody,
    ctx: &Ctx<'_>,
) -> ApiResult<String> {
    let amount = money::read(req.amount.as_ref(), "amount")?
        .ok_or_else(|| ApiError::bad_request("Invalid amount", "amount is required"))?;
    if amount <= Decimal::ZERO {
        return Err(ApiError::bad_request("Invalid amount", "amount must be greater than zero"));
    }
    let currency = match blank(&req.currency).map(str::to_ascii_uppercase).as_deref() {
        None | Some("DKK") => "DKK",
        Some("EUR") => "EUR",
        Some(other) => return Err(ApiError::bad_request("Invalid currency", format!("{other} is not DKK or EUR"))),
    };
    if kind == Kind::Marketplace {
        if blank(&req.title).is_none() {
            return Err(ApiError::bad_request("Invalid title", "title is required for Marketplace"));
        }
        if blank(&req.payer_id).is_none() {
            return Err(ApiError::bad_request("Invalid payer", "payerId is required for Marketplace"));
        }
        if req.auto_information.is_some() {
            return Err(ApiError::bad_request("Invalid request", "autoInformation is for Auto transactions"));
        }
    } else if req.payee_extra_fee.is_some() || req.payer_extra_fee.is_some() {
        return Err(ApiError::bad_request("Invalid request", "extra fees are for Marketplace transactions"));
    }
    if blank(&req.payee_id).is_none() && blank(&req.payee_reference_id).is_none() {
        return Err(ApiError::bad_request("Invalid payee", "payeeId or payeeReferenceId must identify the payee"));
    }
    let payee = resolve_party(
        conn,
        &tenant.name,
        &req.payee_id,
        &req.payee_reference_id,
        &req.payee_phone_number,
        "Invalid payee",
    )?;
    let payer = resolve_party(
        conn,
        &tenant.name,
        &req.payer_id,
        &req.payer_reference_id,
        &req.payer_phone_number,
        "Invalid payer",
    )?;
    let expected_completion = match blank(&req.expected_completion) {
        None => None,
        Some(text) => {
            let when = chrono::DateTime::parse_from_rfc3339(text)
                .map_err(|_| ApiError::bad_request("Invalid expected completion", "not an ISO 8601 date-time"))?;
            if when <= ctx.now {
                return Err(ApiError::bad_request("Invalid expected completion", "must be in the future"));
            }
            Some(stamp(when.with_timezone(&chrono::Utc)))
        }
    };
    let document_id = match blank(&req.document_id) {
        Some(doc) if !crate::v2::documents::store::exists(conn, &tenant.name, doc)? => {
            return Err(ApiError::bad_request("Invalid document", format!("document {doc} does not exist")));
        }
        other => other.map(str::to_owned),
    };
    if let Some(auto) = &req.auto_information {
        let enabled = |field: &str| auto.get(field).is_some_and(|v| !v.is_null() && v != &Value::Bool(false));
        if enabled("billOfSale") && !tenant.modules.bill_of_sale {
            return Err(ApiError::bad_request("Module not enabled", "the bill-of-sale module is not enabled"));
        }
        if enabled("debt") && !tenant.modules.debt {
            return Err(ApiError::bad_request("Module not enabled", "the debt module is not enabled"));
        }
    }
    // Extra fees are "applied for eligible tenants only": read (a malformed one is still
    // refused) but not applied for a tenant without the `extra-fees` setting.
    let extra = |v: &Option<Value>, field: &str| -> ApiResult<Decimal> {
        let fee = fee(v, field)?;
        Ok(if tenant.modules.extra_fees { fee } else { Decimal::ZERO })
    };
    let payer_fee = fee(&req.payer_fixed_fee, "payerFixedFee")? + extra(&req.payer_extra_fee, "payerExtraFee")?;
    let payee_fee = fee(&req.payee_fixed_fee, "payeeFixedFee")? + extra(&req.payee_extra_fee, "payeeExtraFee")?;
    let safepay = service_fee(currency);
    let mut splits = Vec::new();
    for split in req.split_payouts.unwrap_or_default() {
        let amount = money::read(split.amount.as_ref(), "splitPayouts.amount")?
            .filter(|a| *a > Decimal::ZERO)
            .ok_or_else(|| ApiError::bad_request("Invalid amount", "split payout amount must be greater than zero"))?;
        let recipient = match split.recipient.as_deref() {
            Some(r @ ("PAYEE" | "PAYER" | "TENANT")) => r.to_owned(),
            _ => return Err(ApiError::bad_request("Invalid recipient", "recipient must be PAYEE, PAYER or TENANT")),
        };
        let timing = match split.timing.as_deref() {
            None => "ON_CLOSE".to_owned(),
            Some(t @ ("ON_CLOSE" | "NEXT_PAYOUT")) => t.to_owned(),
            Some(_) => return Err(ApiError::bad_request("Invalid timing", "timing must be NEXT_PAYOUT or ON_CLOSE")),
        };
        splits.push(SplitPayoutDoc {
            split_payout_id: uuid::Uuid::new_v4().to_string(),
            amount,
            recipient,
            service_account_id: None,
            timing,
            description: None,
            destination: None,
            status: "PENDING".into(),
            created: stamp(ctx.now),
            from_excess: false,
            purpose: None,
        });
    }
    let split_total: Decimal = splits.iter().map(|s| s.amount).sum();
    if amount < payee_fee + split_total {
        return Err(ApiError::bad_request(
            "Invalid amount",
            format!("amount {amount} does not cover payee fees {payee_fee} and split payouts {split_total}"),
        ));
    }
    if let Some(key) = blank(&req.uniqueness_key)
        && let Some(existing) = store::by_uniqueness_key(conn, &tenant.name, key)?
    {
        return Err(ApiError::bad_request(
            "Duplicate transaction",
            format!("uniquenessKey already used by {existing}"),
        ));
    }
    let id = uuid::Uuid::new_v4().to_string();
    let doc = TxnDoc {
        transaction_id: id.clone(),
        kind: if kind == Kind::Auto { "Auto" } else { "Marketplace" }.into(),
        status: "CREATED".into(),
        amount,
        currency: currency.into(),
        title: blank(&req.title).map(str::to_owned),
        description: blank(&req.description).map(str::to_owned),
        image_urls: req.image_urls,
        reference_id: blank(&req.reference_id).map(str::to_owned),
        uniqueness_key: blank(&req.uniqueness_key).map(str::to_owned),
        payee,
        payer,
        payer_fixed_fee: Some(payer_fee),
        payee_fixed_fee: Some(payee_fee),
        fees: FeesDoc { payee: payee_fee, payer: payer_fee, tenant: payer_fee + payee_fee - safepay, safepay },
        expected_completion,
        created: stamp(ctx.now),
        document_id,
        auto_information: req.auto_information,
        inbound: Vec::new(),
        outbound: Vec::new(),
        split_payouts: splits,
        reimbursed: Decimal::ZERO,
        cancel_reason: None,
    };
    store::insert(conn, &tenant.name, &doc)?;
    ledger::record(conn, &tenant.name, "create_transaction", &id, Some(amount), ctx.key, &stamp(ctx.now))?;
    crate::v2::webhooks::outbox::transaction_event(
        conn,
        &tenant.name,
        "transaction.created",
        &doc,
        None,
        &stamp(ctx.now),
    )?;
    Ok(id)
}
