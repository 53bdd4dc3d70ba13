//! Hosted pages of the trade API (a person's browser opens them; an unguessable token
//! stands for tenant and user).
//!
//! - `/hosted/trade/connect/{token}`: connect (or, with forceOnboarding, re-onboard) a
//!   marketplace user; then to successUrl, or cancelUrl on cancel. Works once.
//! - `/hosted/trade/payout-account/{token}`: pick the payout account; then to returnUrl.
//! - `/hosted/trade/pay/{token}`: pay a payment to escrow; then to successUrl/cancelUrl.
//! - `/hosted/trade/status/{token}`: the trade as one party sees it (read only).
//!
//! The control routes that stand in for these pages are in [`crate::trade::routes`].

use crate::clock::stamp;
use crate::form::Form;
use crate::hosted::page::TAG;
use crate::hosted::page::{escape, finish, gone, page, unknown, went_wrong};
use crate::openapi::op::Op;
use crate::openapi::table::Routes;
use crate::state::AppState;
use crate::trade::api::{Fault, Outcome, exec};
use crate::trade::check::payout_account;
use crate::trade::machine::{BankAccountDoc, PaymentDoc, Role, TradeDoc, UserDoc};
use crate::trade::records::{demo_account, load_trade, load_user, mark_paid};
use crate::trade::session::SessionDoc;
use crate::trade::store::{self, PAYMENT, SESSION, USER};
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use rusqlite::Connection;
use serde_json::json;

pub fn routes() -> Routes {
    Routes::new(TAG)
        .get("/hosted/trade/connect/{token}", Op::page("Trade API connect: sign in"), connect_page)
        .post("/hosted/trade/connect/{token}", Op::form("Trade API connect: send the sign-in"), connect_submit)
        .get("/hosted/trade/payout-account/{token}", Op::page("Choose the payout account"), payout_page)
        .post("/hosted/trade/payout-account/{token}", Op::form("Send the payout account"), payout_submit)
        .get("/hosted/trade/pay/{token}", Op::page("Pay a trade payment into escrow"), pay_page)
        .post("/hosted/trade/pay/{token}", Op::form("Send the trade payment"), pay_submit)
        .get("/hosted/trade/status/{token}", Op::page("The trade as one party sees it"), status_page)
}

fn failed(f: &Fault) -> Response {
    tracing::error!("trade hosted page: {f:?}");
    went_wrong()
}

async fn open(state: &AppState, kind: &'static str, token: String) -> Result<(String, SessionDoc), Response> {
    match state.db.call(move |c| Ok(store::session::<SessionDoc>(c, &token))).await {
        Ok(Ok(Some((tenant, s)))) if s.kind == kind => Ok((tenant, s)),
        Ok(Ok(_)) => Err(unknown()),
        Ok(Err(f)) => Err(failed(&f)),
        Err(e) => Err(failed(&Fault::Api(e))),
    }
}

/// Marks the session used; false when it already was (two submits act once).
fn complete(conn: &Connection, tenant: &str, token: &str, at: &str) -> Outcome<bool> {
    let Some((_, mut s)) = store::session::<SessionDoc>(conn, token)? else {
        return Ok(false);
    };
    if s.completed.is_some() {
        return Ok(false);
    }
    s.completed = Some(at.to_owned());
    store::put(conn, tenant, SESSION, token, &s.created.clone(), &s)?;
    Ok(true)
}

// ---- connect -----------------------------------------------------------------------

fn connect_form(token: &str, s: &SessionDoc, error: Option<&str>, form: Option<&Form>) -> String {
    let v = |n: &str| form.and_then(|f| f.get(n)).map(escape).unwrap_or_default();
    let mut html = String::new();
    if let Some(e) = error {
        html.push_str(&format!("<p class=\"error\" role=\"alert\">{}</p>", escape(e)));
    }
    html.push_str(&format!(
        "<p class=\"muted\">Sign in with national eID (simulated){}.</p><form method=\"post\" action=\"/hosted/trade/connect/{}\">",
        s.kyc_level.map(|l| format!(", identity check level {l}")).unwrap_or_default(),
        escape(token)
    ));
    for (name, label, kind, required) in [
        ("name", "Name", "text", true),
        ("phoneNumber", "Phone number", "tel", true),
        ("streetName", "Street", "text", false),
        ("houseNumber", "House number", "text", false),
        ("postNumber", "Post number", "text", false),
        ("city", "City", "text", false),
        ("accountNumber", "Payout account (14-digit BBAN or DK IBAN; empty: a sandbox account)", "text", false),
    ] {
        html.push_str(&format!(
            "<label for=\"{name}\">{label}</label><input type=\"{kind}\" id=\"{name}\" name=\"{name}\" value=\"{}\"{}>",
            v(name),
            if required { " required" } else { "" }
        ));
    }
    html.push_str(
        "<button type=\"submit\" name=\"action\" value=\"connect\">Connect</button>\
         <button type=\"submit\" name=\"action\" value=\"cancel\" formnovalidate>Cancel</button></form>",
    );
    html
}

