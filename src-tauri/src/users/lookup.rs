//! Finding people: a search over the users list (the service has none: pages are read
//! and matched here) and one user's transactions (the list's search by the user's
//! email, phone or name, kept where the user is payer or payee by account or reference id).

use super::Users;
use super::service::{UserPageView, UserQuery};
use crate::error::AppError;
use crate::shared::fields::id;
use escrow_api::{ListTransactions, ListUsers, TransactionListItem, UserListItem};
use serde::Serialize;
use ts_rs::TS;

/// How many users a search reads at most (pages of 100).
pub const SEARCH_USERS_MAX: u32 = 5_000;
/// How many matches of the transactions search are read for one user at most.
pub const USER_TRANSACTIONS_MAX: usize = 1_000;

/// One user's transactions, newest first as the list gives them.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct UserTransactionsView {
    pub environment_id: String,
    pub items: Vec<TransactionListItem>,
    /// What the transactions list was searched for.
    pub search: String,
    /// False when more matches of the search were left unread (the list says so).
    pub complete: bool,
}

/// Whether a user of the list matches `needle` (lower case): name, phone or account id.
pub fn user_matches(u: &UserListItem, needle: &str) -> bool {
    [Some(u.name.as_str()), u.phone_number.as_deref(), Some(u.service_account_id.as_str())]
        .into_iter()
        .flatten()
        .any(|field| field.to_lowercase().contains(needle))
}

impl Users {
    /// A page of the users matching `q.search` (read page by page, matched here).
    pub(crate) async fn search_users(&self, q: &UserQuery, search: &str) -> Result<UserPageView, AppError> {
        let (environment_id, client) = self.desk.active_client()?;
        let needle = search.to_lowercase();
        let mut matches = Vec::new();
        let mut skip = 0;
        while skip < SEARCH_USERS_MAX {
            let list = ListUsers { skip: Some(skip), take: Some(100), public: q.public };
            let page = client.users().list(&list).await?;
            let full = page.items.len() >= 100;
            matches.extend(page.items.into_iter().filter(|u| user_matches(u, &needle)));
            if !full {
                break;
            }
            skip += 100;
        }
        let start = (q.skip as usize).min(matches.len());
        let end = (start + q.take as usize).min(matches.len());
        let has_more = end < matches.len();
        Ok(UserPageView { environment_id, skip: q.skip, items: matches[start..end].to_vec(), has_more })
    }

    /// The transactions where `service_account_id` is payer or payee.
    pub async fn user_transactions(&self, service_account_id: &str) -> Result<UserTransactionsView, AppError> {
        use futures::StreamExt;
        let sid = id("serviceAccountId", service_account_id)?.to_owned();
        let (environment_id, client) = self.desk.active_client()?;
        let user = client.users().get(&sid).await?;
        let references: Vec<String> = user.connections.iter().map(|c| c.reference_id.clone()).collect();
        let search = [user.email.clone(), user.phone_number.clone(), Some(user.name.clone())]
            .into_iter()
            .flatten()
            .map(|s| s.trim().to_owned())
            .find(|s| !s.is_empty())
            .ok_or_else(|| AppError::validation("The user has no name, e-mail or phone to search by."))?;
        let is_theirs = |item: &TransactionListItem| {
            [&item.payer, &item.payee].into_iter().flatten().any(|p| {
                p.service_account_id.as_deref() == Some(sid.as_str())
                    || p.reference_id.as_ref().is_some_and(|r| references.contains(r))
            })
        };
        let query = ListTransactions { search: Some(search.clone()), ..Default::default() };
        let mut stream = Box::pin(client.transactions().export(&query, Default::default(), |_| {}));
        let (mut items, mut read, mut complete) = (Vec::new(), 0, true);
        while let Some(item) = stream.next().await {
            let item = item?;
            read += 1;
            if is_theirs(&item) {
                items.push(item);
            }
            if read >= USER_TRANSACTIONS_MAX {
                complete = false;
                break;
            }
        }
        Ok(UserTransactionsView { environment_id, items, search, complete })
    }
}
