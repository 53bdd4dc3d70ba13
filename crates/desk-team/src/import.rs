//! What a desk brings when it joins: its open actions, as they were (state, attempts, key),
//! and the rows of its own audit chain the team does not have yet, copied after the desk has
//! checked them, in one transaction with a record of the import. The database refuses an
//! import that does not continue the chain from where its last one ended, and an open money
//! move a colleague has open too.

use crate::connect::Connection;
use crate::errors::{from_postgres, gone, is_taken};
use desk_core::error::{AppError, ErrorCode};

/// An open action of the desk's own journal.
#[derive(Debug, Clone)]
pub struct OpenIntent {
    pub id: String,
    /// The team's name of its environment.
    pub environment_id: String,
    pub kind: String,
    pub target: String,
    pub amount: Option<String>,
    pub moves_money: bool,
    pub idempotency_key: String,
    pub request: String,
    /// `pending` or `unknown`.
    pub state: String,
    pub attempts: i32,
    pub correlation_id: Option<String>,
    pub message: Option<String>,
    pub batch_id: Option<String>,
}

/// One row of the desk's chain, as the team keeps its copy.
#[derive(Debug, Clone)]
pub struct DeskRow {
    pub seq: i64,
    pub environment_id: String,
    pub action_id: Option<String>,
    pub kind: String,
    pub target: String,
    pub amount: Option<String>,
    pub idempotency_key: Option<String>,
    pub correlation_id: Option<String>,
    pub outcome: String,
    /// The original row's own fields (time, actor, phase, detail, link) as JSON.
    pub original: String,
}

/// One import: the chain's name, the link before its first row (`""` when the chain starts
/// there) and of its last, the rows and the open actions.
#[derive(Debug, Clone)]
pub struct Import {
    pub chain: String,
    pub prev_link: String,
    pub head_link: String,
    pub from_seq: i64,
    pub rows: Vec<DeskRow>,
    pub intents: Vec<OpenIntent>,
}

/// Where the team's copy of `chain` ends: the last desk row brought and its link.
pub async fn last_import(conn: &Connection, chain: &str) -> Result<Option<(i64, String)>, AppError> {
    let guard = conn.client().await?;
    let row = guard
        .as_ref()
        .ok_or_else(gone)?
        .query_opt("SELECT to_seq, head_link FROM escrow.imports WHERE chain = $1 ORDER BY id DESC LIMIT 1", &[&chain])
        .await
        .map_err(from_postgres)?;
    Ok(row.map(|r| (r.get(0), r.get(1))))
}

/// Brings `import` into the team store, all or nothing.
pub async fn import(conn: &Connection, import: &Import) -> Result<(), AppError> {
    let mut guard = conn.client().await?;
    let client = guard.as_mut().ok_or_else(gone)?;
    let tx = client.transaction().await.map_err(from_postgres)?;
    for i in &import.intents {
        let brought = tx
            .execute(
                "SELECT escrow.import_intent($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
                &[
                    &i.id,
                    &i.environment_id,
                    &i.kind,
                    &i.target,
                    &i.amount,
                    &i.moves_money,
                    &i.idempotency_key,
                    &i.request,
                    &i.state,
                    &i.attempts,
                    &i.correlation_id,
                    &i.message,
                    &i.batch_id,
                ],
            )
            .await;
        match brought {
            Ok(_) => {}
            Err(e) if is_taken(&e) => {
                return Err(AppError::new(
                    ErrorCode::InProgress,
                    format!(
                        "A colleague has the same money move open on {} ({}): finish or dismiss this desk's first.",
                        i.target, i.kind
                    ),
                ));
            }
            Err(e) => return Err(from_postgres(e)),
        }
    }
    let to_seq = import.rows.last().map_or(import.from_seq - 1, |r| r.seq);
    for r in &import.rows {
        tx.execute(
            "INSERT INTO escrow.audit (environment_id, action_id, kind, target, amount, idempotency_key, \
             correlation_id, phase, outcome, detail) \
             VALUES ($1, CASE WHEN $2 ~ '^[0-9a-fA-F-]{36}$' THEN $2::uuid END, $3, $4, $5, $6, $7, 'imported', $8, $9)",
            &[
                &r.environment_id,
                &r.action_id.clone().unwrap_or_default(),
                &r.kind,
                &r.target,
                &r.amount,
                &r.idempotency_key,
                &r.correlation_id,
                &r.outcome,
                &r.original,
            ],
        )
        .await
        .map_err(from_postgres)?;
    }
    let open = i32::try_from(import.intents.len()).unwrap_or(i32::MAX);
    tx.execute(
        "INSERT INTO escrow.imports (chain, from_seq, to_seq, prev_link, head_link, open_actions) \
         VALUES ($1, $2, $3, $4, $5, $6)",
        &[&import.chain, &import.from_seq, &to_seq, &import.prev_link, &import.head_link, &open],
    )
    .await
    .map_err(from_postgres)?;
    let summary = format!(
        "desk chain {}: rows {}..{} checked on the desk, continuing from {} to {}; {} open action(s)",
        import.chain,
        import.from_seq,
        to_seq,
        if import.prev_link.is_empty() { "its start" } else { &import.prev_link },
        import.head_link,
        open
    );
    tx.execute(
        "INSERT INTO escrow.audit (environment_id, kind, target, phase, outcome, detail) \
         VALUES ('', 'join', $1, 'import', 'chain', $2)",
        &[&import.chain, &summary],
    )
    .await
    .map_err(from_postgres)?;
    tx.commit().await.map_err(from_postgres)
}
