//! Handlers of the trade API, at the client's default routes (all under [`PREFIX`]):
//!
//! | Operation | Route |
//! |---|---|
//! | Create business user | `POST /business-users` |
//! | Edit / get / delete business user | `PUT` / `GET` / `DELETE /business-users/{businessId}/{businessLocationId}` |
//! | Initiate new trade (keyed) | `POST /trades` |
//! | Cancel ongoing trade (keyed) | `POST /trades/cancel` |
//! | Get trades | `GET /users/{marketplaceUserId}/trades?page=&pageSize=` |
//! | Get trade details | `GET /users/{marketplaceUserId}/trades/{tradeId}` |
//! | Get trade status link | `POST /users/{marketplaceUserId}/trades/{tradeId}/status-link` |
//! | Reimburse payer (keyed) | `POST /users/{payerMarketplaceUserId}/trades/{tradeId}/reimburse` |
//! | Initiate user connect | `POST /connect?forceOnboarding=` |
//! | Initiate select payout account | `POST /users/{marketplaceUserId}/payout-account` |
//! | Get user details | `GET /users/{marketplaceUserId}` |
//! | Accept / reject invitation | `POST .../trades/{tradeId}/accept`, `.../reject` |
//! | Accept invitation and pay (keyed) | `POST .../trades/{tradeId}/accept-and-pay?receiverShopId=` |
//! | Accept item condition (keyed) / reject | `POST .../item-condition/accept`, `.../item-condition/reject` |
//! | Abandon trade (keyed) | `POST .../trades/{tradeId}/abandon` |
//! | Initiate payment flow (keyed) | `POST /users/{marketplaceUserId}/payments/{paymentId}/flow` |
//! | Get payment to escrow | `GET .../trades/{tradeId}/payment` |
//! | Buy shipment for delivery / return (keyed) | `POST .../shipments/delivery`, `.../shipments/return` |
//!
//! In the published dialect, initiate, user connect and payout-account selection are
//! served at the published routes instead (see [`crate::dialect::trade_wire::routes`]),
//! and records, links and some request fields take the published shapes.

use super::machine::{BusinessUserDoc, Effect, PaymentDoc, Shipment, Stage, TradeDoc, UserDoc};
use super::store::{self, BUSINESS_USER, PAYMENT, TRADE, USER};
use super::{CARRIERS, Check, Fault, Outcome, PREFIX, Trace, check_path, exec, keyed, payout_account, respond};
use crate::auth::Tenant;
use crate::clock::stamp;
use crate::dialect::{Dialect, trade_shapes, trade_wire};
use crate::hosted::form::{query_pairs, query_value};
use crate::hosted::trade::SessionDoc;
use crate::idempotency::Ctx;
use crate::state::AppState;
use crate::store::ledger;
use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, Uri};
use axum::response::Response;
use axum::routing::{get, post};
use rusqlite::Connection;
use rust_decimal::Decimal;
use serde_json::{Value, json};

pub fn router(dialect: Dialect) -> Router<AppState> {
    let p = PREFIX;
    let t = format!("{p}/users/{{user}}/trades/{{trade}}");
    let dialect_routes = trade_wire::routes(dialect);
    Router::new()
        .route(&format!("{p}/business-users"), post(create_business_user))
        .route(
            &format!("{p}/business-users/{{business_id}}/{{location_id}}"),
            get(get_business_user).put(edit_business_user).delete(delete_business_user),
        )
        .route(&format!("{p}{}", dialect_routes.initiate), post(initiate_trade))
        .route(&format!("{p}/trades/cancel"), post(cancel_trade))
        .route(&format!("{p}{}", dialect_routes.connect), post(connect))
        .route(&format!("{p}/users/{{user}}"), get(user_details))
        .route(&format!("{p}{}", dialect_routes.payout_account), post(payout_account_link))
        .route(&format!("{p}/users/{{user}}/trades"), get(list_trades))
        .route(&format!("{p}/users/{{user}}/payments/{{payment}}/flow"), post(payment_flow))
        .route(&t, get(trade_details))
        .route(&format!("{t}/status-link"), post(status_link))
        .route(&format!("{t}/reimburse"), post(reimburse))
        .route(&format!("{t}/accept"), post(accept))
        .route(&format!("{t}/accept-and-pay"), post(accept_and_pay))
        .route(&format!("{t}/reject"), post(reject))
        .route(&format!("{t}/item-condition/accept"), post(accept_item))
        .route(&format!("{t}/item-condition/reject"), post(reject_item))
        .route(&format!("{t}/abandon"), post(abandon))
        .route(&format!("{t}/payment"), get(get_payment))
        .route(&format!("{t}/shipments/delivery"), post(buy_delivery))
        .route(&format!("{t}/shipments/return"), post(buy_return))
}

