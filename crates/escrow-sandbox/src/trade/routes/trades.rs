//! Trades: initiate (keyed), cancel (keyed), list, details, status link, reimburse
//! the payer (keyed).

use crate::clock::stamp;
use crate::dialect::Dialect;
use crate::form::{query_pairs, query_value};
use crate::trade::api::{Fault, Outcome, check_path};
use crate::trade::call::{Call, TradePath};
use crate::trade::check::{Check, dec};
use crate::trade::described::body_read_by;
use crate::trade::machine::{Stage, TradeDoc};
use crate::trade::records::{
    hosted_link, hosted_url, load_trade, load_user, record, render_trade, save_trade, void_pending_payment,
};
use crate::trade::session::SessionDoc;
use crate::trade::store::{self, TRADE};
use crate::trade::wire;
use axum::response::Response;
use rust_decimal::Decimal;
use serde_json::json;

const MAX_FIXED_FEE: i64 = 2_147_483_647;

struct NewTrade {
    doc: TradeDoc,
}

body_read_by!(
    /// The body of initiating a trade in the spec's dialect, as [`read_new_trade`] reads it.
    NewTradeBody,
    "NewTrade",
    read_new_trade(b"", String::new(), "", Dialect::Spec)
);

body_read_by!(
    /// The body of initiating a trade in the published dialect, as [`read_new_trade`] reads it.
    PublishedNewTradeBody,
    "NewTrade",
    read_new_trade(b"", String::new(), "", Dialect::Published)
);

fn read_new_trade(body: &[u8], trade_id: String, at: &str, dialect: Dialect) -> Outcome<NewTrade> {
    let mut c = Check::parse(body)?;
    let title = c.string("title", 1, 64, true);
    let description = c.string("description", 1, 5000, true);
    let amount = c.number("amount", dec(5), dec(10_000_000), true, true);
    let payer_fee = c.number("payerFee", Decimal::ZERO, dec(100), true, false);
    let payer_fixed_fee = c.number("payerFixedFee", Decimal::ZERO, dec(MAX_FIXED_FEE), true, true);
    let payee_fee = c.number("payeeFee", Decimal::ZERO, dec(100), true, false);
    let payee_fixed_fee = c.number("payeeFixedFee", Decimal::ZERO, dec(MAX_FIXED_FEE), true, true);
    let payer = c.string("payerMarketplaceUserId", 1, 64, true);
    let payee = c.string("payeeMarketplaceUserId", 1, 64, true);
    let reference_id = c.string("referenceId", 0, 64, false);
    let old_key = c.string("checkoutIdempotencyKey", 1, 64, false);
    let unique_key = c.string("checkoutUniquenessKey", 1, 64, false);
    let by_hand = c.boolean("deliveryByHandAllowed");
    let shipping = c.object("shipping", false);
    let return_shipping = c.object("returnShipping", false);
    let success_url = c.string("successUrl", 1, 2048, true);
    let cancel_url = c.string("cancelUrl", 1, 2048, true);
    let checkout_type = c.string("checkoutType", 1, 64, false);
    let image_urls = c.strings("imageUrls");
    let app_switch = wire::app_switch(&mut c, dialect);
    let minutes = c.int("allowedTimeForItemDeliveryInMinutes", 1, 129_600, false);
    let prioritized = c.array("prioritizedPayees");
    if let (Some(a), Some(b)) = (&payer, &payee)
        && a == b
    {
        c.errors.push(("payerMarketplaceUserId".into(), "must differ from the payee".into()));
    }
    let errors = c.errors.clone();
    c.finish()?;
    let (
        Some(title),
        Some(description),
        Some(amount),
        Some(payer_fee),
        Some(payer_fixed_fee),
        Some(payee_fee),
        Some(payee_fixed_fee),
        Some(payer_id),
        Some(payee_id),
        Some(success_url),
        Some(cancel_url),
    ) = (
        title,
        description,
        amount,
        payer_fee,
        payer_fixed_fee,
        payee_fee,
        payee_fixed_fee,
        payer,
        payee,
        success_url,
        cancel_url,
    )
    else {
        return Err(Fault::fields(errors));
    };
    Ok(NewTrade {
        doc: TradeDoc {
            trade_id,
            created: at.to_owned(),
            created_by: "Marketplace".into(),
            title,
            description,
            amount,
            payer_fee,
            payer_fixed_fee,
            payee_fee,
            payee_fixed_fee,
            payer_id,
            payee_id,
            reference_id,
            checkout_key: unique_key.or(old_key),
            delivery_by_hand_allowed: by_hand,
            shipping,
            return_shipping,
            success_url,
            cancel_url,
            checkout_type,
            image_urls: image_urls.unwrap_or_default(),
            app_switch,
            allowed_minutes: minutes,
            prioritized_payees: prioritized,
            stage: Stage::InvitationPending,
            receiver_shop_id: None,
            payment_id: None,
            paid: Decimal::ZERO,
            reimbursed: Decimal::ZERO,
            delivery: None,
            return_shipment: None,
            rejection_reason: None,
            accepted_at: None,
            paid_at: None,
            sent_at: None,
            inspected_at: None,
            finished_at: None,
            events: Vec::new(),
            extra_actions: Vec::new(),
        },
    })
}