fn already_connected(token: &str, user: &UserDoc) -> String {
    format!(
        "<p>You are already connected as <strong>{}</strong>.</p><form method=\"post\" action=\"/hosted/trade/connect/{}\">\
         <button type=\"submit\" name=\"action\" value=\"continue\">Continue</button>\
         <button type=\"submit\" name=\"action\" value=\"cancel\">Cancel</button></form>",
        escape(&user.name),
        escape(token)
    )
}

async fn connect_page(State(state): State<AppState>, Path(token): Path<String>) -> Response {
    let (tenant, s) = match open(&state, "connect", token.clone()).await {
        Ok(x) => x,
        Err(p) => return p,
    };
    if s.completed.is_some() {
        return gone();
    }
    let user = s.user.clone();
    let existing = match exec(&state, move |c| load_user(c, &tenant, &user)).await {
        Ok(u) => u,
        Err(f) => return failed(&f),
    };
    let body = match existing.filter(|u| u.has_completed_onboarding && !s.force) {
        Some(u) => already_connected(&token, &u),
        None => connect_form(&token, &s, None, None),
    };
    page(StatusCode::OK, "Connect your account", &body)
}

async fn connect_submit(State(state): State<AppState>, Path(token): Path<String>, body: Bytes) -> Response {
    let (tenant, s) = match open(&state, "connect", token.clone()).await {
        Ok(x) => x,
        Err(p) => return p,
    };
    if s.completed.is_some() {
        return gone();
    }
    let form = Form::parse(&body);
    let now = stamp(state.clock.now());
    if form.cancelled() {
        let t = token.clone();
        return match exec(&state, move |c| complete(c, &tenant, &t, &now)).await {
            Ok(true) => finish(s.cancel_url.as_deref()),
            Ok(false) => gone(),
            Err(f) => failed(&f),
        };
    }
    let continuing = form.get("action") == Some("continue");
    let details = if continuing {
        None
    } else {
        let account = match form.get("accountNumber").map(payout_account).transpose() {
            Ok(a) => a,
            Err(msg) => {
                return page(
                    StatusCode::BAD_REQUEST,
                    "Connect your account",
                    &connect_form(&token, &s, Some(&format!("Payout account {msg}")), Some(&form)),
                );
            }
        };
        match (form.get("name"), form.get("phoneNumber")) {
            (Some(n), Some(p)) => Some((n.to_owned(), p.to_owned(), account)),
            _ => {
                return page(
                    StatusCode::BAD_REQUEST,
                    "Connect your account",
                    &connect_form(&token, &s, Some("Name and phone number are required."), Some(&form)),
                );
            }
        }
    };
    let address = json!({
        "streetName": form.get("streetName"),
        "houseNumber": form.get("houseNumber"),
        "postNumber": form.get("postNumber"),
        "city": form.get("city"),
    });
    let has_address = ["streetName", "houseNumber", "postNumber", "city"].iter().any(|k| form.get(k).is_some());
    let (t, sess) = (token.clone(), s.clone());
    let result = exec(&state, move |c| {
        let existing = load_user(c, &tenant, &sess.user)?;
        if continuing && !existing.as_ref().is_some_and(|u| u.has_completed_onboarding) {
            return Ok(None);
        }
        if !complete(c, &tenant, &t, &now)? {
            return Ok(Some(false));
        }
        if let Some((name, phone, account)) = details {
            let bank_account = match account {
                Some(bban) => BankAccountDoc { bank: "Sandbox Bank".into(), account_number: bban, name: name.clone() },
                None => existing
                    .as_ref()
                    .and_then(|u| u.bank_account.clone())
                    .unwrap_or_else(|| demo_account(&sess.user, &name)),
            };
            let user = UserDoc {
                marketplace_user_id: sess.user.clone(),
                service_user_id: existing
                    .as_ref()
                    .map_or_else(|| uuid::Uuid::new_v4().to_string(), |u| u.service_user_id.clone()),
                name,
                phone_number: Some(phone),
                address: if has_address { Some(address) } else { existing.as_ref().and_then(|u| u.address.clone()) },
                bank_account: Some(bank_account),
                has_completed_onboarding: true,
                kyc_level: sess.kyc_level.unwrap_or(1).max(existing.as_ref().map_or(1, |u| u.kyc_level)),
                connected: existing.as_ref().map_or_else(|| now.clone(), |u| u.connected.clone()),
                business: existing.as_ref().and_then(|u| u.business.clone()),
            };
            store::put(c, &tenant, USER, &user.marketplace_user_id, &user.connected.clone(), &user)?;
        }
        Ok(Some(true))
    })
    .await;
    match result {
        Ok(Some(true)) => finish(s.success_url.as_deref()),
        Ok(Some(false)) => gone(),
        Ok(None) => page(
            StatusCode::BAD_REQUEST,
            "Connect your account",
            &connect_form(&token, &s, Some("Fill in the form to connect."), None),
        ),
        Err(f) => failed(&f),
    }
}