// ---- shared ------------------------------------------------------------------------

const MAX_FIXED_FEE: i64 = 2_147_483_647;

fn dec(i: i64) -> Decimal {
    Decimal::from(i)
}

fn path_and_query(uri: &Uri) -> String {
    uri.path_and_query().map_or_else(|| uri.path().to_owned(), |p| p.as_str().to_owned())
}

pub fn load_user(conn: &Connection, tenant: &str, id: &str) -> Outcome<Option<UserDoc>> {
    store::get(conn, tenant, USER, id)
}

fn require_user(conn: &Connection, tenant: &str, id: &str) -> Outcome<UserDoc> {
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
        Dialect::Published => trade_shapes::trade(t, payer.as_ref(), payee.as_ref()),
    })
}

fn record(
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
fn void_pending_payment(conn: &Connection, tenant: &str, t: &TradeDoc) -> Outcome<()> {
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
    match p.state.as_str() {
        "Paid" => {
            return Err(Fault::rule(
                "PaymentAlreadyPaid",
                "Payment already paid",
                format!("payment {external_id} is paid"),
            ));
        }
        "Cancelled" => {
            return Err(Fault::rule(
                "PaymentCancelled",
                "Payment cancelled",
                "the trade was closed before this payment",
            ));
        }
        _ => {}
    }
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
fn hosted_url(state: &AppState, conn: &Connection, tenant: &str, page: &str, session: &SessionDoc) -> Outcome<String> {
    let token = uuid::Uuid::new_v4().simple().to_string();
    store::put(conn, tenant, store::SESSION, &token, &session.created, session)?;
    Ok(format!("{}/hosted/trade/{page}/{token}", state.public_url))
}

/// A new hosted page for `session`, answered as the dialect's link object.
fn hosted_link(state: &AppState, conn: &Connection, tenant: &str, page: &str, session: &SessionDoc) -> Outcome<Value> {
    let url = hosted_url(state, conn, tenant, page, session)?;
    Ok(trade_wire::link(state.dialect, &url))
}

// ---- business users ----------------------------------------------------------------

fn whitelisted(c: &mut Check, key: &str, value: Option<String>) -> Option<String> {
    let v = value?;
    if v.bytes().all(|b| b.is_ascii_digit()) {
        Some(v)
    } else {
        c.errors.push((key.to_owned(), "is not a whitelisted company number (digits only)".into()));
        None
    }
}

fn account(c: &mut Check) -> Option<String> {
    let raw = c.string("payoutsAccountNumber", 14, 18, true)?;
    match payout_account(&raw) {
        Ok(bban) => Some(bban),
        Err(msg) => {
            c.errors.push(("payoutsAccountNumber".into(), msg.into()));
            None
        }
    }
}

async fn create_business_user(State(state): State<AppState>, tenant: Tenant, trace: Trace, body: Bytes) -> Response {
    let now = stamp(state.clock.now());
    let r = async {
        let mut c = Check::parse(&body)?;
        let business_id = c.string("businessId", 1, 64, true);
        let business_id = whitelisted(&mut c, "businessId", business_id);
        let location_id = c.string("businessLocationId", 1, 64, true);
        let name = c.string("name", 2, 200, true);
        let phone = c.string("phoneNumber", 1, usize::MAX, true);
        let address = c.object("address", true);
        let bban = account(&mut c);
        let errors = c.errors.clone();
        c.finish()?;
        let (Some(business_id), Some(location_id), Some(name), Some(address), Some(bban)) =
            (business_id, location_id, name, address, bban)
        else {
            return Err(Fault::fields(errors));
        };
        exec(&state, move |conn| {
            let key = BusinessUserDoc::key(&business_id, &location_id);
            if store::get::<BusinessUserDoc>(conn, &tenant.name, BUSINESS_USER, &key)?.is_some() {
                return Err(Fault::rule(
                    "BusinessUserAlreadyExists",
                    "Business user already exists",
                    format!("business {business_id} location {location_id} is already registered"),
                ));
            }
            let doc = BusinessUserDoc {
                service_user_id: uuid::Uuid::new_v4().to_string(),
                business_id,
                business_location_id: location_id,
                user_id: uuid::Uuid::new_v4().to_string(),
                name,
                phone_number: phone,
                address,
                account_number: bban,
                created: now.clone(),
            };
            store::put(conn, &tenant.name, BUSINESS_USER, &key, &now, &doc)?;
            let user = business_user_account(&doc, &key, &now);
            store::put(conn, &tenant.name, USER, &user.marketplace_user_id, &now, &user)?;
            Ok(doc.json(true))
        })
        .await
    }
    .await;
    respond(&trace, r)
}

/// The marketplace user a business user stands for (its `userId`), so it can be a payee.
fn business_user_account(doc: &BusinessUserDoc, key: &str, now: &str) -> UserDoc {
    UserDoc {
        marketplace_user_id: doc.user_id.clone(),
        service_user_id: doc.service_user_id.clone(),
        name: doc.name.clone(),
        phone_number: doc.phone_number.clone(),
        address: Some(doc.address.clone()),
        bank_account: Some(doc.bank_account()),
        has_completed_onboarding: true,
        kyc_level: 2,
        connected: now.to_owned(),
        business: Some(key.to_owned()),
    }
}

fn business_path(business_id: &str, location_id: &str) -> Outcome<String> {
    check_path(&[("businessId", business_id), ("businessLocationId", location_id)])?;
    if !business_id.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Fault::field("businessId", "is not a whitelisted company number (digits only)"));
    }
    Ok(BusinessUserDoc::key(business_id, location_id))
}

