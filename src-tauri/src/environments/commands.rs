//! Environment profiles and their keys, and the staff name, as IPC commands.

use super::Environments;
use crate::desk::ConnectionCheck;
use crate::error::AppError;
use crate::settings::environments::{EnvironmentList, EnvironmentView, ProfileInput};
use tauri::State;

type Result<T> = std::result::Result<T, AppError>;

#[tauri::command]
pub fn list_environments(environments: State<'_, Environments>) -> Result<EnvironmentList> {
    environments.desk.list_environments()
}

#[tauri::command]
pub fn select_environment(environments: State<'_, Environments>, id: String) -> Result<EnvironmentView> {
    environments.desk.select_environment(&id)
}

#[tauri::command]
pub fn save_profile(environments: State<'_, Environments>, input: ProfileInput) -> Result<EnvironmentView> {
    environments.desk.save_profile(&input)
}

/// Write-only: stores the key in the OS keychain and returns nothing.
#[tauri::command]
pub fn set_api_key(environments: State<'_, Environments>, profile_id: String, api_key: String) -> Result<()> {
    environments.set_api_key(&profile_id, &api_key)
}

#[tauri::command]
pub fn delete_profile(environments: State<'_, Environments>, id: String) -> Result<()> {
    environments.delete_profile(&id)
}

#[tauri::command]
pub async fn test_connection(environments: State<'_, Environments>, id: String) -> Result<ConnectionCheck> {
    environments.desk.test_connection(&id).await
}

/// The staff name the audit log records next to the OS user (`None`: not set).
#[tauri::command]
pub fn staff_name(environments: State<'_, Environments>) -> Result<Option<String>> {
    environments.staff_name()
}

/// Sets (or, with an empty name, clears) the staff name; answers what is stored.
#[tauri::command]
pub fn set_staff_name(environments: State<'_, Environments>, name: String) -> Result<Option<String>> {
    environments.set_staff_name(&name)
}

/// Whether the desk has asked for a staff name: one was saved, or the question was put off
/// (an empty name saved). A new desk asks once, so audit rows name a person.
#[tauri::command]
pub fn staff_name_asked(environments: State<'_, Environments>) -> Result<bool> {
    environments.staff_name_asked()
}

/// The network settings: proxy and extra CA certificate file (never the proxy's password).
#[tauri::command]
pub fn network_settings(environments: State<'_, Environments>) -> Result<crate::settings::network::NetworkSettings> {
    environments.desk.network_settings()
}

/// Stores the network settings (the password in the OS keychain).
#[tauri::command]
pub fn save_network_settings(
    environments: State<'_, Environments>,
    input: crate::settings::network::NetworkInput,
) -> Result<crate::settings::network::NetworkSettings> {
    environments.desk.save_network_settings(&input)
}
