//! The bounds of spec document 2, section 2, checked before anything is sent: a refused
//! call names the wire field and has `attempts == 0`.

use super::models::{
    CreateBusinessUser, CreateTrade, EditBusinessUser, ShipmentPurchase, TradeConnectRequest, TradePaymentFlowRequest,
    TradeSelectPayoutAccount, TradeStatusLinkRequest,
};
use crate::client::CallOptions;
use crate::error::{Error, Result};
use crate::money;
use rust_decimal::Decimal;

/// Lowest trade amount.
pub const MIN_AMOUNT: Decimal = Decimal::from_parts(5, 0, 0, false, 0);
/// Highest trade amount.
pub const MAX_AMOUNT: Decimal = Decimal::from_parts(10_000_000, 0, 0, false, 0);
/// Highest fixed fee (int32 max).
pub const MAX_FIXED_FEE: Decimal = Decimal::from_parts(2_147_483_647, 0, 0, false, 0);
/// Longest URL.
pub const MAX_URL: usize = 2048;
/// Longest allowed delivery time: 129,600 minutes (90 days).
pub const MAX_DELIVERY_MINUTES: i32 = 129_600;

/// A string of `min..=max` characters; blank counts as missing when `min >= 1`.
pub fn text(field: &str, value: &str, min: usize, max: usize) -> Result<()> {
    if min >= 1 && value.trim().is_empty() {
        return Err(Error::validation(field, "is required"));
    }
    let n = value.chars().count();
    if n < min || n > max {
        return Err(Error::validation(field, format!("must be {min} to {max} characters (is {n})")));
    }
    Ok(())
}

/// [`text`] for a field that may be left out.
pub fn optional_text(field: &str, value: Option<&str>, min: usize, max: usize) -> Result<()> {
    value.map_or(Ok(()), |v| text(field, v, min, max))
}

/// A path parameter: 1 to 64 characters (the spec), not blank.
pub fn path_param(field: &str, value: &str) -> Result<()> {
    text(field, value, 1, 64)
}

/// A URL field: 1 to 2048 characters.
pub fn url(field: &str, value: &str) -> Result<()> {
    text(field, value, 1, MAX_URL)
}

fn between(field: &str, value: Decimal, min: Decimal, max: Decimal) -> Result<()> {
    if value < min || value > max {
        return Err(Error::validation(field, format!("must be {min} to {max} (is {value})")));
    }
    Ok(())
}

/// This API's X-Correlation-Id must be a UUID (20 to 64 characters, which
/// [`crate::CorrelationId`] already ensures); the client's generated ids are UUIDs.
pub fn correlation(opts: &CallOptions) -> Result<()> {
    if let Some(id) = &opts.correlation_id
        && uuid::Uuid::try_parse(id.as_str()).is_err()
    {
        return Err(Error::validation("X-Correlation-Id", "must be a UUID for the trade API"));
    }
    Ok(())
}

/// A payout account: a 14-digit BBAN or a Danish IBAN (mod-97), 14 to 18 characters
/// once spaces and dashes are removed. Returns the form to send.
pub fn payout_account(value: &str) -> Result<String> {
    let field = "payoutsAccountNumber";
    if value.trim().is_empty() {
        return Err(Error::validation(field, "is required"));
    }
    crate::validate::bank_account(field, value)
}

/// Checks a create request; returns it with the account number normalized.
pub fn create_business_user(req: &CreateBusinessUser) -> Result<CreateBusinessUser> {
    text("businessId", &req.business_id, 1, 64)?;
    text("businessLocationId", &req.business_location_id, 1, 64)?;
    text("name", &req.name, 2, 200)?;
    text("phoneNumber", &req.phone_number, 1, usize::MAX)?;
    let mut out = req.clone();
    out.payouts_account_number = payout_account(&req.payouts_account_number)?;
    Ok(out)
}

/// Checks an edit request; returns it with the account number normalized.
pub fn edit_business_user(req: &EditBusinessUser) -> Result<EditBusinessUser> {
    text("name", &req.name, 2, 200)?;
    let mut out = req.clone();
    out.payouts_account_number = payout_account(&req.payouts_account_number)?;
    Ok(out)
}

