//! The team link as IPC commands: its status, joining (the password goes to the keychain and
//! never comes back) and leaving.

use super::{JoinTeam, Team, TeamStatus};
use crate::error::AppError;
use tauri::State;

type Result<T> = std::result::Result<T, AppError>;

#[tauri::command]
pub fn team_status(team: State<'_, Team>) -> Result<TeamStatus> {
    team.team_status()
}

#[tauri::command]
pub async fn join_team(team: State<'_, Team>, input: JoinTeam) -> Result<TeamStatus> {
    team.join_team(&input).await
}

#[tauri::command]
pub fn leave_team(team: State<'_, Team>) -> Result<TeamStatus> {
    team.leave_team()
}
