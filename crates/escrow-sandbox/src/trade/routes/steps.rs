//! The steps the parties take on a trade: accept or reject the invitation, accept and
//! pay (keyed), accept (keyed) or reject the item's condition, abandon (keyed). Each is
//! one call of the phase machine through [`Call::change`] or [`Call::step`].

use crate::trade::api::Fault;
use crate::trade::call::{Call, TradePath};
use crate::trade::machine::{PaymentDoc, Role};
use crate::trade::records::{require_connected, void_pending_payment};
use crate::trade::store::{self, PAYMENT};
use axum::response::Response;
use serde_json::Value;

pub async fn accept(call: Call<TradePath>) -> Response {
    call.change(|s, t| {
        if t.role_of(s.user) == Some(Role::Payer) {
            require_connected(s.conn, s.tenant, s.user)?;
        }
        t.accept(s.user, s.at)
    })
    .await
}

pub async fn reject(call: Call<TradePath>) -> Response {
    call.change(|s, t| t.reject(s.user, s.at)).await
}

/// The body is the reason itself, a JSON string. Its 1 to 5000 characters are a local
/// limit of the sandbox (the spec sets none; see the README).
pub async fn reject_item(call: Call<TradePath>) -> Response {
    let reason = match serde_json::from_slice::<Value>(&call.body) {
        Ok(Value::String(s)) if !s.trim().is_empty() && s.chars().count() <= 5000 => s,
        _ => {
            return Fault::field(
                "reason",
                "the body must be a JSON string of 1 to 5000 characters: the rejection reason",
            )
            .render(&call.trace.0);
        }
    };
    call.change(move |s, t| t.reject_item(s.user, &reason, s.at)).await
}

/// Accepts for payment and answers the trade's pending payment (a new one, or the
/// one started before).
pub async fn accept_and_pay(call: Call<TradePath>) -> Response {
    let pairs = crate::form::query_pairs(call.query.as_deref());
    let shop = pairs.into_iter().find(|(k, _)| k.eq_ignore_ascii_case("receiverShopId")).map(|(_, v)| v);
    if shop.as_ref().is_some_and(|s| s.chars().count() > 64) {
        return Fault::field("receiverShopId", "must be at most 64 characters").render(&call.trace.0);
    }
    call.step(move |s, t| {
        if t.role_of(s.user) == Some(Role::Payer) {
            require_connected(s.conn, s.tenant, s.user)?;
        }
        t.accept_for_payment(s.user, s.at)?;
        if shop.is_some() {
            t.receiver_shop_id = shop;
        }
        let existing = match &t.payment_id {
            Some(id) => store::get::<PaymentDoc>(s.conn, s.tenant, PAYMENT, id)?.filter(|p| p.state == "Pending"),
            None => None,
        };
        let payment = match existing {
            Some(p) => p,
            None => {
                let p = PaymentDoc {
                    external_id: uuid::Uuid::new_v4().to_string(),
                    trade_id: t.trade_id.clone(),
                    purpose: "escrow".into(),
                    payer_id: s.user.to_owned(),
                    amount: t.payer_total(),
                    state: "Pending".into(),
                    created: s.at.to_owned(),
                    paid_at: None,
                };
                store::put(s.conn, s.tenant, PAYMENT, &p.external_id, s.at, &p)?;
                t.payment_id = Some(p.external_id.clone());
                t.log(s.at, "payer", format!("Payment of {} DKK started", p.amount));
                p
            }
        };
        Ok((Vec::new(), Some(payment.json())))
    })
    .await
}

pub async fn accept_item(call: Call<TradePath>) -> Response {
    call.step(|s, t| Ok((t.accept_item(s.user, s.at)?, None))).await
}

pub async fn abandon(call: Call<TradePath>) -> Response {
    call.step(|s, t| {
        let effects = t.abandon(s.user, s.at)?;
        void_pending_payment(s.conn, s.tenant, t)?;
        Ok((effects, None))
    })
    .await
}

/// The body `{ "name": ... }`: an action name the trade lists for the caller beyond the
/// sandbox's own (see the control route that lists one).
fn action_name(body: &[u8]) -> Result<String, Fault> {
    let name = serde_json::from_slice::<Value>(body)
        .ok()
        .and_then(|v| v.get("name").and_then(Value::as_str).map(str::to_owned));
    match name {
        Some(n) if !n.trim().is_empty() && n.chars().count() <= 100 => Ok(n),
        _ => Err(Fault::field("name", "the body must be {\"name\": the action's name, 1 to 100 characters}")),
    }
}

/// `POST …/trades/{tradeId}/actions {name}`: performs an action the trade lists by name.
pub async fn perform(call: Call<TradePath>) -> Response {
    match action_name(&call.body) {
        Ok(name) => call.change(move |s, t| t.perform_extra_action(s.user, &name, s.at)).await,
        Err(fault) => fault.render(&call.trace.0),
    }
}

/// Control: lists `{name}` for the calling user's party (a name no client knows, for tests).
pub async fn list_extra(call: Call<TradePath>) -> Response {
    match action_name(&call.body) {
        Ok(name) => call.change(move |s, t| t.add_extra_action(s.user, &name)).await,
        Err(fault) => fault.render(&call.trace.0),
    }
}
