//! Business users and trades (spec document 2) for the UI: a local list of the business
//! users this app created or looked up (the API has none), trades of a chosen
//! marketplace user, and the staff actions on them, journaled and audited through
//! `crate::actions` like every other action.

use super::Trades;
use super::actions::TradeAction;
use super::inputs;
use super::requests::TradeSent;
use crate::error::{AppError, ErrorCode};
use crate::journal::ActionState;
use crate::journal::Record;
use crate::settings::environments as envs;
use escrow_api::CallOptions;
use escrow_api::trade::{
    BusinessUser, CreateBusinessUser, EditBusinessUser, TradeAddress, TradeBankAccount, TradePageQuery,
};
use rusqlite::{OptionalExtension, params};
use serde::Serialize;
use serde_json::Value;
use ts_rs::TS;

/// Most trades on one page.
pub const MAX_PAGE_SIZE: u32 = 100;

/// A business user as the app knows it (the service's record plus the name and phone
/// number this app sent, which the service's answer does not repeat).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BusinessUserView {
    pub environment_id: String,
    pub business_id: String,
    pub business_location_id: String,
    pub name: Option<String>,
    pub phone_number: Option<String>,
    pub service_user_id: Option<String>,
    /// The marketplace user id made for it (answered on create only): use it as a payee.
    pub user_id: Option<String>,
    pub bank_account: Option<TradeBankAccount>,
    pub address: Option<TradeAddress>,
    pub updated: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BusinessUsersView {
    pub environment_id: String,
    pub items: Vec<BusinessUserView>,
}

/// The marketplace user whose trades were last listed in this environment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TradeUserView {
    pub environment_id: String,
    pub marketplace_user_id: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TradesPageView {
    pub environment_id: String,
    pub marketplace_user_id: String,
    pub page: u32,
    pub page_size: u32,
    #[ts(type = "Array<Trade>")]
    pub trades: Vec<Value>,
}

/// A marketplace user as the service knows them: connected or not, and where payouts go.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TradeUserDetailsView {
    pub environment_id: String,
    pub marketplace_user_id: String,
    /// `None` when the service knows no such user (not connected yet).
    pub details: Option<escrow_api::trade::TradeUserDetails>,
}

/// A trade as the chosen user sees it, with the parties' marketplace user ids where known
/// (trades this app initiated, and the viewing user's own side).
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TradeView {
    pub environment_id: String,
    pub marketplace_user_id: String,
    /// `payer`, `payee`, or null when the viewer's side could not be told.
    pub viewer_role: Option<String>,
    pub payer_marketplace_user_id: Option<String>,
    pub payee_marketplace_user_id: Option<String>,
    #[ts(type = "Trade")]
    pub trade: Value,
    /// The trade's payment to escrow, once there is one.
    #[ts(type = "PaymentToEscrow | null")]
    pub payment: Option<Value>,
}

/// A trade action's journal record and what the service answered.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TradeActionOutcome {
    pub environment_id: String,
    pub record: Record<TradeAction>,
    /// The new trade (initiate).
    pub trade_id: Option<String>,
    /// A hosted page (status link, payment flow).
    pub url: Option<String>,
    /// The payment to pay (accept and pay, shipments).
    #[ts(type = "PaymentToEscrow | null")]
    pub payment: Option<Value>,
}

/// The trade API's records carry money as JSON numbers; the UI takes decimal strings
/// (as everywhere else in the app): amounts with 2 decimals, percentages as given.
fn money_as_strings<T: Serialize>(v: &T) -> Result<Value, AppError> {
    fn walk(v: &mut Value, key: Option<&str>) {
        match v {
            Value::Object(m) => m.iter_mut().for_each(|(k, x)| walk(x, Some(k))),
            Value::Array(a) => a.iter_mut().for_each(|x| walk(x, key)),
            Value::Number(n) => {
                let is_money = matches!(key, Some("price" | "amount" | "fixedAmount" | "variableAmount"));
                if is_money || key == Some("variablePercentage") {
                    let text = n.to_string();
                    let d = text
                        .parse::<rust_decimal::Decimal>()
                        .or_else(|_| rust_decimal::Decimal::from_scientific(&text));
                    if let Ok(mut d) = d {
                        if is_money {
                            d = escrow_api::money::round(d);
                            d.rescale(2);
                        } else {
                            d = d.normalize();
                        }
                        *v = Value::String(d.to_string());
                    }
                }
            }
            _ => {}
        }
    }
    let mut out = serde_json::to_value(v).map_err(AppError::storage)?;
    walk(&mut out, None);
    Ok(out)
}

fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

fn user_setting(environment_id: &str) -> String {
    format!("trade_user:{environment_id}")
}

fn path_id<'a>(field: &str, v: &'a str) -> Result<&'a str, AppError> {
    let v = v.trim();
    escrow_api::trade::validate::path_param(field, v)?;
    if v.chars().any(char::is_control) {
        return Err(inputs::field_error(field, "must not contain control characters"));
    }
    Ok(v)
}

/// The error of an action that did not succeed (its live error, with field faults).
fn failure(record: &Record<TradeAction>) -> AppError {
    record.error.clone().unwrap_or_else(|| {
        let msg = record.message.clone().unwrap_or_else(|| "The action did not finish.".into());
        AppError::new(if record.state == ActionState::Unknown { ErrorCode::Network } else { ErrorCode::Internal }, msg)
    })
}

type Row = (String, String, Option<String>, Option<String>, String, String);

impl Trades {
    /// Journal, send (with the stored key) and record one trade-API action.
    async fn run_trade(&self, req: &TradeAction) -> Result<(String, Record<TradeAction>, Option<TradeSent>), AppError> {
        let (environment_id, run) = self.desk.journal_run(req).await?;
        Ok((environment_id, run.record, run.answer))
    }

    // ---- business users ----------------------------------------------------------

    fn store_business_user(
        &self,
        environment_id: &str,
        user: &BusinessUser,
        name: Option<&str>,
        phone: Option<&str>,
        fallback: (&str, &str),
    ) -> Result<BusinessUserView, AppError> {
        let business_id = user.business_id.clone().unwrap_or_else(|| fallback.0.to_owned());
        let location = user.business_location_id.clone().unwrap_or_else(|| fallback.1.to_owned());
        let conn = self.desk.db.lock()?;
        let old: Option<(Option<String>, Option<String>, String)> = conn
            .query_row(
                "SELECT name, phone_number, record FROM business_users WHERE environment_id = ?1 AND business_id = ?2 AND business_location_id = ?3",
                params![environment_id, business_id, location],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()
            .map_err(AppError::storage)?;
        let mut merged = user.clone();
        merged.business_id = Some(business_id.clone());
        merged.business_location_id = Some(location.clone());
        let (mut keep_name, mut keep_phone) = (None, None);
        if let Some((n, p, rec)) = old {
            if merged.user_id.is_none() {
                merged.user_id = serde_json::from_str::<BusinessUser>(&rec).ok().and_then(|o| o.user_id);
            }
            keep_name = n;
            keep_phone = p;
        }
        let name = name.map(str::to_owned).or(keep_name);
        let phone = phone.map(str::to_owned).or(keep_phone);
        let record = serde_json::to_string(&merged).map_err(AppError::storage)?;
        let at = now();
        conn.execute(
            "INSERT INTO business_users (environment_id, business_id, business_location_id, name, phone_number, record, updated)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
             ON CONFLICT(environment_id, business_id, business_location_id)
             DO UPDATE SET name = excluded.name, phone_number = excluded.phone_number, record = excluded.record, updated = excluded.updated",
            params![environment_id, business_id, location, name, phone, record, at],
        )
        .map_err(AppError::storage)?;
        Ok(view(environment_id, (business_id, location, name, phone, record, at)))
    }

    /// The business users this app created or looked up in the active environment.
    pub fn list_business_users(&self) -> Result<BusinessUsersView, AppError> {
        let environment_id = self.desk.active_id()?;
        let conn = self.desk.db.lock()?;
        let mut stmt = conn
            .prepare(
                "SELECT business_id, business_location_id, name, phone_number, record, updated FROM business_users
                 WHERE environment_id = ?1 ORDER BY updated DESC",
            )
            .map_err(AppError::storage)?;
        let rows: Vec<Row> = stmt
            .query_map([&environment_id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?)))
            .map_err(AppError::storage)?
            .collect::<Result<_, _>>()
            .map_err(AppError::storage)?;
        let items = rows.into_iter().map(|r| view(&environment_id, r)).collect();
        Ok(BusinessUsersView { environment_id, items })
    }

    /// Registers a business user (journaled); field faults come back in `fieldErrors`.
    pub async fn create_business_user(&self, input: &CreateBusinessUser) -> Result<BusinessUserView, AppError> {
        let mut request = input.clone();
        request.business_id = request.business_id.trim().to_owned();
        request.business_location_id = request.business_location_id.trim().to_owned();
        request.name = request.name.trim().to_owned();
        request.phone_number = request.phone_number.trim().to_owned();
        let (env, record, sent) = self.run_trade(&TradeAction::BusinessUserCreate { request: request.clone() }).await?;
        let user = sent.and_then(|s| s.business_user).ok_or_else(|| failure(&record))?;
        let fallback = (request.business_id.as_str(), request.business_location_id.as_str());
        self.store_business_user(&env, &user, Some(&request.name), Some(&request.phone_number), fallback)
    }

