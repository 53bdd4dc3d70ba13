//! The parties' steps of a trade: `escrow trades accept|reject|accept-and-pay|
//! accept-item-condition|reject-item-condition|abandon|perform-action`. Each answers the
//! trade as it now is (accept-and-pay: the payment to make).

use super::ctx::Ctx;
use super::keyed::Keyed;
use super::reply;
use super::trade_view::{payment_fields, trade_fields};
use crate::args::trade::{AcceptAndPay, UserTrade};
use crate::exit::Failure;
use crate::output;
use escrow_api::CallOptions;
use escrow_api::trade::TradeApi;

/// A step sent without an Idempotency-Key.
pub enum Step {
    Accept,
    Reject,
    RejectItem(String),
    Perform(String),
}

/// A step that may move money, so keyed.
pub enum KeyedStep {
    AcceptItem,
    Abandon,
}

pub async fn step(api: &TradeApi, ctx: &Ctx, ids: UserTrade, step: Step) -> Result<(), Failure> {
    let (u, t, none) = (&ids.user, &ids.trade, CallOptions::default());
    let trade = match step {
        Step::Accept => api.accept_trade(u, t, &none).await?,
        Step::Reject => api.reject_trade(u, t, &none).await?,
        Step::RejectItem(reason) => api.reject_item_condition(u, t, &reason, &none).await?,
        Step::Perform(name) => api.perform_action(u, t, &name, &none).await?,
    }
    .value;
    if ctx.json {
        return output::emit_json(&trade);
    }
    output::emit(&trade_fields(&trade).render())
}

pub async fn keyed_step(api: &TradeApi, ctx: &Ctx, ids: UserTrade, step: KeyedStep) -> Result<(), Failure> {
    let (u, t) = (&ids.user, &ids.trade);
    let action = match step {
        KeyedStep::AcceptItem => "trades accept-item-condition",
        KeyedStep::Abandon => "trades abandon",
    };
    let keyed = Keyed::new(ctx, action)?;
    let result = match step {
        KeyedStep::AcceptItem => api.accept_item_condition(u, t, &keyed.options()).await,
        KeyedStep::Abandon => api.abandon_trade(u, t, &keyed.options()).await,
    };
    reply::keyed(ctx, &keyed, result, trade_fields)
}

pub async fn accept_and_pay(api: &TradeApi, ctx: &Ctx, a: AcceptAndPay) -> Result<(), Failure> {
    let keyed = Keyed::new(ctx, "trades accept-and-pay")?;
    let shop = a.receiver_shop_id.as_deref();
    let result = api.accept_trade_and_pay(&a.ids.user, &a.ids.trade, shop, &keyed.options()).await;
    reply::keyed(ctx, &keyed, result, payment_fields)
}
