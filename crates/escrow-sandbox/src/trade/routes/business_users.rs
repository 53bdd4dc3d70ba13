//! Business users: create, edit, get, delete. Each stands for a marketplace user (its
//! `userId`) so it can be a trade's payee.

use crate::clock::stamp;
use crate::trade::api::{Fault, Outcome, check_path};
use crate::trade::call::Call;
use crate::trade::check::{Check, payout_account};
use crate::trade::machine::{BusinessUserDoc, UserDoc};
use crate::trade::records::load_user;
use crate::trade::store::{self, BUSINESS_USER, USER};
use axum::response::Response;
use rusqlite::Connection;
use serde_json::Value;

/// `{businessId}/{businessLocationId}` path parameters.
type BusinessPath = (String, String);

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

pub async fn create(call: Call) -> Response {
    let now = stamp(call.state.clock.now());
    let r = async {
        let mut c = Check::parse(&call.body)?;
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
        call.exec(move |conn, tenant| {
            let key = BusinessUserDoc::key(&business_id, &location_id);
            if store::get::<BusinessUserDoc>(conn, tenant, BUSINESS_USER, &key)?.is_some() {
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
            store::put(conn, tenant, BUSINESS_USER, &key, &now, &doc)?;
            let user = business_user_account(&doc, &key, &now);
            store::put(conn, tenant, USER, &user.marketplace_user_id, &now, &user)?;
            Ok(doc.json(true))
        })
        .await
    }
    .await;
    call.respond(r)
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

pub async fn get(call: Call<BusinessPath, ()>) -> Response {
    let r = async {
        let key = business_path(&call.path.0, &call.path.1)?;
        call.exec(move |c, tenant| Ok(load_business_user(c, tenant, &key)?.json(false))).await
    }
    .await;
    call.respond(r)
}

pub async fn edit(call: Call<BusinessPath>) -> Response {
    let now = stamp(call.state.clock.now());
    let r = async {
        let key = business_path(&call.path.0, &call.path.1)?;
        let mut c = Check::parse(&call.body)?;
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
        call.exec(move |conn, tenant| {
            let mut doc = load_business_user(conn, tenant, &key)?;
            doc.name = name;
            doc.phone_number = phone;
            doc.address = address;
            doc.account_number = bban;
            store::put(conn, tenant, BUSINESS_USER, &key, &doc.created.clone(), &doc)?;
            let mut user = business_user_account(&doc, &key, &now);
            if let Some(old) = load_user(conn, tenant, &doc.user_id)? {
                user.connected = old.connected;
            }
            store::put(conn, tenant, USER, &doc.user_id, &doc.created.clone(), &user)?;
            Ok(doc.json(false))
        })
        .await
    }
    .await;
    call.respond(r)
}

pub async fn delete(call: Call<BusinessPath, ()>) -> Response {
    let r = async {
        let key = business_path(&call.path.0, &call.path.1)?;
        call.exec(move |conn, tenant| {
            let doc = load_business_user(conn, tenant, &key)?;
            if store::has_open_trades(conn, tenant, &doc.user_id)? {
                return Err(Fault::rule(
                    "BusinessUserHasOpenTrades",
                    "Business user has open trades",
                    "finish or cancel the business user's trades first",
                ));
            }
            store::delete(conn, tenant, BUSINESS_USER, &key)?;
            store::delete(conn, tenant, USER, &doc.user_id)?;
            Ok(Value::Null)
        })
        .await
    }
    .await;
    call.respond(r)
}