fn load_business_user(conn: &Connection, tenant: &str, key: &str) -> Outcome<BusinessUserDoc> {
    store::get(conn, tenant, BUSINESS_USER, key)?
        .ok_or_else(|| Fault::not_found("BusinessUserNotFound", format!("no business user {key}")))
}

async fn get_business_user(
    State(state): State<AppState>,
    tenant: Tenant,
    trace: Trace,
    Path((b, l)): Path<(String, String)>,
) -> Response {
    let r = async {
        let key = business_path(&b, &l)?;
        exec(&state, move |c| Ok(load_business_user(c, &tenant.name, &key)?.json(false))).await
    }
    .await;
    respond(&trace, r)
}

async fn edit_business_user(
    State(state): State<AppState>,
    tenant: Tenant,
    trace: Trace,
    Path((b, l)): Path<(String, String)>,
    body: Bytes,
) -> Response {
    let now = stamp(state.clock.now());
    let r = async {
        let key = business_path(&b, &l)?;
        let mut c = Check::parse(&body)?;
        let name = c.string("name", 2, 200, true);
        if !c.has("phoneNumber") {
            c.errors.push(("phoneNumber".into(), "is required (a string or null)".into()));
        }
        let phone = c.string("phoneNumber", 1, usize::MAX, false);
        let address = c.object("address", true);
        let bban = account(&mut c);
        let errors = c.errors.clone();
        c.finish()?;
        let (Some(name), Some(address), Some(bban)) = (name, address, bban) else {
            return Err(Fault::fields(errors));
        };
        exec(&state, move |conn| {
            let mut doc = load_business_user(conn, &tenant.name, &key)?;
            doc.name = name;
            doc.phone_number = phone;
            doc.address = address;
            doc.account_number = bban;
            store::put(conn, &tenant.name, BUSINESS_USER, &key, &doc.created.clone(), &doc)?;
            let mut user = business_user_account(&doc, &key, &now);
            if let Some(old) = load_user(conn, &tenant.name, &doc.user_id)? {
                user.connected = old.connected;
            }
            store::put(conn, &tenant.name, USER, &doc.user_id, &doc.created.clone(), &user)?;
            Ok(doc.json(false))
        })
        .await
    }
    .await;
    respond(&trace, r)
}

