//! IPC for the Auto modules: thin wrappers over [`super::service`].

use super::Auto;
use super::actions::AutoAction;
use super::service::{BillOfSaleInput, DebtInput};
use crate::error::AppError;
use crate::journal::Outcome;
use crate::shared::views::HostedUrlView;
use tauri::State;

type Result<T> = std::result::Result<T, AppError>;

#[tauri::command]
pub async fn set_bill_of_sale(auto: State<'_, Auto>, input: BillOfSaleInput) -> Result<Outcome<AutoAction>> {
    auto.set_bill_of_sale(&input).await
}

#[tauri::command]
pub async fn add_debt_information(auto: State<'_, Auto>, input: DebtInput) -> Result<Outcome<AutoAction>> {
    auto.add_debt_information(&input).await
}

#[tauri::command]
pub async fn debt_download_link(auto: State<'_, Auto>, transaction_id: String) -> Result<HostedUrlView> {
    auto.debt_download_link(&transaction_id).await
}
