//! IPC for users, the connect flow and bank accounts: thin wrappers over
//! [`crate::users::service`]. Changes of state are journaled there.

use super::actions::UserAction;
use crate::desk::Desk;
use crate::error::AppError;
use crate::journal::Outcome;
use crate::shared::views::HostedUrlView;
use crate::users::service::{
    BankAccountsView, BanksView, ConnectInput, ConnectionView, GuestInput, OnboardingView, UserPageView, UserQuery,
    UserView,
};
use std::sync::Arc;
use tauri::State;

type Result<T> = std::result::Result<T, AppError>;

#[tauri::command]
pub async fn list_users(desk: State<'_, Arc<Desk>>, query: UserQuery) -> Result<UserPageView> {
    desk.list_users(&query).await
}

#[tauri::command]
pub async fn get_user(desk: State<'_, Arc<Desk>>, service_account_id: String) -> Result<UserView> {
    desk.get_user(&service_account_id).await
}

#[tauri::command]
pub async fn start_connect(desk: State<'_, Arc<Desk>>, input: ConnectInput) -> Result<HostedUrlView> {
    desk.start_connect(&input).await
}

#[tauri::command]
pub async fn get_connection(desk: State<'_, Arc<Desk>>, reference_id: String) -> Result<ConnectionView> {
    desk.get_connection(&reference_id).await
}

#[tauri::command]
pub async fn create_guest(desk: State<'_, Arc<Desk>>, input: GuestInput) -> Result<Outcome<UserAction>> {
    desk.create_guest(&input).await
}

#[tauri::command]
pub async fn delete_connection(
    desk: State<'_, Arc<Desk>>,
    service_account_id: String,
    reference_id: String,
) -> Result<Outcome<UserAction>> {
    desk.delete_connection(&service_account_id, &reference_id).await
}

#[tauri::command]
pub async fn list_banks(desk: State<'_, Arc<Desk>>, service_account_id: String) -> Result<BanksView> {
    desk.list_banks(&service_account_id).await
}

#[tauri::command]
pub async fn list_bank_accounts(desk: State<'_, Arc<Desk>>, service_account_id: String) -> Result<BankAccountsView> {
    desk.list_bank_accounts(&service_account_id).await
}

#[tauri::command]
pub async fn start_bank_onboarding(
    desk: State<'_, Arc<Desk>>,
    service_account_id: String,
    bank_id: String,
    return_url: String,
) -> Result<HostedUrlView> {
    desk.start_bank_onboarding(&service_account_id, &bank_id, &return_url).await
}

#[tauri::command]
pub async fn bank_onboarding_result(desk: State<'_, Arc<Desk>>, service_account_id: String) -> Result<OnboardingView> {
    desk.bank_onboarding_result(&service_account_id).await
}

#[tauri::command]
pub async fn add_bank_account(
    desk: State<'_, Arc<Desk>>,
    service_account_id: String,
    bank_id: String,
    bank_account_id: String,
) -> Result<Outcome<UserAction>> {
    desk.add_bank_account(&service_account_id, &bank_id, &bank_account_id).await
}

#[tauri::command]
pub async fn set_default_bank_account(
    desk: State<'_, Arc<Desk>>,
    service_account_id: String,
    bank_id: String,
    bank_account_id: String,
) -> Result<Outcome<UserAction>> {
    desk.set_default_bank_account(&service_account_id, &bank_id, &bank_account_id).await
}

#[tauri::command]
pub async fn delete_bank_account(
    desk: State<'_, Arc<Desk>>,
    service_account_id: String,
    bank_id: String,
    bank_account_id: String,
) -> Result<Outcome<UserAction>> {
    desk.delete_bank_account(&service_account_id, &bank_id, &bank_account_id).await
}

/// The transactions where the user is payer or payee.
#[tauri::command]
pub async fn user_transactions(
    desk: State<'_, Arc<Desk>>,
    service_account_id: String,
) -> Result<super::lookup::UserTransactionsView> {
    desk.user_transactions(&service_account_id).await
}