async fn delete_business_user(
    State(state): State<AppState>,
    tenant: Tenant,
    trace: Trace,
    Path((b, l)): Path<(String, String)>,
) -> Response {
    let r = async {
        let key = business_path(&b, &l)?;
        exec(&state, move |conn| {
            let doc = load_business_user(conn, &tenant.name, &key)?;
            if store::has_open_trades(conn, &tenant.name, &doc.user_id)? {
                return Err(Fault::rule(
                    "BusinessUserHasOpenTrades",
                    "Business user has open trades",
                    "finish or cancel the business user's trades first",
                ));
            }
            store::delete(conn, &tenant.name, BUSINESS_USER, &key)?;
            store::delete(conn, &tenant.name, USER, &doc.user_id)?;
            Ok(Value::Null)
        })
        .await
    }
    .await;
    respond(&trace, r)
}

// ---- trades ------------------------------------------------------------------------

struct NewTrade {
    doc: TradeDoc,
}

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
    let app_switch = trade_wire::app_switch(&mut c, dialect);
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
        },
    })
}

async fn initiate_trade(
    State(state): State<AppState>,
    tenant: Tenant,
    trace: Trace,
    headers: HeaderMap,
    uri: Uri,
    body: Bytes,
) -> Response {
    let name = tenant.name.clone();
    let path = path_and_query(&uri);
    let st = state.clone();
    keyed(&state, &name, &headers, trace, "POST", &path, &body.clone(), move |conn, ctx: &Ctx<'_>| {
        let at = stamp(ctx.now);
        let NewTrade { doc: mut t } = read_new_trade(&body, uuid::Uuid::new_v4().to_string(), &at, st.dialect)?;
        let payee = load_user(conn, &tenant.name, &t.payee_id)?;
        if !payee.as_ref().is_some_and(|u| u.has_completed_onboarding) {
            return Err(Fault::field(
                "payeeMarketplaceUserId",
                "is not connected; connect the user through the connect flow first",
            ));
        }
        if let Some(k) = &t.checkout_key
            && store::checkout_key_taken(conn, &tenant.name, k)?
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
        save_trade(conn, &tenant.name, &t)?;
        // Published: the payer's hosted status page of the new trade.
        let redirect = match st.dialect {
            Dialect::Spec => None,
            Dialect::Published => {
                let session = SessionDoc::new("status", &t.payer_id, &at)
                    .trade(&t.trade_id)
                    .urls(Some(t.success_url.clone()), None);
                Some(hosted_url(&st, conn, &tenant.name, "status", &session)?)
            }
        };
        Ok(trade_wire::initiated(&t.trade_id, redirect.as_deref()))
    })
    .await
}

async fn cancel_trade(
    State(state): State<AppState>,
    tenant: Tenant,
    trace: Trace,
    headers: HeaderMap,
    uri: Uri,
    body: Bytes,
) -> Response {
    let name = tenant.name.clone();
    let path = path_and_query(&uri);
    keyed(&state, &name, &headers, trace, "POST", &path, &body.clone(), move |conn, ctx: &Ctx<'_>| {
        let at = stamp(ctx.now);
        let mut c = Check::parse(&body)?;
        let id = c.string("state", 1, 64, true);
        let errors = c.errors.clone();
        c.finish()?;
        let Some(id) = id else {
            return Err(Fault::fields(errors));
        };
        let mut t: TradeDoc = store::get(conn, &tenant.name, TRADE, &id)?
            .ok_or_else(|| Fault::not_found("TradeNotFound", format!("no trade with state {id}")))?;
        let effects = t.cancel(&at)?;
        void_pending_payment(conn, &tenant.name, &t)?;
        save_trade(conn, &tenant.name, &t)?;
        record(conn, &tenant.name, &t.trade_id, &effects, ctx.key, &at)?;
        Ok(json!({ "state": id }))
    })
    .await
}

