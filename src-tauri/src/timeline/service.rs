//! Gathers a transaction's timeline: the record (with split payouts and documents), the
//! audit rows of this environment about it, the journal's cancel reasons and, for the
//! built-in Sandbox, its webhook deliveries and the cancel reason it stored.

use super::Timeline;
use super::entry::TimelineEntry;
use super::{from_audit, from_deliveries, from_record, merge};
use crate::audit::entry::for_targets;
use crate::desk::valid_id;
use crate::error::AppError;
use crate::sandbox_inspect;
use rusqlite::params;
use serde::Serialize;
use std::collections::HashMap;
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TimelineView {
    pub environment_id: String,
    pub transaction_id: String,
    /// Newest first.
    pub entries: Vec<TimelineEntry>,
    /// Why the transaction was cancelled, as the service (built-in Sandbox) or this app's
    /// journal kept it.
    pub cancel_reason: Option<String>,
    /// Whether webhook deliveries could be included (the built-in Sandbox only).
    pub webhooks: bool,
    /// Sources that could not be read (`splitPayouts`, `documents`, `webhooks`): the
    /// timeline is shown without them and says so.
    pub missing: Vec<String>,
}

impl Timeline {
    pub async fn transaction_timeline(&self, transaction_id: &str) -> Result<TimelineView, AppError> {
        let id = valid_id(transaction_id)?.to_owned();
        let (environment_id, client) = self.desk.active_client()?;
        let tx = client.transactions().get(&id).await?;
        let mut missing = Vec::new();
        let splits = match client.split_payouts().list(&id).await {
            Ok(list) => list.items,
            Err(_) => {
                missing.push("splitPayouts".to_owned());
                Vec::new()
            }
        };
        let documents: Vec<escrow_api::Document> = match client.documents().list().await {
            Ok(list) => {
                list.documents.into_iter().filter(|d| d.transaction_id.as_deref() == Some(id.as_str())).collect()
            }
            Err(_) => {
                missing.push("documents".to_owned());
                Vec::new()
            }
        };
        let mut targets: Vec<&str> = vec![id.as_str()];
        targets.extend(documents.iter().map(|d| d.document_id.as_str()));
        let (rows, reasons) = {
            let conn = self.desk.db.lock()?;
            (for_targets(&conn, &environment_id, &targets)?, cancel_reasons(&conn, &environment_id, &id)?)
        };

        let mut cancel_reason = None;
        let mut hooks = Vec::new();
        let sandbox = self.desk.active_builtin_sandbox()?;
        if let Some(sandbox) = &sandbox {
            match sandbox_inspect::deliveries(sandbox, Some(&id)).await {
                Ok(list) => hooks = list,
                Err(_) => missing.push("webhooks".to_owned()),
            }
            cancel_reason =
                sandbox_inspect::transaction_extras(sandbox, &id).await.ok().flatten().and_then(|e| e.cancel_reason);
        }
        if cancel_reason.is_none() && tx.status == escrow_api::enums::TransactionStatus::Cancelled {
            cancel_reason = reasons.values().next().cloned();
        }

        let entries = merge::merge(vec![
            from_record::entries(&tx, &splits, &documents),
            from_audit::entries(&rows, &reasons),
            from_deliveries::entries(&hooks),
        ]);
        Ok(TimelineView {
            environment_id,
            transaction_id: id,
            entries,
            cancel_reason,
            webhooks: sandbox.is_some(),
            missing,
        })
    }
}

/// The reasons staff gave when cancelling `transaction_id` here, by action id.
fn cancel_reasons(
    conn: &rusqlite::Connection,
    environment_id: &str,
    transaction_id: &str,
) -> Result<HashMap<String, String>, AppError> {
    let mut stmt = conn
        .prepare("SELECT id, request FROM actions WHERE environment_id = ?1 AND target = ?2 AND kind = 'cancel'")
        .map_err(AppError::storage)?;
    let rows = stmt
        .query_map(params![environment_id, transaction_id], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))
        .map_err(AppError::storage)?;
    let mut out = HashMap::new();
    for row in rows {
        let (id, request) = row.map_err(AppError::storage)?;
        let reason = serde_json::from_str::<serde_json::Value>(&request)
            .ok()
            .and_then(|v| v.get("reason").and_then(|r| r.as_str()).map(str::to_owned))
            .filter(|r| !r.trim().is_empty());
        if let Some(reason) = reason {
            out.insert(id, reason);
        }
    }
    Ok(out)
}
