//! Debt information: register it (planning the debt-settlement split payout) and
//! the 5-minute download link of its documentation.

use super::access::{Module, auto_field, check_access, load_checked, read_amount, set_auto, str_field};
use super::files::{DEBT_KINDS, FileKind, FormData, check_file, file_response, read_form};
use super::validation::{check_bank_account, normalize_fik};
use crate::auth::Tenant;
use crate::clock::stamp;
use crate::error::{ApiError, ApiResult};
use crate::money;
use crate::state::AppState;
use crate::v2::auto::store::{self as auto_files, Link};
use crate::v2::transactions::store::{self as store, SplitPayoutDoc, TxnDoc};
use axum::body::Bytes;
use axum::extract::{Path, Request, State};
use axum::http::StatusCode;
use axum::response::Response;
use chrono::Duration;
use rust_decimal::Decimal;
use serde_json::{Value, json};

/// How long a debt documentation link works.
pub const LINK_VALIDITY_SECONDS: i64 = 5 * 60;
/// Purpose of the split payout that settles the vehicle's debt.
pub const DEBT_SETTLEMENT: &str = "DEBT_SETTLEMENT";

pub(crate) struct DebtInput {
    amount: Decimal,
    fik: Option<String>,
    bank_account: Option<String>,
    text: Option<String>,
    kind: FileKind,
    file_name: String,
    bytes: Bytes,
}

pub(crate) fn parse_debt(form: &FormData, currency: &str) -> ApiResult<DebtInput> {
    let upload = form
        .file("documentation")?
        .ok_or_else(|| ApiError::bad_request("Invalid file", "documentation is required"))?;
    let (kind, file_name) = check_file("documentation", upload, DEBT_KINDS)?;
    let amount =
        read_amount(form, "amount")?.ok_or_else(|| ApiError::bad_request("Invalid amount", "amount is required"))?;
    let fik = form
        .text("fikCode")?
        .map(|f| normalize_fik(&f).map_err(|e| ApiError::bad_request("Invalid FIK code", e)))
        .transpose()?;
    if fik.is_some() && currency != "DKK" {
        return Err(ApiError::bad_request("Invalid FIK code", "FIK codes are for DKK transactions only"));
    }
    let bank_account = form.text("bankAccount")?;
    if let Some(account) = &bank_account {
        check_bank_account(account).map_err(|e| ApiError::bad_request("Invalid bank account", e))?;
    }
    match (&fik, &bank_account) {
        (None, None) => {
            return Err(ApiError::bad_request("Invalid debt information", "fikCode or bankAccount is required"));
        }
        (Some(_), Some(_)) => {
            return Err(ApiError::bad_request("Invalid debt information", "give fikCode or bankAccount, not both"));
        }
        _ => {}
    }
    Ok(DebtInput {
        amount,
        fik,
        bank_account,
        text: form.text("bankAccountText")?,
        kind,
        file_name,
        bytes: upload.bytes.clone(),
    })
}

/// What the payee would receive at release without the debt settlement being replaced.
pub(crate) fn payee_share_without(doc: &TxnDoc, skip_split: Option<&str>) -> Decimal {
    let splits: Decimal = doc
        .split_payouts
        .iter()
        .filter(|s| s.status != "CANCELLED" && !s.from_excess && Some(s.split_payout_id.as_str()) != skip_split)
        .map(|s| s.amount)
        .sum();
    doc.amount - doc.fees.payee - splits - doc.reimbursed
}