async fn list_trades(
    State(state): State<AppState>,
    tenant: Tenant,
    trace: Trace,
    Path(user): Path<String>,
    RawQuery(q): RawQuery,
) -> Response {
    let r = async {
        check_path(&[("marketplaceUserId", &user)])?;
        let pairs = query_pairs(q.as_deref());
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
        let dialect = state.dialect;
        exec(&state, move |conn| {
            let docs: Vec<TradeDoc> = store::trades_of(conn, &tenant.name, &user, size, (page - 1) * size)?;
            if docs.is_empty()
                && load_user(conn, &tenant.name, &user)?.is_none()
                && store::trades_of::<TradeDoc>(conn, &tenant.name, &user, 1, 0)?.is_empty()
            {
                return Err(Fault::not_found("UserNotFound", format!("no user {user}")));
            }
            let trades =
                docs.iter().map(|t| render_trade(conn, &tenant.name, t, dialect)).collect::<Outcome<Vec<_>>>()?;
            Ok(json!({ "trades": trades, "pagination": { "pageSize": size, "page": page } }))
        })
        .await
    }
    .await;
    respond(&trace, r)
}

async fn trade_details(
    State(state): State<AppState>,
    tenant: Tenant,
    trace: Trace,
    Path((user, trade)): Path<(String, String)>,
) -> Response {
    let r = async {
        check_path(&[("marketplaceUserId", &user), ("tradeId", &trade)])?;
        let dialect = state.dialect;
        exec(&state, move |conn| {
            let t = load_trade(conn, &tenant.name, &user, &trade)?;
            render_trade(conn, &tenant.name, &t, dialect)
        })
        .await
    }
    .await;
    respond(&trace, r)
}

async fn status_link(
    State(state): State<AppState>,
    tenant: Tenant,
    trace: Trace,
    Path((user, trade)): Path<(String, String)>,
    body: Bytes,
) -> Response {
    let now = stamp(state.clock.now());
    let st = state.clone();
    let r = async {
        check_path(&[("marketplaceUserId", &user), ("tradeId", &trade)])?;
        let mut c = Check::parse(&body)?;
        let return_url = c.string("returnUrl", 1, 2048, true);
        trade_wire::app_switch(&mut c, st.dialect);
        c.finish()?;
        exec(&state, move |conn| {
            load_trade(conn, &tenant.name, &user, &trade)?;
            let session = SessionDoc::new("status", &user, &now).trade(&trade).urls(return_url, None);
            hosted_link(&st, conn, &tenant.name, "status", &session)
        })
        .await
    }
    .await;
    respond(&trace, r)
}

async fn reimburse(
    State(state): State<AppState>,
    tenant: Tenant,
    trace: Trace,
    headers: HeaderMap,
    uri: Uri,
    Path((payer, trade)): Path<(String, String)>,
    body: Bytes,
) -> Response {
    if let Err(f) = check_path(&[("payerMarketplaceUserId", &payer), ("tradeId", &trade)]) {
        return f.render(&trace.0);
    }
    let name = tenant.name.clone();
    let path = path_and_query(&uri);
    keyed(&state, &name, &headers, trace, "POST", &path, &body.clone(), move |conn, ctx: &Ctx<'_>| {
        let at = stamp(ctx.now);
        let mut c = Check::parse(&body)?;
        let amount = c.number("amount", Decimal::ZERO, dec(10_000_000), true, true);
        let errors = c.errors.clone();
        c.finish()?;
        let Some(amount) = amount else {
            return Err(Fault::fields(errors));
        };
        let mut t = load_trade(conn, &tenant.name, &payer, &trade)?;
        let effects = t.reimburse(&payer, amount, &at)?;
        save_trade(conn, &tenant.name, &t)?;
        record(conn, &tenant.name, &t.trade_id, &effects, ctx.key, &at)?;
        Ok(json!({}))
    })
    .await
}

// ---- users -------------------------------------------------------------------------

async fn connect(
    State(state): State<AppState>,
    tenant: Tenant,
    trace: Trace,
    RawQuery(q): RawQuery,
    body: Bytes,
) -> Response {
    let now = stamp(state.clock.now());
    let st = state.clone();
    let r = async {
        let pairs = query_pairs(q.as_deref());
        let force = match query_value(&pairs, "forceOnboarding") {
            None | Some("") | Some("false") => false,
            Some("true") => true,
            Some(_) => return Err(Fault::field("forceOnboarding", "must be true or false")),
        };
        let mut c = Check::parse(&body)?;
        let success = c.string("successUrl", 1, 2048, true);
        let cancel = c.string("cancelUrl", 1, 2048, true);
        trade_wire::app_switch(&mut c, st.dialect);
        let user = trade_wire::connect_user(&mut c, st.dialect);
        let kyc = c.int("requiredKycLevel", 1, 2, false);
        let errors = c.errors.clone();
        c.finish()?;
        let Some(user) = user else {
            return Err(Fault::fields(errors));
        };
        exec(&state, move |conn| {
            let mut session = SessionDoc::new("connect", &user, &now).urls(success, cancel);
            session.force = force;
            session.kyc_level = kyc;
            hosted_link(&st, conn, &tenant.name, "connect", &session)
        })
        .await
    }
    .await;
    respond(&trace, r)
}

