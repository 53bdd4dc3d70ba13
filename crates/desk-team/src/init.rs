//! `escrow-desk team init`: makes or upgrades the team schema, connected as an
//! administrator of the PostgreSQL server (a superuser, or a managed server's admin role
//! with CREATEROLE).
//!
//! The schema belongs to `escrow_owner`, a role no one logs in as: the administrator takes
//! it on only here. Every desk logs in as a staff member's own role, a member of one group.

use crate::errors::from_postgres;
use crate::migrations;
use desk_core::error::AppError;
use tokio_postgres::Client;

pub const SCHEMA: &str = "escrow";
pub const OWNER_ROLE: &str = "escrow_owner";
/// Each group is a member of the one before it: an operator can do what a viewer can.
pub const GROUP_ROLES: [&str; 4] = ["escrow_viewer", "escrow_operator", "escrow_approver", "escrow_admin"];

/// What `team init` did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InitReport {
    /// Steps applied now (none: the schema was up to date).
    pub applied: Vec<i32>,
    /// The schema's step after it.
    pub version: i32,
}

/// Creates the roles and the schema when missing and applies the schema's missing steps.
/// Safe to run again, and at the same time from two places.
pub async fn init(admin: &mut Client) -> Result<InitReport, AppError> {
    let mut roles = format!("CREATE ROLE {OWNER_ROLE} NOLOGIN;");
    for (i, group) in GROUP_ROLES.iter().enumerate() {
        roles.push_str(&format!(" CREATE ROLE {group} NOLOGIN;"));
        if i > 0 {
            roles.push_str(&format!(" GRANT {} TO {group};", GROUP_ROLES[i - 1]));
        }
    }
    // Roles are the server's, not the database's: a second team database finds them made,
    // or, when its init makes them at the same moment, waits for that one and finds them then
    // (an advisory lock is the database's own, so it does not serialise those two).
    let make_roles = format!(
        "DO $$ BEGIN
             IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{OWNER_ROLE}') THEN {roles} END IF;
         EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
         END $$;
         GRANT {OWNER_ROLE} TO CURRENT_USER;
         CREATE SCHEMA IF NOT EXISTS {SCHEMA} AUTHORIZATION {OWNER_ROLE};"
    );
    // Serialises two `team init` of one database.
    let tx = admin.transaction().await.map_err(from_postgres)?;
    tx.batch_execute("SELECT pg_advisory_xact_lock(7301, 0)").await.map_err(from_postgres)?;
    tx.batch_execute(&make_roles).await.map_err(from_postgres)?;
    tx.commit().await.map_err(from_postgres)?;

    admin.batch_execute(&format!("SET ROLE {OWNER_ROLE}")).await.map_err(from_postgres)?;
    let applied = migrations::apply(admin).await;
    if applied.is_ok() {
        // A desk checks the schema's step before it joins.
        admin
            .batch_execute(&format!("GRANT SELECT ON {SCHEMA}.schema_migrations TO {}", GROUP_ROLES[0]))
            .await
            .map_err(from_postgres)?;
    }
    admin.batch_execute("RESET ROLE").await.map_err(from_postgres)?;
    Ok(InitReport { applied: applied?, version: migrations::latest() })
}

/// The schema step a team store is at (0: none), as a desk logged in as staff reads it.
pub async fn schema_of(conn: &crate::connect::Connection) -> Result<i32, AppError> {
    let guard = conn.client().await?;
    let client = guard.as_ref().ok_or_else(crate::errors::gone)?;
    let row = client
        .query_one(&format!("SELECT coalesce(max(version), 0) FROM {SCHEMA}.schema_migrations"), &[])
        .await
        .map_err(from_postgres)?;
    Ok(row.get(0))
}
