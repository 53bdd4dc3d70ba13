//! Transaction operations (spec section 4, "Transactions").

use crate::client::{Body, CallOptions, Client, Request, Response};
use crate::error::{Error, Result};
use crate::models::{CreateTransaction, CreatedTransaction, Transaction, TransactionPage};
use crate::routes::V2Route;
use chrono::Utc;
use rust_decimal::Decimal;

/// The server's page-size ceiling for `GET /v2/transactions`.
pub const MAX_TAKE: u32 = 100;

/// Query of `GET /v2/transactions`. Unset fields use the server's defaults
/// (Skip 0, Take 20).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ListTransactions {
    /// How many matches to skip (server default 0); must fit in int32.
    pub skip: Option<u32>,
    /// Clamped to [`MAX_TAKE`].
    pub take: Option<u32>,
    /// Case-insensitive partial match over ids, title, description, parties and vehicle.
    pub search: Option<String>,
    /// Case-insensitive partial match on the reference id.
    pub reference_id: Option<String>,
}

impl ListTransactions {
    fn query(&self) -> Result<Vec<(&'static str, String)>> {
        let mut q = Vec::new();
        if let Some(skip) = self.skip {
            if i32::try_from(skip).is_err() {
                return Err(Error::validation("skip", "must fit in int32"));
            }
            q.push(("Skip", skip.to_string()));
        }
        if let Some(take) = self.take {
            q.push(("Take", take.clamp(1, MAX_TAKE).to_string()));
        }
        if let Some(s) = self.search.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            q.push(("Search", s.to_owned()));
        }
        if let Some(r) = self.reference_id.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            q.push(("ReferenceId", r.to_owned()));
        }
        Ok(q)
    }
}

/// Which create route to use; each has its own required fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TransactionType {
    /// A sale between two users; title and payer are required.
    Marketplace,
    /// A vehicle sale; may carry vehicle data, a bill of sale and debt information. Needs the
    /// tenant's Auto module.
    Auto,
}

impl TransactionType {
    fn route(self) -> V2Route {
        match self {
            Self::Marketplace => V2Route::CreateMarketplaceTransaction,
            Self::Auto => V2Route::CreateAutoTransaction,
        }
    }
}

/// Checks the rules the spec states for a create request, so nothing invalid is sent.
pub fn validate_create(kind: TransactionType, req: &CreateTransaction) -> Result<()> {
    if req.amount <= Decimal::ZERO {
        return Err(Error::validation("amount", "must be greater than zero"));
    }
    let blank = |v: &Option<String>| v.as_deref().is_none_or(|s| s.trim().is_empty());
    if blank(&req.payee_id) && blank(&req.payee_reference_id) {
        return Err(Error::validation("payee", "payeeId or payeeReferenceId must identify the payee"));
    }
    if let Some(when) = req.expected_completion
        && when <= Utc::now()
    {
        return Err(Error::validation("expectedCompletion", "must be in the future"));
    }
    for (field, fee) in [
        ("payerFixedFee", req.payer_fixed_fee),
        ("payeeFixedFee", req.payee_fixed_fee),
        ("payerExtraFee", req.payer_extra_fee),
        ("payeeExtraFee", req.payee_extra_fee),
    ] {
        if fee.is_some_and(|f| f < Decimal::ZERO) {
            return Err(Error::validation(field, "must not be negative"));
        }
    }
    for split in req.split_payouts.iter().flatten() {
        if split.amount <= Decimal::ZERO {
            return Err(Error::validation("splitPayouts.amount", "must be greater than zero"));
        }
    }
    match kind {
        TransactionType::Marketplace => {
            if blank(&req.title) {
                return Err(Error::validation("title", "is required for a Marketplace transaction"));
            }
            if blank(&req.payer_id) {
                return Err(Error::validation("payerId", "is required for a Marketplace transaction"));
            }
            if req.auto_information.is_some() {
                return Err(Error::validation("autoInformation", "is for Auto transactions only"));
            }
        }
        TransactionType::Auto => {
            if req.payer_extra_fee.is_some() || req.payee_extra_fee.is_some() {
                return Err(Error::validation("extraFee", "is for Marketplace transactions only"));
            }
        }
    }
    Ok(())
}

impl Client {
    /// `GET /v2/transactions`: one page, newest first, with the total match count.
    pub async fn list_transactions(&self, query: &ListTransactions) -> Result<TransactionPage> {
        let mut req = Request::get(self.path(V2Route::ListTransactions, &[]));
        req.query = query.query()?;
        Ok(self.send(req, &CallOptions::default()).await?.value)
    }

    /// `GET /v2/transactions/{transactionId}`.
    pub async fn get_transaction(&self, transaction_id: &str) -> Result<Transaction> {
        let id = non_empty("transactionId", transaction_id)?;
        let req = Request::get(self.path(V2Route::GetTransaction, &[("transactionId", id)]));
        Ok(self.send(req, &CallOptions::default()).await?.value)
    }

    /// `POST /v2/transactions/marketplace` or `/auto`, with an Idempotency-Key.
    pub async fn create_transaction(
        &self,
        kind: TransactionType,
        request: &CreateTransaction,
        opts: &CallOptions,
    ) -> Result<Response<CreatedTransaction>> {
        validate_create(kind, request)?;
        let req = Request::post(self.path(kind.route(), &[]), Body::json(request)?).keyed();
        self.send(req, opts).await
    }
}

/// Refuses an empty id before it turns into a different route.
pub(crate) fn non_empty<'a>(field: &str, value: &'a str) -> Result<&'a str> {
    let v = value.trim();
    if v.is_empty() {
        return Err(Error::validation(field, "is required"));
    }
    Ok(v)
}
