//! The transactions list's saved filters shared by the team (a desk keeps its own too, in
//! its web storage): listed, saved under a name, removed. The store says who saved each and
//! refuses to replace or remove a colleague's.

use super::state::Team;
use crate::error::AppError;
use crate::transactions::filters::TransactionFilters;
use desk_team::filters;
use serde::Serialize;
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SharedFilterView {
    pub name: String,
    pub search: String,
    pub filters: TransactionFilters,
    pub saved_by: String,
    /// Saved by this staff member (theirs to replace or remove).
    pub mine: bool,
}

impl Team {
    /// The team's filters; one this version cannot read is left out.
    pub async fn shared_filters(&self) -> Result<Vec<SharedFilterView>, AppError> {
        let conn = self.connection()?;
        let me = conn.user().to_owned();
        Ok(filters::list(&conn)
            .await?
            .into_iter()
            .filter_map(|f| {
                let parsed: TransactionFilters = serde_json::from_str(&f.filters).ok()?;
                Some(SharedFilterView {
                    mine: f.saved_by == me,
                    name: f.name,
                    search: f.search,
                    filters: parsed,
                    saved_by: f.saved_by,
                })
            })
            .collect())
    }

    pub async fn share_filter(
        &self,
        name: &str,
        search: &str,
        set: &TransactionFilters,
    ) -> Result<Vec<SharedFilterView>, AppError> {
        let json = serde_json::to_string(set).map_err(AppError::storage)?;
        filters::save(&self.connection()?, name, search, &json).await?;
        self.shared_filters().await
    }

    pub async fn unshare_filter(&self, name: &str) -> Result<Vec<SharedFilterView>, AppError> {
        filters::remove(&self.connection()?, name).await?;
        self.shared_filters().await
    }
}
