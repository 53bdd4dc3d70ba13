//! Staff members: a PostgreSQL login role each, a member of one group.

use crate::errors::from_postgres;
use desk_core::error::{AppError, ErrorCode};
use tokio_postgres::Client;

/// What a staff member may do in the team store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Group {
    Viewer,
    Operator,
    Approver,
    Admin,
}

impl Group {
    pub fn role(self) -> &'static str {
        crate::init::GROUP_ROLES[self as usize]
    }

    /// A group by the name staff and administrators use (`viewer`, `operator`, `approver`, `admin`).
    pub fn parse(name: &str) -> Option<Self> {
        match name {
            "viewer" => Some(Self::Viewer),
            "operator" => Some(Self::Operator),
            "approver" => Some(Self::Approver),
            "admin" => Some(Self::Admin),
            _ => None,
        }
    }
}

/// Creates the login role `name` with `password` in `group` (as an administrator). Names
/// and password are quoted by the server (`format('%I', …)`, `%L`), never pasted into SQL.
pub async fn add_staff(admin: &Client, name: &str, password: &str, group: Group) -> Result<(), AppError> {
    if name.is_empty() || name.len() > 63 {
        return Err(AppError::new(ErrorCode::Validation, "A staff member's name is 1 to 63 characters."));
    }
    let row = admin
        .query_one(
            "SELECT format('CREATE ROLE %I LOGIN PASSWORD %L IN ROLE %I', $1::text, $2::text, $3::text)",
            &[&name, &password, &group.role()],
        )
        .await
        .map_err(from_postgres)?;
    let statement: String = row.get(0);
    admin.batch_execute(&statement).await.map_err(from_postgres)
}
