//! Hosted pages a person's browser opens (no API key; an unguessable token in the URL
//! stands for tenant and subject): connect, bank-account onboarding and the exit page
//! (signing and file download are in [`super::signing`]). Plain server-rendered HTML forms, no JavaScript.
//!
//! Each page is `GET` to show and `POST` (urlencoded form) to act; a finished page
//! answers 303 to the caller's returnUrl, or to the exit page when none was given.
//! Connect, onboarding and signing links work once.

use crate::clock::stamp;
use crate::error::ApiError;
use crate::form::Form;
use crate::hosted::page::{TAG, exit};
use crate::hosted::page::{escape, finish, gone, page, unknown};
use crate::hosted::session::{failed, open};
use crate::openapi::op::Op;
use crate::openapi::table::Routes;
use crate::state::AppState;
use crate::v2::connect::routes::ConnectFlow;
use crate::v2::users::onboarding::{self as user_routes, Onboarding, add_account, banks};
use crate::v2::users::store::{self as users, Profile, User, UserConnection};
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;

pub fn routes() -> Routes {
    Routes::new(TAG)
        .get("/hosted/connect/{token}", Op::page("Connect: sign in (simulated eID)"), connect_page)
        .post("/hosted/connect/{token}", Op::form("Connect: send the sign-in"), connect_submit)
        .get("/hosted/bank-accounts/{token}", Op::page("Bank-account onboarding: choose accounts"), onboarding_page)
        .post("/hosted/bank-accounts/{token}", Op::form("Bank-account onboarding: send the choice"), onboarding_submit)
        .get("/hosted/exit", Op::page("Where a flow without a return URL ends").open(), exit)
}

// ---- Connect ---------------------------------------------------------------------

fn connect_form(flow: &ConnectFlow, token: &str, error: Option<&str>, values: Option<&Form>) -> String {
    let v = |name: &str| values.and_then(|f| f.get(name)).map(escape).unwrap_or_default();
    let mut html = String::new();
    if let Some(e) = error {
        html.push_str(&format!("<p class=\"error\" role=\"alert\">{}</p>", escape(e)));
    }
    html.push_str(&format!("<form method=\"post\" action=\"/hosted/connect/{}\">", escape(token)));
    html.push_str(&format!(
        "<label for=\"name\">Name</label><input type=\"text\" id=\"name\" name=\"name\" value=\"{}\" required>",
        v("name")
    ));
    if flow.ask_email() {
        html.push_str(&format!("<label for=\"email\">Email</label><input type=\"email\" id=\"email\" name=\"email\" value=\"{}\" required>", v("email")));
    }
    if flow.ask_phone() {
        html.push_str(&format!("<label for=\"phone\">Phone number</label><input type=\"tel\" id=\"phone\" name=\"phoneNumber\" value=\"{}\" required>", v("phoneNumber")));
    }
    match (flow.private_allowed(), flow.business_allowed()) {
        (true, true) => html.push_str(
            "<label for=\"type\">Account type</label><select id=\"type\" name=\"type\">\
             <option value=\"Private\">Private</option><option value=\"Business\">Business</option></select>",
        ),
        (false, _) => html.push_str("<input type=\"hidden\" name=\"type\" value=\"Business\">"),
        (true, false) => html.push_str("<input type=\"hidden\" name=\"type\" value=\"Private\">"),
    }
    if flow.business_allowed() {
        html.push_str(&format!(
            "<label for=\"cvr\">CVR (business{})</label><input type=\"text\" id=\"cvr\" name=\"cvr\" value=\"{}\" inputmode=\"numeric\">",
            if flow.ask_kyb() { ", required" } else { "" },
            v("cvr")
        ));
    }
    if flow.ask_kyc() {
        html.push_str(&format!(
            "<label for=\"dob\">Date of birth (identity check)</label><input type=\"date\" id=\"dob\" name=\"dateOfBirth\" value=\"{}\" required>",
            v("dateOfBirth")
        ));
    }
    if flow.ask_bank_account() {
        html.push_str("<label for=\"bank\">Bank for payouts</label><select id=\"bank\" name=\"bankId\">");
        for b in banks().iter().filter(|b| b.id != user_routes::OFFLINE_BANK.id) {
            html.push_str(&format!("<option value=\"{}\">{}</option>", escape(b.id), escape(b.name)));
        }
        html.push_str("</select>");
    }
    html.push_str(
        "<button type=\"submit\" name=\"action\" value=\"connect\">Connect</button>\
         <button type=\"submit\" name=\"action\" value=\"cancel\" formnovalidate>Cancel</button></form>",
    );
    html
}