/// Checks every bound of a trade creation request.
pub fn create_trade(req: &CreateTrade) -> Result<()> {
    text("title", &req.title, 1, 64)?;
    text("description", &req.description, 1, 5000)?;
    between("amount", money::round(req.amount), MIN_AMOUNT, MAX_AMOUNT)?;
    between("payerFee", req.payer_fee, Decimal::ZERO, Decimal::ONE_HUNDRED)?;
    between("payerFixedFee", money::round(req.payer_fixed_fee), Decimal::ZERO, MAX_FIXED_FEE)?;
    between("payeeFee", req.payee_fee, Decimal::ZERO, Decimal::ONE_HUNDRED)?;
    between("payeeFixedFee", money::round(req.payee_fixed_fee), Decimal::ZERO, MAX_FIXED_FEE)?;
    path_param("payerMarketplaceUserId", &req.payer_marketplace_user_id)?;
    path_param("payeeMarketplaceUserId", &req.payee_marketplace_user_id)?;
    optional_text("referenceId", req.reference_id.as_deref(), 0, 64)?;
    optional_text("checkoutIdempotencyKey", req.checkout_idempotency_key.as_deref(), 1, 64)?;
    optional_text("checkoutUniquenessKey", req.checkout_uniqueness_key.as_deref(), 1, 64)?;
    url("successUrl", &req.success_url)?;
    url("cancelUrl", &req.cancel_url)?;
    if let Some(m) = req.allowed_time_for_item_delivery_in_minutes
        && !(1..=MAX_DELIVERY_MINUTES).contains(&m)
    {
        return Err(Error::validation(
            "allowedTimeForItemDeliveryInMinutes",
            format!("must be 1 to {MAX_DELIVERY_MINUTES} minutes (is {m})"),
        ));
    }
    Ok(())
}

/// Checks a status-link request.
pub fn status_link(req: &TradeStatusLinkRequest) -> Result<()> {
    url("returnUrl", &req.return_url)
}

/// Checks a user connect request.
pub fn connect(req: &TradeConnectRequest) -> Result<()> {
    url("successUrl", &req.success_url)?;
    url("cancelUrl", &req.cancel_url)?;
    path_param("marketplaceUserId", &req.marketplace_user_id)?;
    if let Some(level) = req.required_kyc_level
        && !(1..=2).contains(&level)
    {
        return Err(Error::validation("requiredKycLevel", format!("must be 1 or 2 (is {level})")));
    }
    Ok(())
}

/// Checks a select-payout-account request.
pub fn select_payout_account(req: &TradeSelectPayoutAccount) -> Result<()> {
    optional_text("returnUrl", req.return_url.as_deref(), 1, MAX_URL)
}

/// Checks a payment flow request.
pub fn payment_flow(req: &TradePaymentFlowRequest) -> Result<()> {
    url("successUrl", &req.success_url)?;
    url("cancelUrl", &req.cancel_url)
}

/// A reimbursement is more than 0 (after rounding) and at most the largest trade.
pub fn reimburse(amount: Decimal) -> Result<()> {
    let amount = money::round(amount);
    if amount <= Decimal::ZERO {
        return Err(Error::validation("amount", "must be more than 0"));
    }
    between("amount", amount, Decimal::ZERO, MAX_AMOUNT)
}

/// Checks a shipment purchase.
pub fn shipment(req: &ShipmentPurchase) -> Result<()> {
    between("price", money::round(req.price), Decimal::ZERO, MAX_AMOUNT)?;
    text("shipmentProviderId", &req.shipment_provider_id, 1, 64)?;
    if req.expected_max_weight_in_grams <= 0 {
        return Err(Error::validation("expectedMaxWeightInGrams", "must be more than 0 grams"));
    }
    Ok(())
}

/// The cancel request's state id: 1 to 64 characters.
pub fn state(state: &str) -> Result<()> {
    text("state", state, 1, 64)
}

/// The optional receiverShopId query: at most 64 characters.
pub fn receiver_shop_id(value: Option<&str>) -> Result<()> {
    optional_text("receiverShopId", value, 0, 64)
}
