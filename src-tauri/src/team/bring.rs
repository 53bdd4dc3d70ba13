//! Joining brings this desk's own journal along: its open actions (as they were, with their
//! keys) and the rows of its audit chain the team does not have yet. The chain is checked
//! here first (a broken one is not brought); the team store checks it continues from where
//! its last import of this chain ended. After the import the open actions are the team's:
//! this desk's own journal closes them, saying where they went.

use super::mapped::service_name;
use crate::actions::ActionRequest;
use crate::desk::Desk;
use crate::error::AppError;
use crate::journal::{self, Action, ActionState, StoredRecord};
use desk_audit::{AuditEntry, ChainStatus};
use desk_team::Connection;
use desk_team::import::{DeskRow, Import, OpenIntent, import, last_import};

/// What was brought: rows of the chain and open actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Brought {
    pub rows: usize,
    pub open_actions: usize,
}

/// Brings the desk's open actions and its chain's new rows into the store of `conn`, then
/// closes the open actions in the desk's own journal.
pub async fn bring(desk: &Desk, conn: &Connection) -> Result<Brought, AppError> {
    let names = desk.base_urls()?;
    let team_name = |env: &str| names.iter().find(|(id, _)| id == env).map(|(_, url)| service_name(url));
    let local = desk.local_journal();
    let open = local.open().await?;
    let intents = open.iter().map(|r| open_intent(r, &team_name)).collect::<Result<Vec<_>, _>>()?;

    let check = desk.audit_trail().check(&desk.db)?;
    if check.status == ChainStatus::Broken || (check.status == ChainStatus::Unverified && check.rows > 0) {
        return Err(AppError::validation(format!(
            "This desk's audit trail does not check out ({}), so it cannot be brought into the team's. \
             Check it on the Audit log page and save it as CSV for your IT administrator before joining.",
            check.broken_at.map_or_else(|| "it could not be verified".to_owned(), |n| format!("at row {n}"))
        )));
    }
    let mut all: Vec<AuditEntry> = Vec::new();
    {
        let db = desk.db.lock()?;
        desk_audit::entry::each(&db, |r| {
            all.push(r.clone());
            true
        })?;
    }
    let chain = all.iter().rev().find_map(|r| r.key_id.clone()).unwrap_or_else(|| "unkeyed".into());
    let (from_seq, prev_link) = match last_import(conn, &chain).await? {
        Some((to_seq, head)) => (to_seq + 1, head),
        None => (all.first().map_or(1, |r| r.seq), String::new()),
    };
    let rows: Vec<&AuditEntry> = all.iter().filter(|r| r.seq >= from_seq).collect();
    if let Some(first) = rows.first()
        && !prev_link.is_empty()
        && first.prev_hash != prev_link
    {
        return Err(AppError::validation(
            "This desk's audit trail does not continue from where the team's copy of it ends: it cannot be brought in.",
        ));
    }
    if rows.is_empty() && intents.is_empty() {
        // Nothing new since the last import (or a new desk): nothing to record.
        return Ok(Brought { rows: 0, open_actions: 0 });
    }
    let head_link = rows.last().map_or_else(|| prev_link.clone(), |r| r.link().to_owned());
    let desk_rows = rows.iter().map(|r| desk_row(r, &team_name)).collect();
    let brought = Brought { rows: rows.len(), open_actions: intents.len() };
    import(conn, &Import { chain, prev_link, head_link, from_seq, rows: desk_rows, intents }).await?;
    for record in &open {
        journal::dismiss::<ActionRequest>(local.as_ref(), &record.id).await?;
    }
    Ok(brought)
}

fn open_intent(r: &StoredRecord, team_name: &impl Fn(&str) -> Option<String>) -> Result<OpenIntent, AppError> {
    let typed: ActionRequest = serde_json::from_str(&r.request).map_err(|e| {
        AppError::validation(format!("An open action of this desk cannot be read ({e}): dismiss it before joining."))
    })?;
    let environment_id = team_name(&r.environment_id).ok_or_else(|| {
        AppError::validation(format!(
            "An open action is for an environment this desk no longer has ({}): dismiss it before joining.",
            r.environment_id
        ))
    })?;
    Ok(OpenIntent {
        id: r.id.clone(),
        environment_id,
        kind: typed.kind().to_owned(),
        target: typed.target().to_owned(),
        amount: typed.amount().map(str::to_owned),
        moves_money: typed.moves_money(),
        idempotency_key: r.idempotency_key.clone(),
        request: r.request.clone(),
        state: if r.state == ActionState::Unknown { "unknown" } else { "pending" }.to_owned(),
        attempts: i32::try_from(r.attempts).unwrap_or(i32::MAX),
        correlation_id: r.correlation_id.clone(),
        message: r.message.clone(),
        batch_id: r.batch_id.clone(),
    })
}

fn desk_row(r: &AuditEntry, team_name: &impl Fn(&str) -> Option<String>) -> DeskRow {
    let original = serde_json::json!({
        "seq": r.seq, "at": r.at, "actorUser": r.actor_user, "actorHost": r.actor_host, "staffName": r.staff_name,
        "phase": r.phase, "detail": r.detail, "prevLink": r.prev_hash, "link": r.link(),
    });
    DeskRow {
        seq: r.seq,
        environment_id: team_name(&r.environment_id).unwrap_or_else(|| r.environment_id.clone()),
        action_id: Some(r.action_id.clone()).filter(|a| !a.is_empty()),
        kind: r.kind.clone(),
        target: r.target.clone(),
        amount: r.amount.clone(),
        idempotency_key: r.idempotency_key.clone(),
        correlation_id: r.correlation_id.clone(),
        outcome: r.outcome.clone(),
        original: original.to_string(),
    }
}
