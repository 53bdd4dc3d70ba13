//! A deal's page when the service cannot be reached: the mirror's copy of its list item
//! (title, parties, amount, status, dates, Auto information), marked with the mirror's time.
//! Asked for by the page only after its live read failed as unreachable (see
//! [`crate::mirror::offline`]). Never used for money: no action starts from it, and every
//! action reads the live record.

use super::Transactions;
use crate::desk::valid_id;
use crate::error::AppError;
use escrow_api::TransactionListItem;
use serde::Serialize;
use ts_rs::TS;

/// The mirror's copy of one deal, as of the mirror's time.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct OfflineTransaction {
    pub environment_id: String,
    /// The deal as the list last showed it.
    pub item: TransactionListItem,
    /// The mirror's time: the copy is the deal as of then.
    pub as_of: String,
}

impl Transactions {
    /// The mirror's copy of `id`, as of the mirror's time; `None` before the mirror's first
    /// full pass, or when it has no copy of the deal.
    pub async fn offline_transaction(&self, id: &str) -> Result<Option<OfflineTransaction>, AppError> {
        let id = valid_id(id)?.to_owned();
        let environment_id = self.desk.active_id()?;
        let env = environment_id.clone();
        let copy = self.mirror.reading(move |conn| crate::mirror::offline::deal(conn, &env, &id)).await?;
        Ok(copy.map(|(item, as_of)| OfflineTransaction { environment_id, item, as_of }))
    }

    /// Notes in the mirror's state that a live read of the active environment could not
    /// reach the service (so the mirror's status and a deal's page say offline). Best
    /// effort: the read's own error is what the caller reports.
    pub(crate) async fn note_unreachable(&self, environment_id: &str, e: &AppError) {
        if !crate::mirror::offline::unreachable(e) {
            return;
        }
        let (env, e) = (environment_id.to_owned(), e.clone());
        if let Err(failed) = self.mirror.reading(move |conn| crate::mirror::offline::note(conn, &env, &e)).await {
            tracing::warn!(code = ?failed.code, "could not note the service as unreachable: {}", failed.message);
        }
    }
}
