//! Bank-account onboarding: the banks on offer, starting an onboarding (a hosted
//! page), its result, and adding a chosen account to the user.

use crate::answers::Link;
use crate::auth::Tenant;
use crate::banks::danish_iban;
use crate::clock::stamp;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::v2::common::{is_web_url, parse_json};
use crate::v2::users::store::{self as users, BankAccount, Profile, Session, User};
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use chrono::{DateTime, Duration, Utc};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// How long an onboarding result stays available after the user returns.
pub const RESULT_MINUTES: i64 = 30;

/// A bank open for onboarding.
#[derive(Debug, Clone, Copy)]
pub struct Bank {
    pub id: &'static str,
    pub name: &'static str,
    pub central: &'static str,
}

/// A sandbox-only bank whose onboarding start always fails with 400 Invalid bank url
/// (the spec's "bank address cannot be generated; retry later"), for testing that path.
pub const OFFLINE_BANK: Bank = Bank { id: "sandbox-bank-offline", name: "Sandbox Bank (offline)", central: "Sandbox" };

/// The banks open for onboarding: the sandbox's bank list (`crate::banks`, shared
/// with BANK payments) plus [`OFFLINE_BANK`].
pub fn banks() -> Vec<Bank> {
    crate::banks::BANKS
        .iter()
        .map(|&(id, name, central)| Bank { id, name, central })
        .chain(std::iter::once(OFFLINE_BANK))
        .collect()
}

pub fn bank(id: &str) -> Option<Bank> {
    banks().into_iter().find(|b| b.id == id)
}

/// A registration number for the accounts the sandbox makes up at `bank`: the real
/// one of well-known banks, else one derived from the id.
fn registration(bank: &Bank) -> u32 {
    match bank.id {
        "danske-bank" => 3001,
        "nordea" => 2191,
        "jyske-bank" => 7858,
        "nykredit" | "nykredit-bank" => 5470,
        "sydbank" => 7040,
        "spar-nord" => 9070,
        "arbejdernes-landsbank" => 5301,
        "lunar" => 6695,
        other => 1000 + other.bytes().fold(0u32, |a, b| (a * 31 + u32::from(b)) % 8999),
    }
}

pub async fn connected(state: &AppState, tenant: &Tenant, id: String) -> ApiResult<(User, Profile)> {
    let name = tenant.name.clone();
    state.db.call(move |c| users::get_connected(c, &name, &id)).await?.ok_or(ApiError::NotFound)
}

#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct StartBody {
    bank_id: Option<String>,
    return_url: Option<String>,
    psd2_type: Option<String>,
}

/// An account the person can pick on the onboarding page (and the result's item).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OfferedAccount {
    pub bank_account_id: String,
    pub name: Option<String>,
    pub owner_name: Option<String>,
    pub bban: Option<String>,
    pub iban: Option<String>,
    pub currency: Option<String>,
}

/// The state of one onboarding, kept in its hosted session.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Onboarding {
    pub bank_id: String,
    pub return_url: String,
    pub psd2_type: String,
    pub offered: Vec<OfferedAccount>,
    /// Filled when the person returns: what they chose (empty: nothing or cancelled).
    pub selected: Vec<OfferedAccount>,
    pub cancelled: bool,
}

/// The accounts a person holds at `bank`: the same numbers for the same person and
/// bank every time (so onboarding twice finds the same IBANs), fresh ids each time.
pub fn offered_accounts(user: &User, bank: &Bank, business: bool) -> Vec<OfferedAccount> {
    let seed = format!("{}{}", user.service_account_id, bank.id)
        .bytes()
        .fold(1469598103934665603u64, |a, b| (a ^ u64::from(b)).wrapping_mul(1099511628211));
    let names: &[(&str, &str)] = if business {
        &[("Erhvervskonto", "DKK"), ("Driftskonto", "DKK"), ("Valutakonto EUR", "EUR")]
    } else {
        &[("Lønkonto", "DKK"), ("Budgetkonto", "DKK"), ("Opsparing", "DKK")]
    };
    names
        .iter()
        .enumerate()
        .map(|(i, (name, currency))| {
            let account = 1_000_000_000 + (seed.wrapping_add(i as u64 * 7_777_777) % 8_999_999_999);
            let bban = format!("{:04}{account:010}", registration(bank));
            OfferedAccount {
                bank_account_id: uuid::Uuid::new_v4().to_string(),
                name: Some((*name).to_owned()),
                owner_name: Some(user.name.clone()),
                iban: Some(danish_iban(&bban)),
                bban: Some(bban),
                currency: Some((*currency).to_owned()),
            }
        })
        .collect()
}

