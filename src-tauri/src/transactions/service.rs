//! Browsing transactions: pages with search and filters, the detail, split payouts, and
//! the CSV export.

use super::actions::TransactionAction;
use super::create::NewTransactionInput;
use crate::desk::{Desk, valid_id};
use crate::error::{AppError, ErrorCode};
use crate::journal::Outcome;
use crate::transactions::filters::{Cached, TransactionFilters};
use escrow_api::{Client, ListTransactions};
use escrow_api::{Transaction, TransactionListItem};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A page query from the UI.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TransactionQuery {
    pub search: Option<String>,
    pub skip: u32,
    pub take: u32,
    /// Status, type, currency and date filters (applied by the desk; see [`crate::transactions::filters`]).
    #[serde(default)]
    pub filters: Option<TransactionFilters>,
    /// Only the transaction with this reference id (the service's `ReferenceId`, exact).
    #[serde(default)]
    #[ts(optional)]
    pub reference_id: Option<String>,
}

/// A page, tagged with the environment it came from so the UI never mixes two.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TransactionPageView {
    pub environment_id: String,
    pub count: i32,
    pub items: Vec<TransactionListItem>,
    /// Set when the service could not be reached and this page is the local mirror's
    /// last known state, as of this time.
    pub offline_as_of: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TransactionView {
    pub environment_id: String,
    pub transaction: Transaction,
}

/// Split payouts of a transaction, tagged with their environment.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SplitPayoutsView {
    pub environment_id: String,
    pub items: Vec<escrow_api::SplitPayout>,
}

impl Desk {
    pub async fn list_transactions(&self, q: &TransactionQuery) -> Result<TransactionPageView, AppError> {
        if q.take == 0 || q.take > escrow_api::transactions::MAX_TAKE {
            return Err(AppError::validation("take must be 1 to 100"));
        }
        if q.search.as_ref().is_some_and(|s| s.len() > 200) {
            return Err(AppError::validation("The search text is too long (200 characters at most)."));
        }
        if q.reference_id.as_ref().is_some_and(|r| r.len() > 200 || r.chars().any(char::is_control)) {
            return Err(AppError::validation("A reference id is at most 200 visible characters."));
        }
        let (environment_id, client) = self.active_client()?;
        let live = self.live_page(&environment_id, client, q).await;
        match live {
            Err(e) if matches!(e.code, ErrorCode::Network | ErrorCode::Timeout) => {
                self.mirror_page(&environment_id, q)?.ok_or(e)
            }
            other => other,
        }
    }

    /// The page from the service itself.
    async fn live_page(
        &self,
        environment_id: &str,
        client: Client,
        q: &TransactionQuery,
    ) -> Result<TransactionPageView, AppError> {
        let environment_id = environment_id.to_owned();
        if let Some(filters) = q.filters.as_ref().filter(|f| !f.is_empty()) {
            return self.filtered_page(environment_id, client, q, filters).await;
        }
        let page = client
            .transactions()
            .list(&ListTransactions {
                skip: Some(q.skip),
                take: Some(q.take),
                search: q.search.clone(),
                reference_id: reference_id(q),
            })
            .await?;
        Ok(TransactionPageView { environment_id, count: page.count, items: page.items, offline_as_of: None })
    }

    /// The page from the mirror's last known state, when it has one.
    fn mirror_page(&self, environment_id: &str, q: &TransactionQuery) -> Result<Option<TransactionPageView>, AppError> {
        let conn = self.mirror.lock()?;
        let state = crate::mirror::store::state(&conn, environment_id)?;
        let Some(as_of) = state.refreshed_at.filter(|_| state.full_at.is_some()) else { return Ok(None) };
        let filters = q.filters.clone().unwrap_or_default();
        let (items, count) =
            crate::mirror::list::page(&conn, environment_id, q.search.as_deref(), &filters, None, q.skip, q.take)?;
        crate::mirror::store::record_error(&conn, environment_id, "network", "The service could not be reached.")?;
        Ok(Some(TransactionPageView {
            environment_id: environment_id.to_owned(),
            count: i32::try_from(count).unwrap_or(i32::MAX),
            items,
            offline_as_of: Some(as_of),
        }))
    }