async fn payout_account_link(
    State(state): State<AppState>,
    tenant: Tenant,
    trace: Trace,
    Path(user): Path<String>,
    body: Bytes,
) -> Response {
    let now = stamp(state.clock.now());
    let st = state.clone();
    let r = async {
        check_path(&[("marketplaceUserId", &user)])?;
        let mut c = Check::parse(&body)?;
        let return_url = c.string("returnUrl", 1, 2048, false);
        trade_wire::app_switch(&mut c, st.dialect);
        c.finish()?;
        exec(&state, move |conn| {
            require_user(conn, &tenant.name, &user)?;
            let session = SessionDoc::new("payout-account", &user, &now).urls(return_url, None);
            hosted_link(&st, conn, &tenant.name, "payout-account", &session)
        })
        .await
    }
    .await;
    respond(&trace, r)
}

async fn user_details(
    State(state): State<AppState>,
    tenant: Tenant,
    trace: Trace,
    Path(user): Path<String>,
) -> Response {
    let r = async {
        check_path(&[("marketplaceUserId", &user)])?;
        exec(&state, move |conn| Ok(require_user(conn, &tenant.name, &user)?.json())).await
    }
    .await;
    respond(&trace, r)
}

// ---- trade actions -----------------------------------------------------------------

fn require_connected(conn: &Connection, tenant: &str, user: &str) -> Outcome<()> {
    match load_user(conn, tenant, user)? {
        Some(u) if u.has_completed_onboarding => Ok(()),
        _ => Err(Fault::rule(
            "UserNotConnected",
            "User not connected",
            format!("{user} must connect through the connect flow first"),
        )),
    }
}

/// An action without an Idempotency-Key: `f` changes the trade; the trade is answered.
async fn plain_action<F>(state: AppState, tenant: Tenant, trace: Trace, user: String, trade: String, f: F) -> Response
where
    F: FnOnce(&Connection, &mut TradeDoc, &str) -> Outcome<()> + Send + 'static,
{
    let now = stamp(state.clock.now());
    let dialect = state.dialect;
    let r = async {
        check_path(&[("marketplaceUserId", &user), ("tradeId", &trade)])?;
        exec(&state, move |conn| {
            let mut t = load_trade(conn, &tenant.name, &user, &trade)?;
            f(conn, &mut t, &now)?;
            save_trade(conn, &tenant.name, &t)?;
            render_trade(conn, &tenant.name, &t, dialect)
        })
        .await
    }
    .await;
    respond(&trace, r)
}

async fn accept(
    State(state): State<AppState>,
    tenant: Tenant,
    trace: Trace,
    Path((user, trade)): Path<(String, String)>,
) -> Response {
    let (name, u) = (tenant.name.clone(), user.clone());
    plain_action(state, tenant, trace, user, trade, move |conn, t, at| {
        if t.role_of(&u) == Some(super::machine::Role::Payer) {
            require_connected(conn, &name, &u)?;
        }
        t.accept(&u, at)
    })
    .await
}

async fn reject(
    State(state): State<AppState>,
    tenant: Tenant,
    trace: Trace,
    Path((user, trade)): Path<(String, String)>,
) -> Response {
    let u = user.clone();
    plain_action(state, tenant, trace, user, trade, move |_, t, at| t.reject(&u, at)).await
}

async fn reject_item(
    State(state): State<AppState>,
    tenant: Tenant,
    trace: Trace,
    Path((user, trade)): Path<(String, String)>,
    body: Bytes,
) -> Response {
    let reason = match serde_json::from_slice::<Value>(&body) {
        Ok(Value::String(s)) if !s.trim().is_empty() && s.chars().count() <= 5000 => s,
        _ => {
            return Fault::field(
                "reason",
                "the body must be a JSON string of 1 to 5000 characters: the rejection reason",
            )
            .render(&trace.0);
        }
    };
    let u = user.clone();
    plain_action(state, tenant, trace, user, trade, move |_, t, at| t.reject_item(&u, &reason, at)).await
}