pub async fn start_onboarding(
    State(state): State<AppState>,
    tenant: Tenant,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult<Json<Value>> {
    let req: StartBody = parse_json(&body)?;
    let now = stamp(state.clock.now());
    let public_url = state.public_url.clone();
    let token = state
        .db
        .write(move |tx| {
            let (user, _) = users::get_connected(tx, &tenant.name, &id)?.ok_or_else(|| ApiError::NotFoundTitled {
                title: "Invalid account",
                detail: format!("account {id} does not exist or is not connected"),
            })?;
            let bank_id = req.bank_id.as_deref().map(str::trim).unwrap_or_default();
            let bank = bank(bank_id).ok_or_else(|| ApiError::NotFoundTitled {
                title: "Invalid bank",
                detail: format!("bankId {bank_id:?} is not in the list of banks"),
            })?;
            let return_url = req.return_url.as_deref().map(str::trim).unwrap_or_default();
            if !is_web_url(return_url) {
                return Err(ApiError::bad_request(
                    "Invalid request",
                    "returnUrl must be an absolute http or https URL",
                ));
            }
            let psd2 = match req.psd2_type.as_deref() {
                None => user.kind.clone(),
                Some(t @ ("Private" | "Business")) => t.to_owned(),
                Some(other) => {
                    return Err(ApiError::bad_request(
                        "Invalid request",
                        format!("psd2Type {other} is not Private or Business"),
                    ));
                }
            };
            if bank.id == OFFLINE_BANK.id {
                return Err(ApiError::bad_request(
                    "Invalid bank url",
                    "the bank's address could not be generated; retry later",
                ));
            }
            let onboarding = Onboarding {
                bank_id: bank.id.into(),
                return_url: return_url.into(),
                offered: offered_accounts(&user, &bank, psd2 == "Business"),
                psd2_type: psd2,
                selected: Vec::new(),
                cancelled: false,
            };
            let token = users::new_token();
            users::insert_session(
                tx,
                &Session {
                    token: token.clone(),
                    tenant: tenant.name.clone(),
                    kind: "onboarding".into(),
                    subject: user.service_account_id,
                    created: now,
                    completed: None,
                    doc: serde_json::to_value(&onboarding)?,
                },
            )?;
            Ok(token)
        })
        .await?;
    Ok(Json(json!(Link { url: format!("{public_url}/hosted/bank-accounts/{token}") })))
}

/// The newest onboarding's result if the person returned less than 30 minutes ago;
/// `Err` names why not (nothing yet, cancelled, nothing chosen, expired).
pub fn current_result(session: Option<Session>, now: DateTime<Utc>) -> Result<Onboarding, &'static str> {
    let s = session.ok_or("no onboarding was started")?;
    let completed = s.completed.as_deref().ok_or("the user has not returned from the bank yet")?;
    let completed = DateTime::parse_from_rfc3339(completed).map_err(|_| "the result is unreadable")?;
    if now - completed.with_timezone(&Utc) > Duration::minutes(RESULT_MINUTES) {
        return Err("the result expired (available 30 minutes after the user returns)");
    }
    let o: Onboarding = serde_json::from_value(s.doc).map_err(|_| "the result is unreadable")?;
    if o.cancelled {
        return Err("the user cancelled");
    }
    if o.selected.is_empty() {
        return Err("the user selected no accounts");
    }
    Ok(o)
}

pub async fn onboarding_result(
    State(state): State<AppState>,
    tenant: Tenant,
    Path(id): Path<String>,
) -> ApiResult<Json<Value>> {
    let now = state.clock.now();
    let session = state
        .db
        .call(move |c| {
            users::get_connected(c, &tenant.name, &id)?.ok_or(ApiError::NotFound)?;
            users::latest_session(c, &tenant.name, "onboarding", &id)
        })
        .await?;
    let o = current_result(session, now).map_err(|why| ApiError::bad_request("Invalid results", why))?;
    let bank = bank(&o.bank_id);
    Ok(Json(json!({
        "bankId": o.bank_id,
        "bankName": bank.map(|b| b.name),
        "bankCentral": bank.map(|b| b.central),
        "bankAccounts": o.selected,
    })))
}

/// Adds one account from the current onboarding result (rule 4): the first becomes
/// default; one with the same IBAN or BBAN as an existing account replaces it and
/// inherits its default flag.
pub fn add_account(user: &mut User, bank_id: &str, account: &OfferedAccount) {
    let same = |a: &BankAccount| {
        (account.iban.as_deref().is_some_and(|i| !i.is_empty() && a.iban.eq_ignore_ascii_case(i)))
            || (account.bban.as_deref().is_some_and(|b| !b.is_empty() && a.bban == b))
    };
    let replaced_default = user.bank_accounts.iter().any(|a| same(a) && a.is_default);
    user.bank_accounts.retain(|a| !same(a));
    let is_default = user.bank_accounts.is_empty() || replaced_default;
    user.bank_accounts.push(BankAccount {
        bank: bank(bank_id).map_or_else(|| bank_id.to_owned(), |b| b.name.to_owned()),
        bank_id: bank_id.to_owned(),
        bank_account_id: account.bank_account_id.clone(),
        bban: account.bban.clone().unwrap_or_default(),
        iban: account.iban.clone().unwrap_or_default(),
        account_name: account.name.clone().unwrap_or_default(),
        is_default,
    });
    if !user.bank_accounts.iter().any(|a| a.is_default)
        && let Some(first) = user.bank_accounts.first_mut()
    {
        first.is_default = true;
    }
}