    /// Changes a business user (journaled).
    pub async fn edit_business_user(
        &self,
        business_id: &str,
        business_location_id: &str,
        input: &EditBusinessUser,
    ) -> Result<BusinessUserView, AppError> {
        let (b, l) = (path_id("businessId", business_id)?, path_id("businessLocationId", business_location_id)?);
        let mut request = input.clone();
        request.name = request.name.trim().to_owned();
        request.phone_number = request.phone_number.map(|p| p.trim().to_owned()).filter(|p| !p.is_empty());
        let req = TradeAction::BusinessUserEdit {
            business_id: b.to_owned(),
            business_location_id: l.to_owned(),
            request: request.clone(),
        };
        let (env, record, sent) = self.run_trade(&req).await?;
        let user = sent.and_then(|s| s.business_user).ok_or_else(|| failure(&record))?;
        self.store_business_user(&env, &user, Some(&request.name), request.phone_number.as_deref(), (b, l))
    }

    /// Reads a business user from the service and remembers it in the local list.
    pub async fn lookup_business_user(
        &self,
        business_id: &str,
        business_location_id: &str,
    ) -> Result<BusinessUserView, AppError> {
        let (b, l) = (path_id("businessId", business_id)?, path_id("businessLocationId", business_location_id)?);
        let (env, client) = self.desk.active_client()?;
        let user = client.trade().get_business_user(b, l, &CallOptions::default()).await?;
        self.store_business_user(&env, &user, None, None, (b, l))
    }

    /// Removes a business user at the service (journaled), then from the local list.
    pub async fn delete_business_user(&self, business_id: &str, business_location_id: &str) -> Result<(), AppError> {
        let (b, l) = (path_id("businessId", business_id)?, path_id("businessLocationId", business_location_id)?);
        let req = TradeAction::BusinessUserDelete { business_id: b.to_owned(), business_location_id: l.to_owned() };
        let (env, record, _) = self.run_trade(&req).await?;
        if record.state != ActionState::Succeeded {
            return Err(failure(&record));
        }
        self.forget_business_user(&env, b, l)
    }

    fn forget_business_user(&self, env: &str, b: &str, l: &str) -> Result<(), AppError> {
        self.desk.db
            .lock()?
            .execute("DELETE FROM business_users WHERE environment_id = ?1 AND business_id = ?2 AND business_location_id = ?3", params![env, b, l])
            .map_err(AppError::storage)?;
        Ok(())
    }

    // ---- trades --------------------------------------------------------------------

    /// The marketplace user last chosen on the Trades screen in the active environment.
    pub fn trade_user(&self) -> Result<TradeUserView, AppError> {
        let environment_id = self.desk.active_id()?;
        let marketplace_user_id = envs::get_setting(&self.desk.db, &user_setting(&environment_id))?;
        Ok(TradeUserView { environment_id, marketplace_user_id })
    }

    /// One page of the user's trades; remembers the user for this environment.
    pub async fn list_trades(
        &self,
        marketplace_user_id: &str,
        page: u32,
        page_size: u32,
    ) -> Result<TradesPageView, AppError> {
        let user = path_id("marketplaceUserId", marketplace_user_id)?;
        if page == 0 || page_size == 0 || page_size > MAX_PAGE_SIZE {
            return Err(AppError::validation("page must be 1 or more and pageSize 1 to 100"));
        }
        let (environment_id, client) = self.desk.active_client()?;
        let res = client
            .trade()
            .get_trades(user, TradePageQuery { page: Some(page), page_size: Some(page_size) }, &CallOptions::default())
            .await?;
        envs::set_setting(&self.desk.db, &user_setting(&environment_id), user)?;
        let trades = res.trades.iter().map(money_as_strings).collect::<Result<_, _>>()?;
        Ok(TradesPageView { environment_id, marketplace_user_id: user.to_owned(), page, page_size, trades })
    }

