//! Reads and writes of trades, users and payments that several handlers and the hosted
//! pages share: a trade as its party sees it, a payment paid, a hosted link made.

use super::api::{Fault, Outcome};
use super::machine::{BankAccountDoc, Effect, PaymentDoc, TradeDoc, UserDoc};
use super::session::SessionDoc;
use super::store::{self, PAYMENT, TRADE, USER};
use super::{published, wire};
use crate::dialect::Dialect;
use crate::state::AppState;
use crate::store::ledger;
use rusqlite::Connection;
use serde_json::Value;

pub fn load_user(conn: &Connection, tenant: &str, id: &str) -> Outcome<Option<UserDoc>> {
    store::get(conn, tenant, USER, id)
}

pub fn require_user(conn: &Connection, tenant: &str, id: &str) -> Outcome<UserDoc> {
    load_user(conn, tenant, id)?.ok_or_else(|| Fault::not_found("UserNotFound", format!("no connected user {id}")))
}

/// A trade the user takes part in; another tenant's, or one the user is no party of,
/// is 404 like a missing one.
pub fn load_trade(conn: &Connection, tenant: &str, user: &str, trade_id: &str) -> Outcome<TradeDoc> {
    let trade: Option<TradeDoc> = store::get(conn, tenant, TRADE, trade_id)?;
    trade
        .filter(|t| t.role_of(user).is_some())
        .ok_or_else(|| Fault::not_found("TradeNotFound", format!("no trade {trade_id} for user {user}")))
}

pub fn save_trade(conn: &Connection, tenant: &str, t: &TradeDoc) -> Outcome<()> {
    store::put(conn, tenant, TRADE, &t.trade_id, &t.created, t)
}

pub fn render_trade(conn: &Connection, tenant: &str, t: &TradeDoc, dialect: Dialect) -> Outcome<Value> {
    let payer = load_user(conn, tenant, &t.payer_id)?;
    let payee = load_user(conn, tenant, &t.payee_id)?;
    Ok(match dialect {
        Dialect::Spec => t.json(payer.as_ref(), payee.as_ref()),
        Dialect::Published => published::trade(t, payer.as_ref(), payee.as_ref()),
    })
}

/// Writes the money a step moved to the ledger.
pub fn record(
    conn: &Connection,
    tenant: &str,
    target: &str,
    effects: &[Effect],
    key: Option<&str>,
    at: &str,
) -> Outcome<()> {
    for e in effects {
        ledger::record(conn, tenant, e.kind, target, Some(e.amount), key, at)?;
    }
    Ok(())
}

/// A pending payment of the trade can no longer be paid once the trade closed.
pub fn void_pending_payment(conn: &Connection, tenant: &str, t: &TradeDoc) -> Outcome<()> {
    let ids = [
        t.payment_id.clone(),
        t.delivery.as_ref().map(|s| s.payment_id.clone()),
        t.return_shipment.as_ref().map(|s| s.payment_id.clone()),
    ];
    for id in ids.into_iter().flatten() {
        if let Some(mut p) = store::get::<PaymentDoc>(conn, tenant, PAYMENT, &id)?
            && p.state == "Pending"
        {
            p.state = "Cancelled".into();
            store::put(conn, tenant, PAYMENT, &id, &p.created.clone(), &p)?;
        }
    }
    Ok(())
}

/// A payment can still be paid: neither paid already nor cancelled with its trade.
pub fn ensure_payable(p: &PaymentDoc, id: &str) -> Outcome<()> {
    match p.state.as_str() {
        "Paid" => Err(Fault::rule("PaymentAlreadyPaid", "Payment already paid", format!("payment {id} is paid"))),
        "Cancelled" => {
            Err(Fault::rule("PaymentCancelled", "Payment cancelled", "the trade was closed before this payment"))
        }
        _ => Ok(()),
    }
}

/// Marks a payment paid and moves its trade on (the hosted pay page and the control
/// route both end here). Records the money movements in the ledger.
pub fn mark_paid(
    conn: &Connection,
    tenant: &str,
    external_id: &str,
    key: Option<&str>,
    at: &str,
) -> Outcome<PaymentDoc> {
    let mut p: PaymentDoc = store::get(conn, tenant, PAYMENT, external_id)?
        .ok_or_else(|| Fault::not_found("PaymentNotFound", format!("no payment {external_id}")))?;
    ensure_payable(&p, external_id)?;
    let mut t: TradeDoc = store::get(conn, tenant, TRADE, &p.trade_id)?
        .ok_or_else(|| Fault::not_found("TradeNotFound", format!("no trade {}", p.trade_id)))?;
    let effects = t.payment_paid(&p, at)?;
    p.state = "Paid".into();
    p.paid_at = Some(at.to_owned());
    store::put(conn, tenant, PAYMENT, external_id, &p.created.clone(), &p)?;
    save_trade(conn, tenant, &t)?;
    record(conn, tenant, &t.trade_id, &effects, key, at)?;
    Ok(p)
}

/// A new hosted page for `session`: its URL.
pub fn hosted_url(
    state: &AppState,
    conn: &Connection,
    tenant: &str,
    page: &str,
    session: &SessionDoc,
) -> Outcome<String> {
    let token = uuid::Uuid::new_v4().simple().to_string();
    store::put(conn, tenant, store::SESSION, &token, &session.created, session)?;
    Ok(format!("{}/hosted/trade/{page}/{token}", state.public_url))
}

/// A new hosted page for `session`, answered as the dialect's link object.
pub fn hosted_link(
    state: &AppState,
    conn: &Connection,
    tenant: &str,
    page: &str,
    session: &SessionDoc,
) -> Outcome<Value> {
    let url = hosted_url(state, conn, tenant, page, session)?;
    Ok(wire::link(state.dialect, &url))
}

/// The user finished the connect flow (a payer must have, to accept).
pub fn require_connected(conn: &Connection, tenant: &str, user: &str) -> Outcome<()> {
    match load_user(conn, tenant, user)? {
        Some(u) if u.has_completed_onboarding => Ok(()),
        _ => Err(Fault::rule(
            "UserNotConnected",
            "User not connected",
            format!("{user} must connect through the connect flow first"),
        )),
    }
}

/// A payout account for a demo user: the same number for the same user every time.
pub fn demo_account(user: &str, name: &str) -> BankAccountDoc {
    let seed = user.bytes().fold(7u64, |a, b| a.wrapping_mul(31).wrapping_add(u64::from(b)));
    BankAccountDoc {
        bank: "Sandbox Bank".into(),
        account_number: crate::v2::users::store::demo_bank_account(seed, true).bban,
        name: name.into(),
    }
}
