//! The administrator's tasks from a desk (Environments → Team): set up or upgrade a team
//! store, add a staff member. The same as `escrow-desk team init|add-staff`; the
//! administrator's password is used for the one task and kept nowhere.

use super::state::Team;
use crate::error::AppError;
use desk_team::admin::{Task, administer};
use desk_team::{Group, TeamConfig, Tls};
use serde::Deserialize;
use ts_rs::TS;

/// What the administrator asks, as whom.
#[derive(Clone, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TeamAdminInput {
    pub url: String,
    /// A PostgreSQL role that may create roles and schemas (a superuser, or a managed
    /// server's admin role).
    pub admin: String,
    pub password: String,
    pub ca_file: Option<String>,
    pub task: TeamTask,
}

/// Never prints the password.
impl std::fmt::Debug for TeamAdminInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TeamAdminInput").field("url", &self.url).field("admin", &self.admin).finish_non_exhaustive()
    }
}

#[derive(Debug, Clone, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum TeamTask {
    /// Create or upgrade the schema and the group roles.
    Init,
    /// A staff member's login: `group` is `viewer`, `operator`, `approver` or `admin`.
    AddStaff { name: String, group: String },
}

impl Team {
    /// Does the administrator's task; answers what to tell them (a new staff member's
    /// password among it, shown once).
    pub async fn administer_team(&self, input: &TeamAdminInput) -> Result<String, AppError> {
        if input.url.trim().is_empty() || input.admin.trim().is_empty() || input.password.is_empty() {
            return Err(AppError::validation(
                "The store's address, the administrator's login and password are needed.",
            ));
        }
        crate::support::redact::register(&input.password);
        let task = match &input.task {
            TeamTask::Init => Task::Init,
            TeamTask::AddStaff { name, group } => {
                Task::AddStaff { name: name.trim().to_owned(), group: group_of(group)? }
            }
        };
        let ca = input.ca_file.as_deref().map(str::trim).filter(|f| !f.is_empty());
        let config = TeamConfig {
            url: input.url.trim().to_owned(),
            user: input.admin.trim().to_owned(),
            password: input.password.clone(),
            tls: ca.map_or(Tls::SystemRoots, |f| Tls::CaFile(f.into())),
        };
        let said = administer(&config, &task).await?;
        tracing::info!(url = %config.url, admin = %config.user, task = ?task, "team store administered");
        Ok(said)
    }
}

fn group_of(name: &str) -> Result<Group, AppError> {
    Group::parse(name)
        .ok_or_else(|| AppError::validation(format!("{name} is not a group: viewer, operator, approver or admin.")))
}
