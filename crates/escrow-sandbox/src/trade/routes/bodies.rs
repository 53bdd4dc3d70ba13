//! Trade-API bodies read by functions of their own, so each is documented from its reader
//! ([`body_read_by!`]): the handlers call the reader, the OpenAPI document runs it on an
//! empty body. `appSwitch` is read the same way in both dialects as far as the schema goes
//! (only its `operatingSystem` differs, checked inside the object), so one type serves both.

use crate::dialect::Dialect;
use crate::trade::api::Outcome;
use crate::trade::check::{Check, dec};
use crate::trade::described::body_read_by;
use crate::trade::wire;
use rust_decimal::Decimal;

body_read_by!(
    /// `{state}`: the trade to cancel.
    CancelBody,
    "TradeCancel",
    read_state(b"")
);

body_read_by!(
    /// `{amount}`: what to pay the payer back.
    ReimburseBody,
    "TradeReimbursement",
    read_amount(b"")
);

body_read_by!(
    /// `{returnUrl, appSwitch}` with the return URL required (the status page).
    ReturnUrlBody,
    "TradeReturnUrl",
    read_return_url(b"", Dialect::Spec, true)
);

body_read_by!(
    /// `{returnUrl, appSwitch}` with the return URL optional (choosing the payout account).
    OptionalReturnUrlBody,
    "TradeOptionalReturnUrl",
    read_return_url(b"", Dialect::Spec, false)
);

body_read_by!(
    /// `{successUrl, cancelUrl, appSwitch}`: where a payment flow ends.
    FlowBody,
    "TradeFlow",
    read_flow(b"", Dialect::Spec)
);

/// The trade to cancel (its `state`).
pub fn read_state(body: &[u8]) -> Outcome<String> {
    let mut c = Check::parse(body)?;
    let id = c.string("state", 1, 64, true);
    c.finish_with(id)
}

/// The amount to reimburse.
pub fn read_amount(body: &[u8]) -> Outcome<Decimal> {
    let mut c = Check::parse(body)?;
    let amount = c.number("amount", Decimal::ZERO, dec(10_000_000), true, true);
    c.finish_with(amount)
}

/// The return URL of a hosted page (`required` or not).
pub fn read_return_url(body: &[u8], dialect: Dialect, required: bool) -> Outcome<Option<String>> {
    let mut c = Check::parse(body)?;
    let return_url = c.string("returnUrl", 1, 2048, required);
    wire::app_switch(&mut c, dialect);
    c.finish()?;
    Ok(return_url)
}

/// Where a payment flow goes on success and on cancel.
pub fn read_flow(body: &[u8], dialect: Dialect) -> Outcome<(Option<String>, Option<String>)> {
    let mut c = Check::parse(body)?;
    let success = c.string("successUrl", 1, 2048, true);
    let cancel = c.string("cancelUrl", 1, 2048, true);
    wire::app_switch(&mut c, dialect);
    c.finish()?;
    Ok((success, cancel))
}
