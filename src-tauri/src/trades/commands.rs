//! IPC for trades: thin commands over [`crate::trades::service`].

use super::Trades;
use super::actions::TradeAction;
use crate::error::AppError;
use crate::trades::service::{TradeActionOutcome, TradeUserView, TradeView, TradesPageView};
use tauri::State;

type Result<T> = std::result::Result<T, AppError>;

#[tauri::command]
pub fn trade_user(trades: State<'_, Trades>) -> Result<TradeUserView> {
    trades.trade_user()
}

#[tauri::command]
pub async fn list_trades(
    trades: State<'_, Trades>,
    marketplace_user_id: String,
    page: u32,
    page_size: u32,
) -> Result<TradesPageView> {
    trades.list_trades(&marketplace_user_id, page, page_size).await
}

#[tauri::command]
pub async fn get_trade(trades: State<'_, Trades>, marketplace_user_id: String, trade_id: String) -> Result<TradeView> {
    trades.get_trade(&marketplace_user_id, &trade_id).await
}

/// A marketplace user's details (connected, payout account), or none when unknown.
#[tauri::command]
pub async fn trade_user_details(
    trades: State<'_, Trades>,
    marketplace_user_id: String,
) -> Result<crate::trades::service::TradeUserDetailsView> {
    trades.trade_user_details(&marketplace_user_id).await
}

/// Runs a trade action exactly once (journaled before the request, audited).
#[tauri::command]
pub async fn start_trade_action(trades: State<'_, Trades>, request: TradeAction) -> Result<TradeActionOutcome> {
    trades.start_trade_action(&request).await
}
