//! IPC for the Auto modules: thin wrappers over [`super::service`].

use super::actions::AutoAction;
use super::service::{BillOfSaleInput, DebtInput};
use crate::desk::Desk;
use crate::error::AppError;
use crate::journal::Outcome;
use crate::shared::views::HostedUrlView;
use std::sync::Arc;
use tauri::State;

type Result<T> = std::result::Result<T, AppError>;

#[tauri::command]
pub async fn set_bill_of_sale(desk: State<'_, Arc<Desk>>, input: BillOfSaleInput) -> Result<Outcome<AutoAction>> {
    desk.set_bill_of_sale(&input).await
}

#[tauri::command]
pub async fn add_debt_information(desk: State<'_, Arc<Desk>>, input: DebtInput) -> Result<Outcome<AutoAction>> {
    desk.add_debt_information(&input).await
}

#[tauri::command]
pub async fn debt_download_link(desk: State<'_, Arc<Desk>>, transaction_id: String) -> Result<HostedUrlView> {
    desk.debt_download_link(&transaction_id).await
}