// ---- payout account ----------------------------------------------------------------

fn payout_form(token: &str, user: &UserDoc, error: Option<&str>) -> String {
    let current = user.bank_account.as_ref().map(|a| a.account_number.clone()).unwrap_or_default();
    format!(
        "{}<p>Payouts to {} go to this account.</p><form method=\"post\" action=\"/hosted/trade/payout-account/{}\">\
         <label for=\"account\">Account (14-digit BBAN or DK IBAN)</label>\
         <input type=\"text\" id=\"account\" name=\"accountNumber\" value=\"{}\" required>\
         <button type=\"submit\" name=\"action\" value=\"save\">Use this account</button>\
         <button type=\"submit\" name=\"action\" value=\"cancel\" formnovalidate>Cancel</button></form>",
        error.map(|e| format!("<p class=\"error\" role=\"alert\">{}</p>", escape(e))).unwrap_or_default(),
        escape(&user.name),
        escape(token),
        escape(&current)
    )
}

async fn session_user(state: &AppState, tenant: String, user: String) -> Result<UserDoc, Response> {
    match exec(state, move |c| load_user(c, &tenant, &user)).await {
        Ok(Some(u)) => Ok(u),
        Ok(None) => Err(unknown()),
        Err(f) => Err(failed(&f)),
    }
}

async fn payout_page(State(state): State<AppState>, Path(token): Path<String>) -> Response {
    let (tenant, s) = match open(&state, "payout-account", token.clone()).await {
        Ok(x) => x,
        Err(p) => return p,
    };
    if s.completed.is_some() {
        return gone();
    }
    match session_user(&state, tenant, s.user.clone()).await {
        Ok(u) => page(StatusCode::OK, "Choose payout account", &payout_form(&token, &u, None)),
        Err(p) => p,
    }
}

async fn payout_submit(State(state): State<AppState>, Path(token): Path<String>, body: Bytes) -> Response {
    let (tenant, s) = match open(&state, "payout-account", token.clone()).await {
        Ok(x) => x,
        Err(p) => return p,
    };
    if s.completed.is_some() {
        return gone();
    }
    let form = Form::parse(&body);
    let account = if form.cancelled() {
        None
    } else {
        match form.get("accountNumber").map(payout_account) {
            Some(Ok(bban)) => Some(bban),
            other => {
                let msg = match other {
                    Some(Err(m)) => format!("The account {m}"),
                    _ => "An account is required.".into(),
                };
                return match session_user(&state, tenant, s.user.clone()).await {
                    Ok(u) => {
                        page(StatusCode::BAD_REQUEST, "Choose payout account", &payout_form(&token, &u, Some(&msg)))
                    }
                    Err(p) => p,
                };
            }
        }
    };
    let now = stamp(state.clock.now());
    let (t, user) = (token.clone(), s.user.clone());
    let result = exec(&state, move |c| {
        if !complete(c, &tenant, &t, &now)? {
            return Ok(false);
        }
        if let (Some(bban), Some(mut u)) = (account, load_user(c, &tenant, &user)?) {
            u.bank_account =
                Some(BankAccountDoc { bank: "Sandbox Bank".into(), account_number: bban, name: u.name.clone() });
            store::put(c, &tenant, USER, &user, &u.connected.clone(), &u)?;
        }
        Ok(true)
    })
    .await;
    match result {
        Ok(true) => finish(s.success_url.as_deref()),
        Ok(false) => gone(),
        Err(f) => failed(&f),
    }
}

