//! Hosted pages for paying: checkout (behind `checkoutUrl`), the payment page (behind
//! `paymentUrl`: pay or fail, then back to returnUrl) and the manual-transfer guide
//! (behind `paymentGuideUrl`). No API key: a person's browser opens them.

use crate::clock::stamp;
use crate::error::{ApiError, ApiResult};
use crate::hosted::page::TAG;
use crate::hosted::page::{escape, finish, page, unknown, went_wrong};
use crate::money;
use crate::openapi::op::Op;
use crate::openapi::table::Routes;
use crate::state::AppState;
use crate::v2::payments::routes::{self as payments, ESCROW_BBAN, ESCROW_IBAN, ESCROW_SWIFT, fik_for, payment_row};
use crate::v2::transactions::actions::load;
use crate::v2::transactions::machine;
use crate::v2::transactions::store::TxnDoc;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use rusqlite::{Connection, OptionalExtension};

pub fn routes() -> Routes {
    Routes::new(TAG)
        .get("/hosted/checkout/{transaction_id}", Op::page("Checkout: the transaction to pay"), checkout)
        .post("/hosted/checkout/{transaction_id}", Op::form("Checkout: start paying"), checkout_pay)
        .get("/hosted/pay/{token}", Op::page("Payment: pay or cancel"), pay_page)
        .post("/hosted/pay/{token}", Op::form("Payment: send the choice"), pay_submit)
        .get("/hosted/payment-guide/{transaction_id}", Op::page("How to pay by bank transfer"), guide)
}

fn tenant_of(conn: &Connection, transaction_id: &str) -> ApiResult<Option<String>> {
    Ok(conn
        .query_row("SELECT tenant FROM transactions WHERE transaction_id = ?1", [transaction_id], |r| r.get(0))
        .optional()?)
}

fn find(conn: &Connection, id: &str) -> ApiResult<Option<(String, TxnDoc)>> {
    let Some(tenant) = tenant_of(conn, id)? else { return Ok(None) };
    Ok(Some((tenant.clone(), load(conn, &tenant, id)?)))
}

fn amount(t: &TxnDoc, a: rust_decimal::Decimal) -> String {
    format!("{} {}", money::round2(a), escape(&t.currency))
}

fn summary(t: &TxnDoc) -> String {
    let name = |p: &Option<crate::v2::transactions::store::PartyDoc>| {
        p.as_ref().and_then(|p| p.name.clone()).map(|n| escape(&n)).unwrap_or_else(|| "—".into())
    };
    format!(
        "<p><strong>{}</strong></p><p>Seller: {}<br>Buyer: {}<br>Amount: {}<br>Left to pay (incl. fees): {}</p>",
        escape(t.title.as_deref().unwrap_or("Transaction")),
        name(&t.payee),
        name(&t.payer),
        amount(t, t.amount),
        amount(t, machine::remaining(t)),
    )
}

async fn checkout(State(state): State<AppState>, Path(id): Path<String>) -> Response {
    match state.db.call(move |c| find(c, &id)).await {
        Ok(Some((_, t))) => {
            let action = if machine::remaining(&t) > rust_decimal::Decimal::ZERO
                && t.payer.as_ref().is_some_and(|p| p.service_account_id.is_some())
                && !machine::is_closed(&t)
            {
                "<form method=\"post\"><button type=\"submit\">Pay now</button></form>"
            } else {
                "<p class=\"muted\">Nothing to pay here.</p>"
            };
            page(StatusCode::OK, "Checkout", &format!("{}{action}", summary(&t)))
        }
        Ok(None) => unknown(),
        Err(e) => error_page(&e),
    }
}

async fn checkout_pay(State(state): State<AppState>, Path(id): Path<String>) -> Response {
    let now = stamp(state.clock.now());
    let made = state
        .db
        .write(move |tx| {
            let (tenant, t) = find(tx, &id)?.ok_or(ApiError::NotFound)?;
            let payer = t.payer.and_then(|p| p.service_account_id).ok_or(ApiError::NotFound)?;
            let (_, token) = payments::create_payment(tx, &tenant, &id, &payer, None, None, false, &now)?;
            Ok(token)
        })
        .await;
    match made {
        Ok(token) => Redirect::to(&format!("/hosted/pay/{token}")).into_response(),
        Err(e) => error_page(&e),
    }
}

