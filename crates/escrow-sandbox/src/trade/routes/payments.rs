//! Payments of a trade: the payment to escrow, the hosted payment flow (keyed), and
//! shipment labels for delivery and return (keyed), each paid by a payment.

use crate::clock::stamp;
use crate::trade::api::{CARRIERS, Fault, Outcome, check_path};
use crate::trade::call::{Call, Moved, Step, TradePath};
use crate::trade::check::{Check, dec};
use crate::trade::described::body_read_by;
use crate::trade::machine::{PaymentDoc, Shipment, TradeDoc};
use crate::trade::records::{ensure_payable, hosted_link, load_trade};
use crate::trade::session::SessionDoc;
use crate::trade::store::{self, PAYMENT};
use axum::response::Response;
use rust_decimal::Decimal;

pub async fn get(call: Call<TradePath, ()>) -> Response {
    let (user, trade) = call.path.clone();
    let r = async {
        check_path(&[("marketplaceUserId", &user), ("tradeId", &trade)])?;
        call.exec(move |conn, tenant| {
            let t = load_trade(conn, tenant, &user, &trade)?;
            let payment = match &t.payment_id {
                Some(id) => store::get::<PaymentDoc>(conn, tenant, PAYMENT, id)?,
                None => None,
            };
            payment.map(|p| p.json()).ok_or_else(|| {
                Fault::not_found("PaymentNotFound", "the trade has no payment to escrow yet (accept and pay first)")
            })
        })
        .await
    }
    .await;
    call.respond(r)
}

/// `{user}/payments/{payment}` path parameters.
type PaymentPath = (String, String);

pub async fn flow(call: Call<PaymentPath>) -> Response {
    let (user, payment) = call.path.clone();
    if let Err(f) = check_path(&[("marketplaceUserId", &user), ("paymentId", &payment)]) {
        return f.render(&call.trace.0);
    }
    let st = call.state.clone();
    call.keyed(move |conn, tenant, body, ctx| {
        let (success, cancel) = super::bodies::read_flow(body, st.dialect)?;
        let p: PaymentDoc = store::get(conn, tenant, PAYMENT, &payment)?
            .filter(|p: &PaymentDoc| p.payer_id == user)
            .ok_or_else(|| Fault::not_found("PaymentNotFound", format!("no payment {payment} for user {user}")))?;
        ensure_payable(&p, &payment)?;
        let session =
            SessionDoc::new("pay", &user, &stamp(ctx.now)).trade(&p.trade_id).payment(&payment).urls(success, cancel);
        hosted_link(&st, conn, tenant, "pay", &session)
    })
    .await
}

body_read_by!(
    /// The body of buying a shipment, as [`read_shipment`] reads it.
    ShipmentBody,
    "NewShipment",
    read_shipment(b"")
);

fn read_shipment(body: &[u8]) -> Outcome<(Decimal, String, i64)> {
    let mut c = Check::parse(body)?;
    let price = c.number("price", Decimal::ZERO, dec(10_000_000), true, true);
    let provider = c.string("shipmentProviderId", 1, 64, true);
    let provider = provider.and_then(|p| {
        let lower = p.trim().to_ascii_lowercase();
        if CARRIERS.contains(&lower.as_str()) {
            Some(lower)
        } else {
            c.errors.push(("shipmentProviderId".into(), format!("must be one of {}", CARRIERS.join(", "))));
            None
        }
    });
    let weight = c.int("expectedMaxWeightInGrams", 1, i64::from(i32::MAX), true);
    let errors = c.errors.clone();
    c.finish()?;
    match (price, provider, weight) {
        (Some(p), Some(s), Some(w)) => Ok((p, s, w)),
        _ => Err(Fault::fields(errors)),
    }
}

/// Buys a label for `purpose` (`delivery` or `return`) with a payment for its price
/// (paid at once when free).
fn buy(s: &Step<'_>, t: &mut TradeDoc, purpose: &str) -> Outcome<Moved> {
    let (conn, tenant, user, body, at) = (s.conn, s.tenant, s.user, s.body, s.at);
    let (price, provider, weight) = read_shipment(body)?;
    let payment = PaymentDoc {
        external_id: uuid::Uuid::new_v4().to_string(),
        trade_id: t.trade_id.clone(),
        purpose: purpose.into(),
        payer_id: user.to_owned(),
        amount: price,
        state: if price.is_zero() { "Paid".into() } else { "Pending".into() },
        created: at.to_owned(),
        paid_at: price.is_zero().then(|| at.to_owned()),
    };
    let tracking = format!("{}{:012}", provider.to_ascii_uppercase(), fastrand::u64(..1_000_000_000_000));
    let shipment = Shipment {
        provider,
        price,
        weight_grams: weight,
        payment_id: payment.external_id.clone(),
        tracking_number: tracking,
        bought: at.to_owned(),
    };
    let effects = t.buy_shipment(user, purpose, shipment, at)?;
    store::put(conn, tenant, PAYMENT, &payment.external_id, at, &payment)?;
    Ok((effects, Some(payment.json())))
}

pub async fn buy_delivery(call: Call<TradePath>) -> Response {
    call.step(|s, t| buy(s, t, "delivery")).await
}

pub async fn buy_return(call: Call<TradePath>) -> Response {
    call.step(|s, t| buy(s, t, "return")).await
}
