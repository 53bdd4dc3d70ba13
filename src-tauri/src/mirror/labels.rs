//! Names for transaction ids: the title and reference the mirror last saw, so the audit
//! log (and anything else that keeps ids) can show what a row is about, the id one click
//! away. Ids the mirror has not seen get no label.

use super::MirrorService;
use crate::error::AppError;
use rusqlite::params;
use serde::Serialize;
use ts_rs::TS;

/// At most this many ids per call (one audit page).
pub const MAX_IDS: usize = 500;

/// What a transaction id is, as the mirror knows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TransactionLabel {
    pub environment_id: String,
    pub transaction_id: String,
    pub title: Option<String>,
    pub reference_id: Option<String>,
    /// The deal's currency (the audit log's amounts are said with it).
    pub currency: String,
}

impl MirrorService {
    /// Labels of `ids` in every environment's mirror (duplicates and unknown ids skipped).
    pub fn transaction_labels(&self, ids: &[String]) -> Result<Vec<TransactionLabel>, AppError> {
        if ids.len() > MAX_IDS {
            return Err(AppError::validation(format!("At most {MAX_IDS} ids at once.")));
        }
        let conn = self.desk.db.lock()?;
        let mut stmt = conn
            .prepare(
                "SELECT environment_id, transaction_id, title, reference_id, currency FROM mirror_rows WHERE transaction_id = ?1",
            )
            .map_err(AppError::storage)?;
        let mut out = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for id in ids.iter().map(|s| s.trim()).filter(|s| !s.is_empty() && s.len() <= 100) {
            if !seen.insert(id.to_owned()) {
                continue;
            }
            let rows = stmt
                .query_map(params![id], |r| {
                    Ok(TransactionLabel {
                        environment_id: r.get(0)?,
                        transaction_id: r.get(1)?,
                        title: r.get(2)?,
                        reference_id: r.get(3)?,
                        currency: r.get(4)?,
                    })
                })
                .map_err(AppError::storage)?;
            for row in rows {
                out.push(row.map_err(AppError::storage)?);
            }
        }
        Ok(out)
    }
}