fn error_page(e: &ApiError) -> Response {
    match e {
        ApiError::NotFound => unknown(),
        ApiError::BadRequest { title, detail } => {
            page(StatusCode::BAD_REQUEST, title, &format!("<p>{}</p>", escape(detail)))
        }
        other => {
            tracing::error!("hosted payment page: {other}");
            went_wrong()
        }
    }
}

async fn pay_page(State(state): State<AppState>, Path(token): Path<String>) -> Response {
    let found = state
        .db
        .call(move |c| {
            let Some((tenant, row)) = payment_row(c, None, None, Some(&token))? else { return Ok(None) };
            let t = load(c, &tenant, &row.transaction_id)?;
            Ok(Some((row, t)))
        })
        .await;
    match found {
        Ok(Some((row, t))) => {
            let Some(p) = t.inbound.iter().find(|p| p.payment_id == row.payment_id) else {
                return error_page(&ApiError::NotFound);
            };
            let body = if p.status == "INPROGRESS" {
                format!(
                    "{}<p>Payment: {} ({})</p><form method=\"post\">\
                     <button name=\"action\" value=\"pay\">Approve payment</button>\
                     <button name=\"action\" value=\"fail\">Cancel payment</button></form>",
                    summary(&t),
                    amount(&t, p.amount),
                    escape(p.method.as_deref().unwrap_or("choose a method")),
                )
            } else {
                format!("<p>This payment is {}.</p>", escape(&p.status.to_lowercase()))
            };
            page(StatusCode::OK, "Pay", &body)
        }
        Ok(None) => error_page(&ApiError::NotFound),
        Err(e) => error_page(&e),
    }
}

async fn pay_submit(State(state): State<AppState>, Path(token): Path<String>, body: Bytes) -> Response {
    let approve = String::from_utf8_lossy(&body).contains("action=pay");
    let now = stamp(state.clock.now());
    let done = state
        .db
        .write(move |tx| {
            let (tenant, row) = payment_row(tx, None, None, Some(&token))?.ok_or(ApiError::NotFound)?;
            payments::finish(tx, &tenant, &row.payment_id, approve, &now)?;
            Ok(row)
        })
        .await;
    match done {
        // skipUI: straight back; otherwise a status page with a button back.
        Ok(row) if row.skip_ui => finish(row.return_url.as_deref()),
        Ok(row) => {
            let back = row
                .return_url
                .as_deref()
                .map(|u| format!("<p><a href=\"{}\">Back to the shop</a></p>", escape(u)))
                .unwrap_or_default();
            let word = if approve { "Payment approved" } else { "Payment cancelled" };
            page(StatusCode::OK, word, &back)
        }
        Err(e) => error_page(&e),
    }
}

async fn guide(State(state): State<AppState>, Path(id): Path<String>) -> Response {
    match state.db.call(move |c| find(c, &id)).await {
        Ok(Some((_, t))) => {
            let fik = if t.currency == "DKK" {
                format!("<p>FIK: <code>{}</code></p>", escape(&fik_for(&t.transaction_id)))
            } else {
                String::new()
            };
            let message: String = t
                .transaction_id
                .chars()
                .filter(char::is_ascii_alphanumeric)
                .take(10)
                .collect::<String>()
                .to_uppercase();
            let body = format!(
                "{}<p>Transfer {} to<br>Account (BBAN): <code>{ESCROW_BBAN}</code><br>IBAN: <code>{ESCROW_IBAN}</code><br>\
                 SWIFT: <code>{ESCROW_SWIFT}</code><br>Message: <code>ESC{message}</code></p>{fik}\
                 <p class=\"muted\">Include the message exactly, or the payment cannot be matched.</p>",
                summary(&t),
                amount(&t, machine::remaining(&t)),
            );
            page(StatusCode::OK, "Pay by bank transfer", &body)
        }
        Ok(None) => error_page(&ApiError::NotFound),
        Err(e) => error_page(&e),
    }
}
