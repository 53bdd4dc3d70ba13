//! IPC for users, the connect flow and bank accounts: thin wrappers over
//! [`crate::users::service`]. Changes of state are journaled there.

use super::Users;
use super::actions::UserAction;
use crate::error::AppError;
use crate::journal::Outcome;
use crate::shared::views::HostedUrlView;
use crate::users::service::{
    BankAccountsView, BanksView, ConnectInput, ConnectionView, GuestInput, OnboardingView, UserPageView, UserQuery,
    UserView,
};
use tauri::State;

type Result<T> = std::result::Result<T, AppError>;

#[tauri::command]
pub async fn list_users(users: State<'_, Users>, query: UserQuery) -> Result<UserPageView> {
    users.list_users(&query).await
}

#[tauri::command]
pub async fn get_user(users: State<'_, Users>, service_account_id: String) -> Result<UserView> {
    users.get_user(&service_account_id).await
}

#[tauri::command]
pub async fn start_connect(users: State<'_, Users>, input: ConnectInput) -> Result<HostedUrlView> {
    users.start_connect(&input).await
}

#[tauri::command]
pub async fn get_connection(users: State<'_, Users>, reference_id: String) -> Result<ConnectionView> {
    users.get_connection(&reference_id).await
}

#[tauri::command]
pub async fn create_guest(users: State<'_, Users>, input: GuestInput) -> Result<Outcome<UserAction>> {
    users.create_guest(&input).await
}

#[tauri::command]
pub async fn delete_connection(
    users: State<'_, Users>,
    service_account_id: String,
    reference_id: String,
) -> Result<Outcome<UserAction>> {
    users.delete_connection(&service_account_id, &reference_id).await
}

#[tauri::command]
pub async fn list_banks(users: State<'_, Users>, service_account_id: String) -> Result<BanksView> {
    users.list_banks(&service_account_id).await
}

#[tauri::command]
pub async fn list_bank_accounts(users: State<'_, Users>, service_account_id: String) -> Result<BankAccountsView> {
    users.list_bank_accounts(&service_account_id).await
}

#[tauri::command]
pub async fn start_bank_onboarding(
    users: State<'_, Users>,
    service_account_id: String,
    bank_id: String,
    return_url: String,
) -> Result<HostedUrlView> {
    users.start_bank_onboarding(&service_account_id, &bank_id, &return_url).await
}

#[tauri::command]
pub async fn bank_onboarding_result(users: State<'_, Users>, service_account_id: String) -> Result<OnboardingView> {
    users.bank_onboarding_result(&service_account_id).await
}

#[tauri::command]
pub async fn add_bank_account(
    users: State<'_, Users>,
    service_account_id: String,
    bank_id: String,
    bank_account_id: String,
) -> Result<Outcome<UserAction>> {
    users.add_bank_account(&service_account_id, &bank_id, &bank_account_id).await
}

#[tauri::command]
pub async fn set_default_bank_account(
    users: State<'_, Users>,
    service_account_id: String,
    bank_id: String,
    bank_account_id: String,
) -> Result<Outcome<UserAction>> {
    users.set_default_bank_account(&service_account_id, &bank_id, &bank_account_id).await
}

#[tauri::command]
pub async fn delete_bank_account(
    users: State<'_, Users>,
    service_account_id: String,
    bank_id: String,
    bank_account_id: String,
) -> Result<Outcome<UserAction>> {
    users.delete_bank_account(&service_account_id, &bank_id, &bank_account_id).await
}

/// The transactions where the user is payer or payee.
#[tauri::command]
pub async fn user_transactions(
    users: State<'_, Users>,
    service_account_id: String,
) -> Result<super::lookup::UserTransactionsView> {
    users.user_transactions(&service_account_id).await
}
