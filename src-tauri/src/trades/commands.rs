//! IPC for business users and trades: thin commands over [`crate::trades::service`].

use super::actions::TradeAction;
use crate::desk::Desk;
use crate::error::AppError;
use crate::trades::service::{
    BusinessUserView, BusinessUsersView, TradeActionOutcome, TradeUserView, TradeView, TradesPageView,
};
use escrow_api::trade::{CreateBusinessUser, EditBusinessUser};
use std::sync::Arc;
use tauri::State;

type Result<T> = std::result::Result<T, AppError>;

#[tauri::command]
pub fn list_business_users(desk: State<'_, Arc<Desk>>) -> Result<BusinessUsersView> {
    desk.list_business_users()
}

#[tauri::command]
pub async fn create_business_user(desk: State<'_, Arc<Desk>>, input: CreateBusinessUser) -> Result<BusinessUserView> {
    desk.create_business_user(&input).await
}

#[tauri::command]
pub async fn edit_business_user(
    desk: State<'_, Arc<Desk>>,
    business_id: String,
    business_location_id: String,
    input: EditBusinessUser,
) -> Result<BusinessUserView> {
    desk.edit_business_user(&business_id, &business_location_id, &input).await
}

#[tauri::command]
pub async fn lookup_business_user(
    desk: State<'_, Arc<Desk>>,
    business_id: String,
    business_location_id: String,
) -> Result<BusinessUserView> {
    desk.lookup_business_user(&business_id, &business_location_id).await
}

#[tauri::command]
pub async fn delete_business_user(
    desk: State<'_, Arc<Desk>>,
    business_id: String,
    business_location_id: String,
) -> Result<()> {
    desk.delete_business_user(&business_id, &business_location_id).await
}

#[tauri::command]
pub fn trade_user(desk: State<'_, Arc<Desk>>) -> Result<TradeUserView> {
    desk.trade_user()
}

#[tauri::command]
pub async fn list_trades(
    desk: State<'_, Arc<Desk>>,
    marketplace_user_id: String,
    page: u32,
    page_size: u32,
) -> Result<TradesPageView> {
    desk.list_trades(&marketplace_user_id, page, page_size).await
}

#[tauri::command]
pub async fn get_trade(desk: State<'_, Arc<Desk>>, marketplace_user_id: String, trade_id: String) -> Result<TradeView> {
    desk.get_trade(&marketplace_user_id, &trade_id).await
}

/// A marketplace user's details (connected, payout account), or none when unknown.
#[tauri::command]
pub async fn trade_user_details(
    desk: State<'_, Arc<Desk>>,
    marketplace_user_id: String,
) -> Result<crate::trades::service::TradeUserDetailsView> {
    desk.trade_user_details(&marketplace_user_id).await
}

/// Runs a trade action exactly once (journaled before the request, audited).
#[tauri::command]
pub async fn start_trade_action(desk: State<'_, Arc<Desk>>, request: TradeAction) -> Result<TradeActionOutcome> {
    desk.start_trade_action(&request).await
}