/// A keyed action on one trade: `f` changes the trade and returns the money moved and
/// the answer.
#[allow(clippy::too_many_arguments)]
async fn keyed_action<F>(
    state: AppState,
    tenant: Tenant,
    trace: Trace,
    headers: HeaderMap,
    uri: Uri,
    user: String,
    trade: String,
    body: Bytes,
    f: F,
) -> Response
where
    F: FnOnce(&Connection, &str, &mut TradeDoc, &[u8], &str) -> Outcome<(Vec<Effect>, Option<Value>)> + Send + 'static,
{
    if let Err(fault) = check_path(&[("marketplaceUserId", &user), ("tradeId", &trade)]) {
        return fault.render(&trace.0);
    }
    let name = tenant.name.clone();
    let path = path_and_query(&uri);
    let dialect = state.dialect;
    keyed(&state, &name, &headers, trace, "POST", &path, &body.clone(), move |conn, ctx: &Ctx<'_>| {
        let at = stamp(ctx.now);
        let mut t = load_trade(conn, &tenant.name, &user, &trade)?;
        let (effects, answer) = f(conn, &tenant.name, &mut t, &body, &at)?;
        save_trade(conn, &tenant.name, &t)?;
        record(conn, &tenant.name, &t.trade_id, &effects, ctx.key, &at)?;
        match answer {
            Some(v) => Ok(v),
            None => render_trade(conn, &tenant.name, &t, dialect),
        }
    })
    .await
}

async fn accept_and_pay(
    State(state): State<AppState>,
    tenant: Tenant,
    trace: Trace,
    headers: HeaderMap,
    uri: Uri,
    Path((user, trade)): Path<(String, String)>,
    RawQuery(q): RawQuery,
    body: Bytes,
) -> Response {
    let shop =
        query_pairs(q.as_deref()).into_iter().find(|(k, _)| k.eq_ignore_ascii_case("receiverShopId")).map(|(_, v)| v);
    if shop.as_ref().is_some_and(|s| s.chars().count() > 64) {
        return Fault::field("receiverShopId", "must be at most 64 characters").render(&trace.0);
    }
    let u = user.clone();
    keyed_action(state, tenant, trace, headers, uri, user, trade, body, move |conn, tenant, t, _, at| {
        if t.role_of(&u) == Some(super::machine::Role::Payer) {
            require_connected(conn, tenant, &u)?;
        }
        t.accept_for_payment(&u, at)?;
        if shop.is_some() {
            t.receiver_shop_id = shop;
        }
        let existing = match &t.payment_id {
            Some(id) => store::get::<PaymentDoc>(conn, tenant, PAYMENT, id)?.filter(|p| p.state == "Pending"),
            None => None,
        };
        let payment = match existing {
            Some(p) => p,
            None => {
                let p = PaymentDoc {
                    external_id: uuid::Uuid::new_v4().to_string(),
                    trade_id: t.trade_id.clone(),
                    purpose: "escrow".into(),
                    payer_id: u.clone(),
                    amount: t.payer_total(),
                    state: "Pending".into(),
                    created: at.to_owned(),
                    paid_at: None,
                };
                store::put(conn, tenant, PAYMENT, &p.external_id, at, &p)?;
                t.payment_id = Some(p.external_id.clone());
                t.log(at, "payer", format!("Payment of {} DKK started", p.amount));
                p
            }
        };
        Ok((Vec::new(), Some(payment.json())))
    })
    .await
}

async fn accept_item(
    State(state): State<AppState>,
    tenant: Tenant,
    trace: Trace,
    headers: HeaderMap,
    uri: Uri,
    Path((user, trade)): Path<(String, String)>,
    body: Bytes,
) -> Response {
    let u = user.clone();
    keyed_action(state, tenant, trace, headers, uri, user, trade, body, move |_, _, t, _, at| {
        Ok((t.accept_item(&u, at)?, None))
    })
    .await
}

