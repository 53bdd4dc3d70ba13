//! Environment profiles and their keys, as IPC commands.

use super::environments::{EnvironmentList, EnvironmentView, ProfileInput};
use crate::desk::{ConnectionCheck, Desk};
use crate::error::AppError;
use std::sync::Arc;
use tauri::State;

type Result<T> = std::result::Result<T, AppError>;

#[tauri::command]
pub fn list_environments(desk: State<'_, Arc<Desk>>) -> Result<EnvironmentList> {
    desk.list_environments()
}

#[tauri::command]
pub fn select_environment(desk: State<'_, Arc<Desk>>, id: String) -> Result<EnvironmentView> {
    desk.select_environment(&id)
}

#[tauri::command]
pub fn save_profile(desk: State<'_, Arc<Desk>>, input: ProfileInput) -> Result<EnvironmentView> {
    desk.save_profile(&input)
}

/// Write-only: stores the key in the OS keychain and returns nothing.
#[tauri::command]
pub fn set_api_key(desk: State<'_, Arc<Desk>>, profile_id: String, api_key: String) -> Result<()> {
    desk.set_api_key(&profile_id, &api_key)
}

#[tauri::command]
pub fn delete_profile(desk: State<'_, Arc<Desk>>, id: String) -> Result<()> {
    desk.delete_profile(&id)
}

#[tauri::command]
pub async fn test_connection(desk: State<'_, Arc<Desk>>, id: String) -> Result<ConnectionCheck> {
    desk.test_connection(&id).await
}

/// The staff name the audit log records next to the OS user (`None`: not set).
#[tauri::command]
pub fn staff_name(desk: State<'_, Arc<Desk>>) -> Result<Option<String>> {
    desk.staff_name()
}

/// Sets (or, with an empty name, clears) the staff name; answers what is stored.
#[tauri::command]
pub fn set_staff_name(desk: State<'_, Arc<Desk>>, name: String) -> Result<Option<String>> {
    desk.set_staff_name(&name)
}

/// Whether the desk has asked for a staff name: one was saved, or the question was put off
/// (an empty name saved). A new desk asks once, so audit rows name a person.
#[tauri::command]
pub fn staff_name_asked(desk: State<'_, Arc<Desk>>) -> Result<bool> {
    desk.staff_name_asked()
}
