//! Creating a transaction: which route, and the rules the spec states for the body.

use super::models::CreateTransaction;
use crate::error::{Error, Result};
use crate::routes::v2::V2Route;
use chrono::Utc;
use rust_decimal::Decimal;

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
    pub(crate) fn route(self) -> V2Route {
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
