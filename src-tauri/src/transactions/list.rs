//! The transactions list: which source answers a page, and how.
//!
//! - The plain list (no search, filters or sort) comes from the service, newest first.
//! - Search, filters and sorting come from the local mirror once it has had a full pass
//!   (instant, any column, plates and names matched however typed), marked with its time.
//! - Before that, search goes to the service, and filters and sorting read every match
//!   through the export stream and work on it here (cached briefly for paging).
//! - When the service cannot be reached, the mirror's last known state answers, marked
//!   offline. Nothing in the list is ever used for money: details and actions read live.

use super::Transactions;
use super::filters::{Cached, TransactionFilters};
use super::sort::SortBy;
use crate::error::AppError;
use escrow_api::{Client, ListTransactions, TransactionListItem};
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
    /// A column to sort by (none: the service's order, newest first).
    #[serde(default)]
    #[ts(optional)]
    pub sort: Option<SortBy>,
}

/// Where a page came from when it is not the service's own answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct MirrorSource {
    /// The mirror's time: the page is the tenant's transactions as of then.
    pub as_of: String,
    /// The service could not be reached (the last known state is shown).
    pub offline: bool,
}

/// A page, tagged with the environment it came from so the UI never mixes two.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TransactionPageView {
    pub environment_id: String,
    pub count: i32,
    pub items: Vec<TransactionListItem>,
    /// Set when the page is from the local mirror.
    pub mirror: Option<MirrorSource>,
}

fn search_of(q: &TransactionQuery) -> Option<String> {
    q.search.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned)
}

/// The query's reference id, trimmed; `None` when empty.
fn reference_id(q: &TransactionQuery) -> Option<String> {
    q.reference_id.as_deref().map(str::trim).filter(|r| !r.is_empty()).map(str::to_owned)
}

impl Transactions {
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
        if let Some(by) = &q.sort
            && !super::sort::COLUMNS.contains(&by.column.as_str())
        {
            return Err(AppError::validation(format!("Cannot sort by {}.", by.column)));
        }
        let (environment_id, client) = self.desk.active_client()?;
        let filtered = q.filters.as_ref().is_some_and(|f| !f.is_empty());
        if (search_of(q).is_some() || filtered || q.sort.is_some())
            && let Some(page) = self.mirror_page(&environment_id, q, None).await?
        {
            return Ok(page);
        }
        match self.live_page(&environment_id, client, q).await {
            Err(e) if crate::mirror::offline::unreachable(&e) => {
                self.mirror_page(&environment_id, q, Some(e.clone())).await?.ok_or(e)
            }
            other => other,
        }
    }

    /// The page from the service itself.
    async fn live_page(
        &self,
        env: &str,
        client: Client,
        q: &TransactionQuery,
    ) -> Result<TransactionPageView, AppError> {
        let filters = q.filters.clone().filter(|f| !f.is_empty());
        if filters.is_some() || q.sort.is_some() {
            return self.filtered_page(env.to_owned(), client, q, &filters.unwrap_or_default()).await;
        }
        let page = client
            .transactions()
            .list(&ListTransactions {
                skip: Some(q.skip),
                take: Some(q.take),
                search: search_of(q),
                reference_id: reference_id(q),
            })
            .await?;
        Ok(TransactionPageView { environment_id: env.to_owned(), count: page.count, items: page.items, mirror: None })
    }

    /// The page from the mirror, once it has had a full pass; `offline` is why the service
    /// could not be reached, if it could not. Read on a blocking thread: a search scans the mirror.
    async fn mirror_page(
        &self,
        env: &str,
        q: &TransactionQuery,
        offline: Option<AppError>,
    ) -> Result<Option<TransactionPageView>, AppError> {
        let (env, q) = (env.to_owned(), q.clone());
        self.mirror.reading(move |conn| page_from_mirror(conn, &env, &q, offline)).await
    }

    /// Reads every match of the search (export stream), filters, sorts, caches and pages.
    async fn filtered_page(
        &self,
        environment_id: String,
        client: Client,
        q: &TransactionQuery,
        filters: &TransactionFilters,
    ) -> Result<TransactionPageView, AppError> {
        let checked = filters.check()?;
        let search = search_of(q);
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
        let items = match &q.sort {
            Some(by) => {
                let mut sorted = items.as_ref().clone();
                super::sort::sort(&mut sorted, by)?;
                std::sync::Arc::new(sorted)
            }
            None => items,
        };
        let start = (q.skip as usize).min(items.len());
        let end = (start + q.take as usize).min(items.len());
        Ok(TransactionPageView {
            environment_id,
            count: i32::try_from(items.len()).unwrap_or(i32::MAX),
            items: items[start..end].to_vec(),
            mirror: None,
        })
    }
}

/// See [`Transactions::mirror_page`].
fn page_from_mirror(
    conn: &rusqlite::Connection,
    env: &str,
    q: &TransactionQuery,
    offline: Option<AppError>,
) -> Result<Option<TransactionPageView>, AppError> {
    use crate::mirror::offline;
    let state = crate::mirror::store::state(conn, env)?;
    let Some(as_of) = offline::as_of(&state) else { return Ok(None) };
    let filters = q.filters.clone().unwrap_or_default();
    let sort = q.sort.as_ref().map(|s| (s.column.as_str(), s.descending));
    let (search, reference) = (search_of(q), reference_id(q));
    let wanted = crate::mirror::list::Wanted {
        search: search.as_deref(),
        reference_id: reference.as_deref(),
        filters: &filters,
        sort,
    };
    let (items, count) = crate::mirror::list::page(conn, env, &wanted, q.skip, q.take)?;
    if let Some(e) = &offline {
        offline::note(conn, env, e)?;
    }
    let offline = offline.is_some() || offline::is_offline(&state);
    Ok(Some(TransactionPageView {
        environment_id: env.to_owned(),
        count: i32::try_from(count).unwrap_or(i32::MAX),
        items,
        mirror: Some(MirrorSource { as_of, offline }),
    }))
}
