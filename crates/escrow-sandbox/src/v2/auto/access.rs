//! Checks every Auto route makes (transaction, module, type, state) and the fields
//! of `autoInformation`.

use super::files::FormData;
use crate::auth::Tenant;
use crate::error::{ApiError, ApiResult};
use crate::money;
use crate::state::AppState;
use crate::v2::transactions::store::{self as store, TxnDoc};
use rust_decimal::Decimal;
use serde_json::Value;

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Module {
    BillOfSale,
    Debt,
}

/// 404 for an unknown or foreign transaction, then module, type and (when changing)
/// the closed states.
pub(crate) fn check_access(tenant: &Tenant, doc: Option<TxnDoc>, module: Module, changing: bool) -> ApiResult<TxnDoc> {
    let doc = doc.ok_or(ApiError::NotFound)?;
    let (enabled, what) = match module {
        Module::BillOfSale => (tenant.modules.bill_of_sale, "bill-of-sale"),
        Module::Debt => (tenant.modules.debt, "debt"),
    };
    if !enabled {
        return Err(ApiError::bad_request(
            "Module not enabled",
            format!("the {what} module is not enabled for this tenant"),
        ));
    }
    if doc.kind != "Auto" {
        return Err(ApiError::bad_request(
            "Invalid transaction type",
            format!("the {what} module is for Auto transactions; this one is {}", doc.kind),
        ));
    }
    if changing && matches!(doc.status.as_str(), "SUCCEEDED" | "CANCELLED") {
        return Err(ApiError::bad_request("Transaction closed", format!("the transaction is {}", doc.status)));
    }
    Ok(doc)
}

pub(crate) async fn load_checked(
    state: &AppState,
    tenant: &Tenant,
    id: &str,
    module: Module,
    changing: bool,
) -> ApiResult<TxnDoc> {
    let (name, id) = (tenant.name.clone(), id.to_owned());
    let doc = state.db.call(move |c| store::get(c, &name, &id)).await?;
    check_access(tenant, doc, module, changing)
}

/// Sets one field of the transaction's `autoInformation`, creating the object if needed.
pub(crate) fn set_auto(doc: &mut TxnDoc, field: &str, value: Value) {
    let mut map = match doc.auto_information.take() {
        Some(Value::Object(map)) => map,
        _ => serde_json::Map::new(),
    };
    map.insert(field.to_owned(), value);
    doc.auto_information = Some(Value::Object(map));
}

pub(crate) fn auto_field<'a>(doc: &'a TxnDoc, field: &str) -> Option<&'a Value> {
    doc.auto_information.as_ref().and_then(|a| a.get(field)).filter(|v| !v.is_null())
}

pub(crate) fn str_field(value: Option<&Value>, field: &str) -> Option<String> {
    value.and_then(|v| v.get(field)).and_then(Value::as_str).map(str::to_owned)
}

pub(crate) fn read_amount(form: &FormData, field: &str) -> ApiResult<Option<Decimal>> {
    let amount = match form.text(field)? {
        None => None,
        Some(text) => money::read(Some(&Value::String(text)), field)?,
    };
    if amount.is_some_and(|a| a <= Decimal::ZERO) {
        return Err(ApiError::bad_request("Invalid amount", format!("{field} must be greater than zero")));
    }
    Ok(amount)
}