async fn abandon(
    State(state): State<AppState>,
    tenant: Tenant,
    trace: Trace,
    headers: HeaderMap,
    uri: Uri,
    Path((user, trade)): Path<(String, String)>,
    body: Bytes,
) -> Response {
    let u = user.clone();
    keyed_action(state, tenant, trace, headers, uri, user, trade, body, move |conn, tenant, t, _, at| {
        let effects = t.abandon(&u, at)?;
        void_pending_payment(conn, tenant, t)?;
        Ok((effects, None))
    })
    .await
}

async fn get_payment(
    State(state): State<AppState>,
    tenant: Tenant,
    trace: Trace,
    Path((user, trade)): Path<(String, String)>,
) -> Response {
    let r = async {
        check_path(&[("marketplaceUserId", &user), ("tradeId", &trade)])?;
        exec(&state, move |conn| {
            let t = load_trade(conn, &tenant.name, &user, &trade)?;
            let payment = match &t.payment_id {
                Some(id) => store::get::<PaymentDoc>(conn, &tenant.name, PAYMENT, id)?,
                None => None,
            };
            payment.map(|p| p.json()).ok_or_else(|| {
                Fault::not_found("PaymentNotFound", "the trade has no payment to escrow yet (accept and pay first)")
            })
        })
        .await
    }
    .await;
    respond(&trace, r)
}

async fn payment_flow(
    State(state): State<AppState>,
    tenant: Tenant,
    trace: Trace,
    headers: HeaderMap,
    uri: Uri,
    Path((user, payment)): Path<(String, String)>,
    body: Bytes,
) -> Response {
    if let Err(f) = check_path(&[("marketplaceUserId", &user), ("paymentId", &payment)]) {
        return f.render(&trace.0);
    }
    let name = tenant.name.clone();
    let path = path_and_query(&uri);
    let st = state.clone();
    keyed(&state, &name, &headers, trace, "POST", &path, &body.clone(), move |conn, ctx: &Ctx<'_>| {
        let mut c = Check::parse(&body)?;
        let success = c.string("successUrl", 1, 2048, true);
        let cancel = c.string("cancelUrl", 1, 2048, true);
        trade_wire::app_switch(&mut c, st.dialect);
        c.finish()?;
        let p: PaymentDoc = store::get(conn, &tenant.name, PAYMENT, &payment)?
            .filter(|p: &PaymentDoc| p.payer_id == user)
            .ok_or_else(|| Fault::not_found("PaymentNotFound", format!("no payment {payment} for user {user}")))?;
        match p.state.as_str() {
            "Paid" => {
                return Err(Fault::rule(
                    "PaymentAlreadyPaid",
                    "Payment already paid",
                    format!("payment {payment} is paid"),
                ));
            }
            "Cancelled" => {
                return Err(Fault::rule(
                    "PaymentCancelled",
                    "Payment cancelled",
                    "the trade was closed before this payment",
                ));
            }
            _ => {}
        }
        let session =
            SessionDoc::new("pay", &user, &stamp(ctx.now)).trade(&p.trade_id).payment(&payment).urls(success, cancel);
        hosted_link(&st, conn, &tenant.name, "pay", &session)
    })
    .await
}

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

fn buy(
    conn: &Connection,
    tenant: &str,
    user: &str,
    t: &mut TradeDoc,
    purpose: &str,
    body: &[u8],
    at: &str,
) -> Outcome<(Vec<Effect>, Option<Value>)> {
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

async fn buy_delivery(
    State(state): State<AppState>,
    tenant: Tenant,
    trace: Trace,
    headers: HeaderMap,
    uri: Uri,
    Path((user, trade)): Path<(String, String)>,
    body: Bytes,
) -> Response {
    let u = user.clone();
    keyed_action(state, tenant, trace, headers, uri, user, trade, body, move |conn, tenant, t, body, at| {
        buy(conn, tenant, &u, t, "delivery", body, at)
    })
    .await
}

async fn buy_return(
    State(state): State<AppState>,
    tenant: Tenant,
    trace: Trace,
    headers: HeaderMap,
    uri: Uri,
    Path((user, trade)): Path<(String, String)>,
    body: Bytes,
) -> Response {
    let u = user.clone();
    keyed_action(state, tenant, trace, headers, uri, user, trade, body, move |conn, tenant, t, body, at| {
        buy(conn, tenant, &u, t, "return", body, at)
    })
    .await
}