pub async fn initiate(call: Call) -> Response {
    let st = call.state.clone();
    let dialect = st.dialect;
    call.keyed(move |conn, tenant, body, ctx| {
        let at = stamp(ctx.now);
        let NewTrade { doc: mut t } = read_new_trade(body, uuid::Uuid::new_v4().to_string(), &at, dialect)?;
        let payee = load_user(conn, tenant, &t.payee_id)?;
        if !payee.as_ref().is_some_and(|u| u.has_completed_onboarding) {
            return Err(Fault::field(
                "payeeMarketplaceUserId",
                "is not connected; connect the user through the connect flow first",
            ));
        }
        if let Some(k) = &t.checkout_key
            && store::checkout_key_taken(conn, tenant, k)?
        {
            return Err(Fault::rule(
                "DuplicateCheckout",
                "Duplicate checkout",
                format!("a trade with checkout key {k} already exists"),
            ));
        }
        let total = t.payer_total();
        let title = t.title.clone();
        t.log(&at, "payer", format!("You were invited to buy “{title}” for {total} DKK"));
        t.log(&at, "payee", format!("Trade “{title}” created; the buyer was invited"));
        save_trade(conn, tenant, &t)?;
        // Published: the payer's hosted status page of the new trade.
        let redirect = match dialect {
            Dialect::Spec => None,
            Dialect::Published => {
                let session = SessionDoc::new("status", &t.payer_id, &at)
                    .trade(&t.trade_id)
                    .urls(Some(t.success_url.clone()), None);
                Some(hosted_url(&st, conn, tenant, "status", &session)?)
            }
        };
        Ok(wire::initiated(&t.trade_id, redirect.as_deref()))
    })
    .await
}

pub async fn cancel(call: Call) -> Response {
    call.keyed(move |conn, tenant, body, ctx| {
        let at = stamp(ctx.now);
        let id = super::bodies::read_state(body)?;
        let mut t: TradeDoc = store::get(conn, tenant, TRADE, &id)?
            .ok_or_else(|| Fault::not_found("TradeNotFound", format!("no trade with state {id}")))?;
        let effects = t.cancel(&at)?;
        void_pending_payment(conn, tenant, &t)?;
        save_trade(conn, tenant, &t)?;
        record(conn, tenant, &t.trade_id, &effects, ctx.key, &at)?;
        Ok(json!({ "state": id }))
    })
    .await
}

pub async fn list(call: Call<String, ()>) -> Response {
    let user = call.path.clone();
    let r = async {
        check_path(&[("marketplaceUserId", &user)])?;
        let pairs = query_pairs(call.query.as_deref());
        let mut errors = Vec::new();
        let mut int = |name: &str, default: i64, max: i64| match query_value(&pairs, name) {
            None | Some("") => default,
            Some(v) => match v.parse::<i64>() {
                Ok(n) if (1..=max).contains(&n) => n,
                _ => {
                    errors.push((name.to_owned(), format!("must be an integer from 1 to {max}")));
                    default
                }
            },
        };
        let page = int("page", 1, i64::from(i32::MAX));
        // Capped at 100, as v2 caps Take.
        let size = int("pageSize", 20, i64::from(i32::MAX)).min(100);
        if !errors.is_empty() {
            return Err(Fault::fields(errors));
        }
        let dialect = call.state.dialect;
        call.exec(move |conn, tenant| {
            let docs: Vec<TradeDoc> = store::trades_of(conn, tenant, &user, size, (page - 1) * size)?;
            if docs.is_empty()
                && load_user(conn, tenant, &user)?.is_none()
                && store::trades_of::<TradeDoc>(conn, tenant, &user, 1, 0)?.is_empty()
            {
                return Err(Fault::not_found("UserNotFound", format!("no user {user}")));
            }
            let trades = docs.iter().map(|t| render_trade(conn, tenant, t, dialect)).collect::<Outcome<Vec<_>>>()?;
            Ok(json!({ "trades": trades, "pagination": { "pageSize": size, "page": page } }))
        })
        .await
    }
    .await;
    call.respond(r)
}

pub async fn details(call: Call<TradePath, ()>) -> Response {
    let (user, trade) = call.path.clone();
    let r = async {
        check_path(&[("marketplaceUserId", &user), ("tradeId", &trade)])?;
        let dialect = call.state.dialect;
        call.exec(move |conn, tenant| {
            let t = load_trade(conn, tenant, &user, &trade)?;
            render_trade(conn, tenant, &t, dialect)
        })
        .await
    }
    .await;
    call.respond(r)
}

pub async fn status_link(call: Call<TradePath>) -> Response {
    let (user, trade) = call.path.clone();
    let now = stamp(call.state.clock.now());
    let st = call.state.clone();
    let r = async {
        check_path(&[("marketplaceUserId", &user), ("tradeId", &trade)])?;
        let return_url = super::bodies::read_return_url(&call.body, st.dialect, true)?;
        call.exec(move |conn, tenant| {
            load_trade(conn, tenant, &user, &trade)?;
            let session = SessionDoc::new("status", &user, &now).trade(&trade).urls(return_url, None);
            hosted_link(&st, conn, tenant, "status", &session)
        })
        .await
    }
    .await;
    call.respond(r)
}

pub async fn reimburse(call: Call<TradePath>) -> Response {
    let (payer, trade) = call.path.clone();
    if let Err(f) = check_path(&[("payerMarketplaceUserId", &payer), ("tradeId", &trade)]) {
        return f.render(&call.trace.0);
    }
    call.keyed(move |conn, tenant, body, ctx| {
        let at = stamp(ctx.now);
        let amount = super::bodies::read_amount(body)?;
        let mut t = load_trade(conn, tenant, &payer, &trade)?;
        let effects = t.reimburse(&payer, amount, &at)?;
        save_trade(conn, tenant, &t)?;
        record(conn, tenant, &t.trade_id, &effects, ctx.key, &at)?;
        Ok(json!({}))
    })
    .await
}
