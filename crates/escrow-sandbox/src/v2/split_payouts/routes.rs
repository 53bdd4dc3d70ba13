//! Split payouts of a transaction: create (keyed), list (including those planned at
//! creation), cancel while PENDING (keyed).

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
use crate::v2::common::parse_json;
use crate::v2::transactions::actions::load;
use crate::v2::transactions::machine;
use crate::v2::transactions::store::{self as store, SplitPayoutDoc, TxnDoc};
use axum::Json;
use axum::extract::{Path, State};
use axum::response::Response;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

pub fn routes() -> Routes {
    let s = "/v2/transactions/{transaction_id}/split-payouts";
    Routes::new("Split payouts")
        .post(s, Op::new("Plan a split payout").keyed().takes::<CreateBody>(), create)
        .get(s, Op::new("The transaction's split payouts"), list)
        .post(format!("{s}/{{split_payout_id}}/cancel"), Op::new("Cancel a split payout").keyed().empty(), cancel)
}

/// The list item of the spec: recipient's account resolved from the transaction.
pub fn item(t: &TxnDoc, s: &SplitPayoutDoc) -> Value {
    let account = match s.recipient.as_str() {
        "PAYEE" => t.payee.as_ref().and_then(|p| p.service_account_id.clone()),
        "PAYER" => t.payer.as_ref().and_then(|p| p.service_account_id.clone()),
        _ => s.service_account_id.clone(),
    };
    json!({
        "splitPayoutId": s.split_payout_id,
        "amount": money::json(s.amount),
        "currency": t.currency,
        "recipient": s.recipient,
        "serviceAccountId": account,
        "timing": s.timing,
        "description": s.description,
        "destination": s.destination,
        "status": s.status,
        "created": s.created,
    })
}

async fn list(State(state): State<AppState>, tenant: Tenant, Path(id): Path<String>) -> ApiResult<Json<Value>> {
    let t = state.db.call(move |c| load(c, &tenant.name, &id)).await?;
    Ok(Json(json!({ "items": t.split_payouts.iter().map(|s| item(&t, s)).collect::<Vec<_>>() })))
}

#[derive(Deserialize, JsonSchema)]
#[schemars(rename = "NewSplitPayout")]
struct CreateBody {
    #[schemars(required)]
    #[schemars(with = "Option<crate::money::Amount>")]
    amount: Option<Value>,
    recipient: Option<String>,
    timing: Option<String>,
    description: Option<String>,
}

async fn create(keyed: Keyed<String>) -> Response {
    let id = keyed.path.clone();
    let path = format!("/v2/transactions/{id}/split-payouts");
    keyed
        .run(&path, move |conn, tenant, body, ctx| {
            let req: CreateBody = parse_json(body)?;
            let amount = money::read(req.amount.as_ref(), "amount")?
                .ok_or_else(|| ApiError::bad_request("Invalid amount", "amount is required"))?;
            let recipient = match req.recipient.as_deref() {
                Some(r @ ("PAYEE" | "PAYER" | "TENANT")) => r.to_owned(),
                _ => {
                    return Err(ApiError::bad_request("Invalid recipient", "recipient must be PAYEE, PAYER or TENANT"));
                }
            };
            let timing = match req.timing.as_deref() {
                None => "ON_CLOSE".to_owned(),
                Some(t @ ("ON_CLOSE" | "NEXT_PAYOUT")) => t.to_owned(),
                Some(_) => {
                    return Err(ApiError::bad_request("Invalid timing", "timing must be NEXT_PAYOUT or ON_CLOSE"));
                }
            };
            let mut t = load(conn, &tenant.name, &id)?;
            let now = stamp(ctx.now);
            let split_id = uuid::Uuid::new_v4().to_string();
            machine::add_split(
                &mut t,
                SplitPayoutDoc {
                    split_payout_id: split_id.clone(),
                    amount,
                    recipient,
                    service_account_id: None,
                    timing,
                    description: req.description.filter(|d| !d.trim().is_empty()),
                    destination: None,
                    status: "PENDING".into(),
                    created: now.clone(),
                    from_excess: false,
                    purpose: None,
                },
            )?;
            store::update(conn, &tenant.name, &t)?;
            ledger::record(conn, &tenant.name, "create_split_payout", &split_id, Some(amount), ctx.key, &now)?;
            Ok(Reply::ok(json!({ "splitPayoutId": split_id })))
        })
        .await
}

async fn cancel(keyed: Keyed<(String, String)>) -> Response {
    let (id, split_id) = keyed.path.clone();
    let path = format!("/v2/transactions/{id}/split-payouts/{split_id}/cancel");
    keyed
        .run(&path, move |conn, tenant, _, ctx| {
            let mut t = load(conn, &tenant.name, &id)?;
            let amount = machine::cancel_split(&mut t, &split_id)?.ok_or(ApiError::NotFound)?;
            let now = stamp(ctx.now);
            store::update(conn, &tenant.name, &t)?;
            ledger::record(conn, &tenant.name, "cancel_split_payout", &split_id, Some(amount), ctx.key, &now)?;
            Ok(Reply::empty())
        })
        .await
}