    fn trade_parties(&self, env: &str, trade_id: &str) -> Result<Option<(String, String)>, AppError> {
        self.desk.db
            .lock()?
            .query_row(
                "SELECT payer_marketplace_user_id, payee_marketplace_user_id FROM trade_parties WHERE environment_id = ?1 AND trade_id = ?2",
                params![env, trade_id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()
            .map_err(AppError::storage)
    }

    /// The user's details, or none when the service does not know the user yet.
    pub async fn trade_user_details(&self, marketplace_user_id: &str) -> Result<TradeUserDetailsView, AppError> {
        let user = path_id("marketplaceUserId", marketplace_user_id)?;
        let (environment_id, client) = self.desk.active_client()?;
        let details = match client.trade().get_user(user, &CallOptions::default()).await {
            Ok(d) => Some(d),
            Err(e) if escrow_api::trade::is_not_found(&e) => None,
            Err(e) => return Err(e.into()),
        };
        Ok(TradeUserDetailsView { environment_id, marketplace_user_id: user.to_owned(), details })
    }

    /// One trade as `marketplace_user_id` (a party of it) sees it.
    pub async fn get_trade(&self, marketplace_user_id: &str, trade_id: &str) -> Result<TradeView, AppError> {
        let user = path_id("marketplaceUserId", marketplace_user_id)?;
        let trade_id = path_id("tradeId", trade_id)?;
        let (environment_id, client) = self.desk.active_client()?;
        let api = client.trade();
        let opts = CallOptions::default();
        let trade = api.get_trade(user, trade_id, &opts).await?;
        let payment = match api.get_payment(user, trade_id, &opts).await {
            Ok(p) => Some(p),
            Err(e) if escrow_api::trade::is_not_found(&e) => None,
            Err(e) => return Err(e.into()),
        };
        let (mut payer, mut payee) = match self.trade_parties(&environment_id, trade_id)? {
            Some((a, b)) => (Some(a), Some(b)),
            None => (None, None),
        };
        let mut role = if payer.as_deref() == Some(user) {
            Some("payer")
        } else if payee.as_deref() == Some(user) {
            Some("payee")
        } else {
            None
        };
        if role.is_none() {
            let me = api.get_user(user, &opts).await.ok().and_then(|u| u.service_user_id);
            let sid = |p: &Option<escrow_api::trade::TradeParty>| p.as_ref().and_then(|p| p.service_user_id.clone());
            if me.is_some() && me == sid(&trade.payer) {
                role = Some("payer");
                payer = Some(user.to_owned());
            } else if me.is_some() && me == sid(&trade.payee) {
                role = Some("payee");
                payee = Some(user.to_owned());
            }
        }
        Ok(TradeView {
            environment_id,
            marketplace_user_id: user.to_owned(),
            viewer_role: role.map(str::to_owned),
            payer_marketplace_user_id: payer,
            payee_marketplace_user_id: payee,
            trade: money_as_strings(&trade)?,
            payment: payment.as_ref().map(money_as_strings).transpose()?,
        })
    }

    /// Runs a trade action exactly once (journaled and audited); the record is returned
    /// in any state, with what the service answered on success.
    pub async fn start_trade_action(&self, request: &TradeAction) -> Result<TradeActionOutcome, AppError> {
        if matches!(
            request,
            TradeAction::BusinessUserCreate { .. }
                | TradeAction::BusinessUserEdit { .. }
                | TradeAction::BusinessUserDelete { .. }
        ) {
            return Err(AppError::validation("Not a trade action."));
        }
        let (environment_id, record, sent) = self.run_trade(request).await?;
        let sent = sent.unwrap_or_default();
        if let (TradeAction::TradeInitiate { input }, Some(id)) = (request, sent.trade_id.as_deref()) {
            self.desk.db
                .lock()?
                .execute(
                    "INSERT OR REPLACE INTO trade_parties (environment_id, trade_id, payer_marketplace_user_id, payee_marketplace_user_id, created)
                     VALUES (?1, ?2, ?3, ?4, ?5)",
                    params![environment_id, id, input.payer_marketplace_user_id.trim(), input.payee_marketplace_user_id.trim(), now()],
                )
                .map_err(AppError::storage)?;
        }
        Ok(TradeActionOutcome {
            environment_id,
            record,
            trade_id: sent.trade_id,
            url: sent.url,
            payment: sent.payment.as_ref().map(money_as_strings).transpose()?,
        })
    }
}

fn view(
    environment_id: &str,
    (business_id, business_location_id, name, phone_number, record, updated): Row,
) -> BusinessUserView {
    let user: BusinessUser = serde_json::from_str(&record).unwrap_or_default();
    BusinessUserView {
        environment_id: environment_id.to_owned(),
        business_id,
        business_location_id,
        name,
        phone_number,
        service_user_id: user.service_user_id,
        user_id: user.user_id,
        bank_account: user.bank_account,
        address: user.address,
        updated,
    }
}
