//! Sandbox only (the spec has no signing flow for the bill of sale): sign the current bill of
//! sale as its required signers would, so tests and demos can reach "signed". Body `{signer}`
//! (`Payer` or `Payee`) signs for one; an empty body or one without `signer` signs for every
//! required signer.
//! The record gains `signedBy` (the roles that signed) and `signed` turns true when every
//! required signer has signed. Refused without an enabled bill of sale (400 `No bill of sale`).

use super::access::{Module, auto_field, check_access, set_auto};
use super::bill_of_sale::Signer;
use crate::auth::Tenant;
use crate::clock::stamp;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::v2::transactions::store;
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use serde_json::{Value, json};

/// The roles to sign for: the body's `signer`, or all required ones.
fn roles(body: &[u8], required: &[String]) -> ApiResult<Vec<String>> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(required.to_vec());
    }
    let value =
        Value::Object(crate::v2::common::object(body).map_err(|why| ApiError::bad_request("Invalid request", why))?);
    let Some(text) = value.get("signer").and_then(Value::as_str) else {
        return Ok(required.to_vec());
    };
    let role = Signer::parse(text)
        .ok_or_else(|| ApiError::bad_request("Invalid signers", format!("{text:?} is not Payer or Payee")))?;
    Ok(vec![role.as_str().to_owned()])
}

pub(crate) async fn sign_bill_of_sale(
    State(state): State<AppState>,
    tenant: Tenant,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult<Json<Value>> {
    let now = stamp(state.clock.now());
    let record = state
        .db
        .write(move |tx| {
            let mut doc = check_access(&tenant, store::get(tx, &tenant.name, &id)?, Module::BillOfSale, true)?;
            let mut bill = auto_field(&doc, "billOfSale")
                .filter(|b| b.get("enabled").and_then(Value::as_bool) == Some(true))
                .cloned()
                .ok_or_else(|| {
                    ApiError::bad_request("No bill of sale", "the transaction has no enabled bill of sale")
                })?;
            let list = |v: &Value, key: &str| -> Vec<String> {
                v.get(key)
                    .and_then(Value::as_array)
                    .map(|l| l.iter().filter_map(Value::as_str).map(str::to_owned).collect())
                    .unwrap_or_default()
            };
            let required = list(&bill, "requiredSigners");
            let mut signed_by = list(&bill, "signedBy");
            for role in roles(&body, &required)? {
                if !required.iter().any(|r| r.eq_ignore_ascii_case(&role)) {
                    return Err(ApiError::bad_request("Invalid signers", format!("{role} is not a required signer")));
                }
                if !signed_by.iter().any(|r| r.eq_ignore_ascii_case(&role)) {
                    signed_by.push(role);
                }
            }
            let all = required.iter().all(|r| signed_by.iter().any(|s| s.eq_ignore_ascii_case(r)));
            bill["signedBy"] = json!(signed_by);
            bill["signed"] = json!(all);
            if all {
                bill["signedAt"] = json!(now);
            }
            set_auto(&mut doc, "billOfSale", bill.clone());
            store::update(tx, &tenant.name, &doc)?;
            Ok(bill)
        })
        .await?;
    Ok(Json(record))
}
