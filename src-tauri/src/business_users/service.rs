//! Business users (spec document 2) for the UI: registered, changed and removed at the
//! service through the journal, and a local list of those this app created or looked up
//! (the API has none). Their actions are variants of the trade API's journal enum
//! ([`TradeAction`]), so journals written before this folder existed read back unchanged.

use super::BusinessUsers;
use crate::error::AppError;
use crate::journal::{ActionState, Record};
use crate::trades::actions::TradeAction;
use crate::trades::requests::TradeSent;
use crate::trades::service::{failure, now, path_id};
use escrow_api::CallOptions;
use escrow_api::trade::{BusinessUser, CreateBusinessUser, EditBusinessUser, TradeAddress, TradeBankAccount};
use rusqlite::{OptionalExtension, params};
use serde::Serialize;
use ts_rs::TS;

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

type Row = (String, String, Option<String>, Option<String>, String, String);

impl BusinessUsers {
    /// Journal, send (with the stored key) and record one business-user action.
    async fn run(&self, req: &TradeAction) -> Result<(String, Record<TradeAction>, Option<TradeSent>), AppError> {
        let (environment_id, run) = self.desk.journal_run(req).await?;
        Ok((environment_id, run.record, run.answer))
    }

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
        let (env, record, sent) = self.run(&TradeAction::BusinessUserCreate { request: request.clone() }).await?;
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
        let (env, record, sent) = self.run(&req).await?;
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
        let (env, record, _) = self.run(&req).await?;
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
