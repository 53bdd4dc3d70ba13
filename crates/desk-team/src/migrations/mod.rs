//! The team store's schema, in numbered steps applied once each and in order. A step is
//! one SQL file, run in one transaction with its row in `escrow.schema_migrations`, so a
//! failed step leaves the schema as it was. A step is never edited once released: a
//! change is a new step.

use crate::errors::from_postgres;
use desk_core::error::{AppError, ErrorCode};
use tokio_postgres::Client;

/// Every step: number, name, SQL.
pub(crate) const STEPS: &[(i32, &str, &str)] = &[
    (1, "journal and audit", include_str!("0001_journal_and_audit.sql")),
    (2, "four-eyes", include_str!("0002_four_eyes.sql")),
    (3, "changes notified", include_str!("0003_notify.sql")),
    (4, "leases", include_str!("0004_lease.sql")),
    (5, "the queue worked together", include_str!("0005_queue.sql")),
    (6, "a joining desk brings its open actions and chain", include_str!("0006_import.sql")),
    (7, "saved filters shared", include_str!("0007_shared_filters.sql")),
];

/// Applies the steps the database lacks, as the role the caller has set (the schema's
/// owner). Answers the numbers applied now.
pub(crate) async fn apply(client: &mut Client) -> Result<Vec<i32>, AppError> {
    client
        .batch_execute(
            "CREATE TABLE IF NOT EXISTS escrow.schema_migrations (
                 version integer PRIMARY KEY,
                 name text NOT NULL,
                 applied timestamptz NOT NULL DEFAULT now(),
                 applied_by name NOT NULL DEFAULT session_user)",
        )
        .await
        .map_err(from_postgres)?;
    let mut applied = Vec::new();
    for &(version, name, sql) in STEPS {
        let tx = client.transaction().await.map_err(from_postgres)?;
        // Two `team init` at once: the second waits here, then finds the step done.
        tx.batch_execute("LOCK TABLE escrow.schema_migrations IN EXCLUSIVE MODE").await.map_err(from_postgres)?;
        let done = tx
            .query_opt("SELECT 1 FROM escrow.schema_migrations WHERE version = $1", &[&version])
            .await
            .map_err(from_postgres)?
            .is_some();
        if done {
            continue;
        }
        tx.batch_execute(sql).await.map_err(|e| {
            let e = from_postgres(e);
            AppError::new(
                ErrorCode::Storage,
                format!("Step {version} ({name}) of the team schema failed: {}", e.message),
            )
        })?;
        tx.execute("INSERT INTO escrow.schema_migrations (version, name) VALUES ($1, $2)", &[&version, &name])
            .await
            .map_err(from_postgres)?;
        tx.commit().await.map_err(from_postgres)?;
        applied.push(version);
    }
    Ok(applied)
}

/// The newest step this build knows.
pub(crate) fn latest() -> i32 {
    STEPS.last().map_or(0, |s| s.0)
}