async fn connect_page(State(state): State<AppState>, Path(token): Path<String>) -> Response {
    let session = match open(&state, "connect", token.clone()).await {
        Ok(s) => s,
        Err(page) => return page,
    };
    if session.completed.is_some() {
        return gone();
    }
    let flow: ConnectFlow = serde_json::from_value(session.doc).unwrap_or_default();
    page(StatusCode::OK, "Connect your account", &connect_form(&flow, &token, None, None))
}

/// Checks a submitted connect form against the flow's steps; the error is shown.
fn connect_details(flow: &ConnectFlow, form: &Form) -> Result<(User, Profile, Option<String>), String> {
    let name = form.get("name").ok_or("Enter your name.")?;
    let email = form.get("email").map(str::to_owned);
    if flow.ask_email() && !email.as_deref().is_some_and(|e| e.contains('@')) {
        return Err("Enter a valid email address.".into());
    }
    let phone = form.get("phoneNumber").map(str::to_owned);
    let phone_ok = phone.as_deref().is_some_and(|p| p.chars().filter(char::is_ascii_digit).count() >= 8);
    if flow.ask_phone() && !phone_ok {
        return Err("Enter a phone number (at least 8 digits).".into());
    }
    let kind = match form.get("type").unwrap_or(if flow.private_allowed() { "Private" } else { "Business" }) {
        "Private" if flow.private_allowed() => "Private",
        "Business" if flow.business_allowed() => "Business",
        _ => return Err("That account type is not allowed here.".into()),
    };
    let cvr = form.get("cvr").map(|c| c.replace(' ', ""));
    if let Some(c) = &cvr
        && !(c.len() == 8 && c.bytes().all(|b| b.is_ascii_digit()))
    {
        return Err("A CVR number has 8 digits.".into());
    }
    if kind == "Business" && flow.ask_kyb() && cvr.is_none() {
        return Err("Enter the company's CVR number.".into());
    }
    let dob = match form.get("dateOfBirth") {
        Some(d) => Some(
            chrono::NaiveDate::parse_from_str(d, "%Y-%m-%d").map_err(|_| "Enter the date of birth as YYYY-MM-DD.")?,
        ),
        None if flow.ask_kyc() => return Err("Enter your date of birth.".into()),
        None => None,
    };
    let bank_id = form.get("bankId").map(str::to_owned);
    let bank_ok = bank_id.as_deref().and_then(user_routes::bank).is_some_and(|b| b.id != user_routes::OFFLINE_BANK.id);
    if flow.ask_bank_account() && !bank_ok {
        return Err("Choose your bank.".into());
    }
    let user = User {
        service_account_id: uuid::Uuid::new_v4().to_string(),
        name: name.to_owned(),
        email,
        phone_number_verified: phone.is_some(),
        phone_number: phone,
        kind: kind.into(),
        created: String::new(),
        connections: Vec::new(),
        bank_accounts: Vec::new(),
        cvr: if kind == "Business" { cvr } else { None },
    };
    let profile = Profile {
        id: Some(uuid::Uuid::new_v4().to_string()),
        kyc_level: Some(if dob.is_some() { 1 } else { 0 }),
        date_of_birth: dob.map(|d| d.format("%Y-%m-%d").to_string()),
        cpr: dob.map(|d| format!("{}-XXXX", d.format("%d%m%y"))),
        address: None,
        guest: false,
    };
    Ok((user, profile, if flow.ask_bank_account() { bank_id } else { None }))
}

