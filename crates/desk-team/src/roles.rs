//! What the staff member a desk logs in as may do, as the database's grants decide it: the
//! desk asks so it can hide what the person cannot do; the grants refuse it anyway.

use crate::connect::Connection;
use crate::errors::{from_postgres, gone};
use crate::staff::Group;
use desk_core::error::AppError;

/// The login and its highest group (`None`: in no group of this team).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    pub login: String,
    pub group: Option<Group>,
}

/// The standing of the staff member `conn` logs in as.
pub async fn standing(conn: &Connection) -> Result<Standing, AppError> {
    let guard = conn.client().await?;
    let client = guard.as_ref().ok_or_else(gone)?;
    let row = client
        .query_one(
            "SELECT session_user::text, pg_has_role(session_user, 'escrow_viewer', 'USAGE'), \
             pg_has_role(session_user, 'escrow_operator', 'USAGE'), \
             pg_has_role(session_user, 'escrow_approver', 'USAGE'), \
             pg_has_role(session_user, 'escrow_admin', 'USAGE')",
            &[],
        )
        .await
        .map_err(from_postgres)?;
    let groups = [Group::Viewer, Group::Operator, Group::Approver, Group::Admin];
    let group = (1..=4).rev().find(|i| row.get::<_, bool>(*i)).map(|i| groups[i - 1]);
    Ok(Standing { login: row.get(0), group })
}