// ---- pay ---------------------------------------------------------------------------

async fn pay_page(State(state): State<AppState>, Path(token): Path<String>) -> Response {
    let (tenant, s) = match open(&state, "pay", token.clone()).await {
        Ok(x) => x,
        Err(p) => return p,
    };
    let id = s.payment_id.clone().unwrap_or_default();
    let payment = match exec(&state, move |c| store::get::<PaymentDoc>(c, &tenant, PAYMENT, &id)).await {
        Ok(Some(p)) => p,
        Ok(None) => return unknown(),
        Err(f) => return failed(&f),
    };
    if payment.state != "Pending" {
        return page(StatusCode::OK, "Nothing to pay", &format!("<p>This payment is {}.</p>", escape(&payment.state)));
    }
    let what = match payment.purpose.as_str() {
        "escrow" => "into escrow",
        "delivery" => "for the delivery shipment",
        _ => "for the return shipment",
    };
    page(
        StatusCode::OK,
        "Pay",
        &format!(
            "<p>Pay <strong>{} DKK</strong> {what}.</p><form method=\"post\" action=\"/hosted/trade/pay/{}\">\
             <button type=\"submit\" name=\"action\" value=\"pay\">Pay</button>\
             <button type=\"submit\" name=\"action\" value=\"cancel\">Cancel</button></form>",
            crate::money::round2(payment.amount),
            escape(&token)
        ),
    )
}

async fn pay_submit(State(state): State<AppState>, Path(token): Path<String>, body: Bytes) -> Response {
    let (tenant, s) = match open(&state, "pay", token.clone()).await {
        Ok(x) => x,
        Err(p) => return p,
    };
    if Form::parse(&body).cancelled() {
        return finish(s.cancel_url.as_deref());
    }
    let now = stamp(state.clock.now());
    let id = s.payment_id.clone().unwrap_or_default();
    match exec(&state, move |c| mark_paid(c, &tenant, &id, None, &now)).await {
        Ok(_) => finish(s.success_url.as_deref()),
        Err(Fault::Problem { detail, .. }) => {
            page(StatusCode::BAD_REQUEST, "Payment not possible", &format!("<p>{}</p>", escape(&detail)))
        }
        Err(f) => failed(&f),
    }
}

// ---- status ------------------------------------------------------------------------

async fn status_page(State(state): State<AppState>, Path(token): Path<String>) -> Response {
    let (tenant, s) = match open(&state, "status", token).await {
        Ok(x) => x,
        Err(p) => return p,
    };
    let (user, trade) = (s.user.clone(), s.trade_id.clone().unwrap_or_default());
    let t: TradeDoc = match exec(&state, move |c| load_trade(c, &tenant, &user, &trade)).await {
        Ok(t) => t,
        Err(Fault::Problem { .. }) => return unknown(),
        Err(f) => return failed(&f),
    };
    let role = t.role_of(&s.user).unwrap_or(Role::Payer);
    let status = t.status(role);
    let text = |k: &str| status[k].as_str().map(escape).unwrap_or_default();
    let mut html =
        format!("<p><strong>{}</strong></p><h2>{}</h2><p>{}</p>", escape(&t.title), text("title"), text("description"));
    if status["deadline"].is_string() {
        html.push_str(&format!("<p class=\"muted\">{} ({})</p>", text("deadlineDescription"), text("deadline")));
    }
    let actions: Vec<String> =
        status["actions"].as_array().into_iter().flatten().filter_map(|a| a.as_str().map(escape)).collect();
    if !actions.is_empty() {
        html.push_str(&format!("<p>You can: {}</p>", actions.join(", ")));
    }
    html.push_str("<ul>");
    for e in t.events.iter().filter(|e| e.to == "both" || (e.to == "payer") == (role == Role::Payer)) {
        html.push_str(&format!("<li><span class=\"muted\">{}</span> {}</li>", escape(&e.at), escape(&e.text)));
    }
    html.push_str("</ul>");
    if let Some(url) = &s.success_url {
        html.push_str(&format!("<p><a href=\"{}\">Back</a></p>", escape(url)));
    }
    page(StatusCode::OK, "Trade status", &html)
}