pub(crate) async fn post_debt(
    State(state): State<AppState>,
    tenant: Tenant,
    Path(id): Path<String>,
    req: Request,
) -> ApiResult<StatusCode> {
    let snapshot = load_checked(&state, &tenant, &id, Module::Debt, true).await?;
    let form = read_form(&state, req).await?;
    let input = parse_debt(&form, &snapshot.currency)?;
    let now = state.clock.now();
    let replaced = state
        .db
        .write(move |tx| {
            let mut doc = check_access(&tenant, store::get(tx, &tenant.name, &id)?, Module::Debt, true)?;
            let previous = auto_field(&doc, "debt").cloned();
            let old_split = str_field(previous.as_ref(), "splitPayoutId");
            let available = payee_share_without(&doc, old_split.as_deref());
            if input.amount > available {
                return Err(ApiError::bad_request(
                    "Invalid amount",
                    format!("the debt {} exceeds what the payee receives ({available} {})", input.amount, doc.currency),
                ));
            }
            let destination = match (&input.fik, &input.bank_account) {
                (Some(fik), _) => format!("FIK {fik}"),
                (None, Some(account)) => account.clone(),
                (None, None) => String::new(),
            };
            let split_id = uuid::Uuid::new_v4().to_string();
            doc.split_payouts
                .retain(|s| Some(s.split_payout_id.as_str()) != old_split.as_deref() || s.status != "PENDING");
            doc.split_payouts.push(SplitPayoutDoc {
                split_payout_id: split_id.clone(),
                amount: input.amount,
                recipient: "PAYEE".into(),
                service_account_id: doc.payee.as_ref().and_then(|p| p.service_account_id.clone()),
                timing: "ON_CLOSE".into(),
                description: Some(input.text.clone().unwrap_or_else(|| "Debt settlement".into())),
                destination: Some(destination),
                status: "PENDING".into(),
                created: stamp(now),
                from_excess: false,
                purpose: Some(DEBT_SETTLEMENT.into()),
            });
            let file_id = auto_files::new_file_id();
            auto_files::save(tx, &doc.transaction_id, &file_id, &input.bytes)?;
            let record = json!({
                "amount": money::json(input.amount),
                "currency": doc.currency,
                "fikCode": input.fik,
                "bankAccount": input.bank_account,
                "bankAccountText": input.text,
                "fileId": file_id,
                "fileName": input.file_name,
                "contentType": input.kind.mime(),
                "size": input.bytes.len(),
                "splitPayoutId": split_id,
                "created": stamp(now),
            });
            set_auto(&mut doc, "debt", record);
            store::update(tx, &tenant.name, &doc)?;
            Ok(str_field(previous.as_ref(), "fileId").map(|f| (doc.transaction_id.clone(), f)))
        })
        .await?;
    if let Some((txn, file)) = replaced {
        let _ = state
            .db
            .call(move |c| {
                auto_files::discard(c, &txn, &file);
                Ok(())
            })
            .await;
    }
    Ok(StatusCode::OK)
}

pub(crate) async fn debt_link(
    State(state): State<AppState>,
    tenant: Tenant,
    Path(id): Path<String>,
) -> ApiResult<axum::Json<Value>> {
    let doc = load_checked(&state, &tenant, &id, Module::Debt, false).await?;
    let file_id = str_field(auto_field(&doc, "debt"), "fileId").ok_or_else(|| ApiError::NotFoundTitled {
        title: "Debt information not found",
        detail: "no debt information has been added to this transaction".into(),
    })?;
    let token = auto_files::new_token();
    let link = Link {
        tenant: tenant.name.clone(),
        transaction_id: doc.transaction_id.clone(),
        file_id,
        expires: state.clock.now() + Duration::seconds(LINK_VALIDITY_SECONDS),
    };
    let stored = token.clone();
    state.db.write(move |tx| auto_files::insert_link(tx, &stored, &link)).await?;
    Ok(axum::Json(json!(crate::answers::Link { url: format!("{}/hosted/debt-documents/{token}", state.public_url) })))
}

/// The hosted link: no API key, the token is the credential; 404 once expired, or when
/// the debt information was replaced since.
pub(crate) async fn hosted_debt_document(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> ApiResult<Response> {
    let now = state.clock.now();
    let found = state
        .db
        .call(move |c| {
            let Some(link) = auto_files::link(c, &token)? else {
                return Ok(None);
            };
            if now >= link.expires {
                return Ok(None);
            }
            let Some(doc) = store::get(c, &link.tenant, &link.transaction_id)? else {
                return Ok(None);
            };
            let debt = auto_field(&doc, "debt");
            if str_field(debt, "fileId").as_deref() != Some(link.file_id.as_str()) {
                return Ok(None);
            }
            let bytes = auto_files::load(c, &link.transaction_id, &link.file_id)?;
            Ok(Some((bytes, str_field(debt, "contentType"), str_field(debt, "fileName"))))
        })
        .await?;
    let (bytes, content_type, name) = found.ok_or(ApiError::NotFound)?;
    Ok(file_response(bytes, content_type.as_deref().unwrap_or("application/octet-stream"), name.as_deref()))
}
