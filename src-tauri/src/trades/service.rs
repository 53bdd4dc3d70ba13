//! Trades (spec document 2) for the UI: trades of a chosen marketplace user and the staff
//! actions on them, journaled and audited like every other action. Business users, whose
//! actions share the trade API's journal enum ([`TradeAction`]), are `crate::business_users`.

use super::Trades;
use super::actions::TradeAction;
use super::inputs;
use super::requests::TradeSent;
use crate::error::{AppError, ErrorCode};
use crate::journal::ActionState;
use crate::journal::Record;
use crate::settings::environments as envs;
use escrow_api::CallOptions;
use escrow_api::trade::TradePageQuery;
use rusqlite::{OptionalExtension, params};
use serde::Serialize;
use serde_json::Value;
use ts_rs::TS;

/// Most trades on one page.
pub const MAX_PAGE_SIZE: u32 = 100;

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

pub(crate) fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

fn user_setting(environment_id: &str) -> String {
    format!("trade_user:{environment_id}")
}

pub(crate) fn path_id<'a>(field: &str, v: &'a str) -> Result<&'a str, AppError> {
    let v = v.trim();
    escrow_api::trade::validate::path_param(field, v)?;
    if v.chars().any(char::is_control) {
        return Err(inputs::field_error(field, "must not contain control characters"));
    }
    Ok(v)
}

/// The error of an action that did not succeed (its live error, with field faults).
pub(crate) fn failure(record: &Record<TradeAction>) -> AppError {
    record.error.clone().unwrap_or_else(|| {
        let msg = record.message.clone().unwrap_or_else(|| "The action did not finish.".into());
        AppError::new(if record.state == ActionState::Unknown { ErrorCode::Network } else { ErrorCode::Internal }, msg)
    })
}

impl Trades {
    /// Journal, send (with the stored key) and record one trade-API action.
    pub(crate) async fn run_trade(
        &self,
        req: &TradeAction,
    ) -> Result<(String, Record<TradeAction>, Option<TradeSent>), AppError> {
        let (environment_id, run) = self.desk.journal_run(req).await?;
        Ok((environment_id, run.record, run.answer))
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
