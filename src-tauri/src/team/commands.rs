//! The team link as IPC commands: its status, joining (the password goes to the keychain and
//! never comes back) and leaving.

use super::{
    ApprovalCheck, ApprovalRuleInput, ApprovalRuleView, ApprovalsInbox, JoinTeam, QueueItemRef, QueueMove, Team,
    TeamPulse, TeamQueueView, TeamStanding, TeamStatus,
};
use super::{SharedFilterView, TeamAdminInput};
use crate::actions::ActionRecord;
use crate::error::AppError;
use crate::transactions::filters::TransactionFilters;
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

/// Who this desk's staff member is in the team, and what they may do.
#[tauri::command]
pub async fn team_standing(team: State<'_, Team>) -> Result<TeamStanding> {
    team.team_standing().await
}

/// Answers as soon as the team store changed (or after 25 s): the web view waits on it.
#[tauri::command]
pub async fn team_next_change(team: State<'_, Team>, after: u32) -> Result<TeamPulse> {
    Ok(team.next_change(after).await)
}

#[tauri::command]
pub async fn approvals_inbox(team: State<'_, Team>) -> Result<ApprovalsInbox> {
    team.approvals_inbox().await
}

/// What approving the action will let this desk send, from the live record.
#[tauri::command]
pub async fn approval_check(team: State<'_, Team>, id: String) -> Result<ApprovalCheck> {
    team.approval_check(&id).await
}

/// Approves (having seen `seen`) and sends the action from this desk, once.
#[tauri::command]
pub async fn approve_action(
    team: State<'_, Team>,
    id: String,
    seen: Option<String>,
    note: Option<String>,
) -> Result<ActionRecord> {
    team.approve_action(&id, seen.as_deref(), note.as_deref()).await
}

#[tauri::command]
pub async fn reject_action(team: State<'_, Team>, id: String, note: Option<String>) -> Result<ActionRecord> {
    team.reject_action(&id, note.as_deref()).await
}

#[tauri::command]
pub async fn approval_rules(team: State<'_, Team>) -> Result<Vec<ApprovalRuleView>> {
    team.approval_rules().await
}

#[tauri::command]
pub async fn save_approval_rule(team: State<'_, Team>, rule: ApprovalRuleInput) -> Result<Vec<ApprovalRuleView>> {
    team.save_approval_rule(&rule).await
}

#[tauri::command]
pub async fn remove_approval_rule(
    team: State<'_, Team>,
    service: String,
    kind: String,
    currency: String,
) -> Result<Vec<ApprovalRuleView>> {
    team.remove_approval_rule(&service, &kind, &currency).await
}

/// What the team decided about the attention items of this desk's environment.
#[tauri::command]
pub async fn team_queue(team: State<'_, Team>, environment_id: String) -> Result<TeamQueueView> {
    team.team_queue(&environment_id).await
}

/// Takes, releases, hands over, snoozes or notes attention items for the team.
#[tauri::command]
pub async fn queue_move(team: State<'_, Team>, items: Vec<QueueItemRef>, what: QueueMove) -> Result<TeamQueueView> {
    team.queue_move(&items, &what).await
}

/// The transactions list's saved filters the team shares.
#[tauri::command]
pub async fn shared_filters(team: State<'_, Team>) -> Result<Vec<SharedFilterView>> {
    team.shared_filters().await
}

#[tauri::command]
pub async fn share_filter(
    team: State<'_, Team>,
    name: String,
    search: String,
    filters: TransactionFilters,
) -> Result<Vec<SharedFilterView>> {
    team.share_filter(&name, &search, &filters).await
}

#[tauri::command]
pub async fn unshare_filter(team: State<'_, Team>, name: String) -> Result<Vec<SharedFilterView>> {
    team.unshare_filter(&name).await
}

/// An administrator's task (set up or upgrade the store, add a staff member); the answer
/// says what was done (a new staff member's password, shown once).
#[tauri::command]
pub async fn administer_team(team: State<'_, Team>, input: TeamAdminInput) -> Result<String> {
    team.administer_team(&input).await
}