async fn connect_submit(State(state): State<AppState>, Path(token): Path<String>, body: Bytes) -> Response {
    let session = match open(&state, "connect", token.clone()).await {
        Ok(s) => s,
        Err(page) => return page,
    };
    if session.completed.is_some() {
        return gone();
    }
    let flow: ConnectFlow = serde_json::from_value(session.doc.clone()).unwrap_or_default();
    let form = Form::parse(&body);
    let now = stamp(state.clock.now());
    let details = if form.cancelled() {
        None
    } else {
        match connect_details(&flow, &form) {
            Ok(d) => Some(d),
            Err(msg) => {
                return page(
                    StatusCode::BAD_REQUEST,
                    "Connect your account",
                    &connect_form(&flow, &token, Some(&msg), Some(&form)),
                );
            }
        }
    };
    let result = state
        .db
        .write(move |tx| {
            // Re-read inside the write: two submits of one link connect once.
            let Some(mut session) = users::session(tx, "connect", &session.token)? else {
                return Ok(false);
            };
            if session.completed.is_some() {
                return Ok(false);
            }
            session.completed = Some(now.clone());
            if let Some((mut user, profile, bank_id)) = details {
                let reference = flow.reference_id.clone().unwrap_or_else(|| user.service_account_id.clone());
                if let Some(existing) = users::by_reference(tx, &session.tenant, &reference)? {
                    // Already connected: nothing to create; the flow just completes.
                    session.doc["serviceAccountId"] = existing.service_account_id.into();
                } else {
                    user.created = now.clone();
                    user.connections = vec![UserConnection { reference_id: reference, connected: now.clone() }];
                    if let Some(bank) = bank_id.as_deref().and_then(user_routes::bank) {
                        let offered = user_routes::offered_accounts(&user, &bank, user.kind == "Business");
                        if let Some(first) = offered.first() {
                            add_account(&mut user, bank.id, first);
                        }
                    }
                    users::insert_with_profile(tx, &session.tenant, &user, &profile)?;
                    if !user.bank_accounts.is_empty() {
                        crate::v2::webhooks::outbox::bank_account_connected(tx, &session.tenant, &user, &now)?;
                    }
                    session.doc["serviceAccountId"] = user.service_account_id.clone().into();
                }
            } else {
                session.doc["cancelled"] = true.into();
            }
            users::update_session(tx, &session)?;
            Ok(true)
        })
        .await;
    match result {
        Ok(true) => finish(flow.return_url.as_deref()),
        Ok(false) => gone(),
        Err(e) => failed(&e),
    }
}

// ---- Bank-account onboarding -----------------------------------------------------

async fn onboarding_page(State(state): State<AppState>, Path(token): Path<String>) -> Response {
    let session = match open(&state, "onboarding", token.clone()).await {
        Ok(s) => s,
        Err(page) => return page,
    };
    if session.completed.is_some() {
        return gone();
    }
    let Ok(o) = serde_json::from_value::<Onboarding>(session.doc) else {
        return failed(&ApiError::Internal("onboarding unreadable".into()));
    };
    let bank = user_routes::bank(&o.bank_id).map_or(o.bank_id.clone(), |b| b.name.to_owned());
    let mut html = format!(
        "<p>Choose the accounts at <strong>{}</strong> to use for payouts.</p><form method=\"post\" action=\"/hosted/bank-accounts/{}\">",
        escape(&bank),
        escape(&token)
    );
    for a in &o.offered {
        html.push_str(&format!(
            "<label><input type=\"checkbox\" name=\"account\" value=\"{}\"> {} <span class=\"muted\">{} · {}</span></label>",
            escape(&a.bank_account_id),
            escape(a.name.as_deref().unwrap_or("")),
            escape(a.iban.as_deref().unwrap_or("")),
            escape(a.currency.as_deref().unwrap_or("")),
        ));
    }
    html.push_str(
        "<button type=\"submit\" name=\"action\" value=\"confirm\">Confirm</button>\
         <button type=\"submit\" name=\"action\" value=\"cancel\">Cancel</button></form>",
    );
    page(StatusCode::OK, "Choose bank accounts", &html)
}

async fn onboarding_submit(State(state): State<AppState>, Path(token): Path<String>, body: Bytes) -> Response {
    let form = Form::parse(&body);
    let now = stamp(state.clock.now());
    let result = state
        .db
        .write(move |tx| {
            let Some(mut session) = users::session(tx, "onboarding", &token)? else {
                return Ok(None);
            };
            if session.completed.is_some() {
                return Ok(Some(Err(())));
            }
            let mut o: Onboarding = serde_json::from_value(session.doc.clone())?;
            if form.cancelled() {
                o.cancelled = true;
            } else {
                let chosen = form.all("account");
                o.selected =
                    o.offered.iter().filter(|a| chosen.contains(&a.bank_account_id.as_str())).cloned().collect();
            }
            session.completed = Some(now);
            session.doc = serde_json::to_value(&o)?;
            users::update_session(tx, &session)?;
            Ok(Some(Ok(o.return_url)))
        })
        .await;
    match result {
        Ok(Some(Ok(url))) => finish(Some(&url)),
        Ok(Some(Err(()))) => gone(),
        Ok(None) => unknown(),
        Err(e) => failed(&e),
    }
}