    /// Sets where CSV exports go (the app passes the Downloads folder).
    pub fn with_export_dir(mut self, dir: std::path::PathBuf) -> Self {
        self.export_dir = dir;
        self
    }

    /// Where exports are written (the user's Downloads folder in the app).
    pub fn export_dir(&self) -> &std::path::Path {
        &self.export_dir
    }

    /// Starts a CSV export of every transaction matching the search and filters.
    pub fn start_export(
        &self,
        request: &crate::transactions::export::ExportRequest,
    ) -> Result<crate::transactions::export::ExportStatus, AppError> {
        let (environment_id, client) = self.active_client()?;
        self.exports.start(client, environment_id, request, &self.export_dir)
    }

    pub fn export_status(&self, id: &str) -> Result<crate::transactions::export::ExportStatus, AppError> {
        self.exports.status(id)
    }

    pub fn cancel_export(&self, id: &str) -> Result<crate::transactions::export::ExportStatus, AppError> {
        self.exports.cancel(id)
    }

    /// Reads every match of the search (export stream), filters, caches and pages.
    async fn filtered_page(
        &self,
        environment_id: String,
        client: Client,
        q: &TransactionQuery,
        filters: &TransactionFilters,
    ) -> Result<TransactionPageView, AppError> {
        let checked = filters.check()?;
        let search = q.search.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned);
        // The cache key's text part holds the reference id too (a separator no search can hold).
        let cached_text = match reference_id(q) {
            Some(r) => Some(format!("{}\u{1f}ReferenceId={r}", search.as_deref().unwrap_or_default())),
            None => search.clone(),
        };
        let key = (environment_id.clone(), cached_text, filters.clone());
        let cached =
            self.filtered.lock().ok().and_then(|c| c.as_ref().filter(|c| c.fresh_for(&key)).map(|c| c.items.clone()));
        let items = match cached {
            Some(items) => items,
            None => {
                use futures::StreamExt;
                let query = ListTransactions { search, reference_id: reference_id(q), ..Default::default() };
                let mut stream = Box::pin(client.transactions().export(&query, Default::default(), |_| {}));
                let mut kept = Vec::new();
                while let Some(item) = stream.next().await {
                    let item = item?;
                    if checked.matches(&item) {
                        kept.push(item);
                    }
                }
                let items = std::sync::Arc::new(kept);
                if let Ok(mut slot) = self.filtered.lock() {
                    *slot = Some(Cached { key, at: std::time::Instant::now(), items: items.clone() });
                }
                items
            }
        };
        let start = (q.skip as usize).min(items.len());
        let end = (start + q.take as usize).min(items.len());
        Ok(TransactionPageView {
            environment_id,
            count: i32::try_from(items.len()).unwrap_or(i32::MAX),
            items: items[start..end].to_vec(),
            offline_as_of: None,
        })
    }

    pub async fn get_transaction(&self, id: &str) -> Result<TransactionView, AppError> {
        let id = id.trim();
        if id.is_empty() || id.len() > 100 {
            return Err(AppError::validation("A transaction id is 1 to 100 characters."));
        }
        let (environment_id, client) = self.active_client()?;
        let transaction = client.transactions().get(id).await?;
        Ok(TransactionView { environment_id, transaction })
    }

    pub async fn list_split_payouts(&self, transaction_id: &str) -> Result<SplitPayoutsView, AppError> {
        let (environment_id, client) = self.active_client()?;
        let items = client.split_payouts().list(valid_id(transaction_id)?).await?.items;
        Ok(SplitPayoutsView { environment_id, items })
    }
}

/// The query's reference id, trimmed; `None` when empty.
fn reference_id(q: &TransactionQuery) -> Option<String> {
    q.reference_id.as_deref().map(str::trim).filter(|r| !r.is_empty()).map(str::to_owned)
}

impl Desk {
    /// Journaled like every money-moving action; `value` is the new transaction's id.
    pub async fn create_transaction(
        &self,
        input: &NewTransactionInput,
    ) -> Result<Outcome<TransactionAction>, AppError> {
        self.run_with_value(&TransactionAction::CreateTransaction { input: input.clone() }).await
    }
}
