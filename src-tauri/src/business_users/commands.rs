//! IPC for business users: thin commands over [`super::service`].

use super::BusinessUsers;
use super::service::{BusinessUserView, BusinessUsersView};
use crate::error::AppError;
use escrow_api::trade::{CreateBusinessUser, EditBusinessUser};
use tauri::State;

type Result<T> = std::result::Result<T, AppError>;

#[tauri::command]
pub fn list_business_users(users: State<'_, BusinessUsers>) -> Result<BusinessUsersView> {
    users.list_business_users()
}

#[tauri::command]
pub async fn create_business_user(
    users: State<'_, BusinessUsers>,
    input: CreateBusinessUser,
) -> Result<BusinessUserView> {
    users.create_business_user(&input).await
}

#[tauri::command]
pub async fn edit_business_user(
    users: State<'_, BusinessUsers>,
    business_id: String,
    business_location_id: String,
    input: EditBusinessUser,
) -> Result<BusinessUserView> {
    users.edit_business_user(&business_id, &business_location_id, &input).await
}

#[tauri::command]
pub async fn lookup_business_user(
    users: State<'_, BusinessUsers>,
    business_id: String,
    business_location_id: String,
) -> Result<BusinessUserView> {
    users.lookup_business_user(&business_id, &business_location_id).await
}

#[tauri::command]
pub async fn delete_business_user(
    users: State<'_, BusinessUsers>,
    business_id: String,
    business_location_id: String,
) -> Result<()> {
    users.delete_business_user(&business_id, &business_location_id).await
}
