//! The team's journal as this desk sees it: an environment is named in the team store by
//! its service's address, which every desk of the team shares, and on this desk by its own
//! profile id, which no other desk knows.

use crate::error::AppError;
use crate::journal::{Facts, JournalStore, NewIntent, NewOutcome, StoreFuture, StoredRecord};
use desk_journal::Approval;
use std::sync::Arc;

/// This desk's environments by their address, read when a name is needed (profiles change).
pub type Names = Arc<dyn Fn() -> Result<Vec<(String, String)>, AppError> + Send + Sync>;

pub struct MappedJournal {
    inner: Arc<dyn JournalStore>,
    names: Names,
}

impl MappedJournal {
    pub fn new(inner: Arc<dyn JournalStore>, names: Names) -> Self {
        Self { inner, names }
    }

    /// The team's name of this desk's environment `id`.
    fn team_name(&self, id: &str) -> Result<String, AppError> {
        team_name_of(&(self.names)()?, id)
    }

    /// This desk's environment for the team's name of `record`'s (kept as it is when this
    /// desk has no environment for that service: the record then says so).
    fn desk_name(&self, record: StoredRecord) -> StoredRecord {
        match (self.names)() {
            Ok(names) => rename(&names, record),
            Err(_) => record,
        }
    }
}

fn rename(names: &[(String, String)], mut record: StoredRecord) -> StoredRecord {
    if let Some(env) = desk_environment(names, &record.environment_id) {
        record.environment_id = env;
    }
    record
}

/// The team's name of this desk's environment `id`, among this desk's `names` (id, base URL).
pub fn team_name_of(names: &[(String, String)], id: &str) -> Result<String, AppError> {
    let (_, url) = names.iter().find(|(env, _)| env == id).ok_or_else(|| {
        AppError::new(crate::error::ErrorCode::EnvironmentNotFound, format!("No environment {id} on this desk."))
    })?;
    Ok(service_name(url))
}

/// This desk's environment for the team's name of a service (`None`: this desk has none).
pub fn desk_environment(names: &[(String, String)], service: &str) -> Option<String> {
    names.iter().find(|(_, url)| service_name(url) == service).map(|(id, _)| id.clone())
}

/// A service's address as the team names it: scheme, host, port and path, lower case, no
/// trailing slash.
pub fn service_name(base_url: &str) -> String {
    base_url.trim().trim_end_matches('/').to_lowercase()
}

impl JournalStore for MappedJournal {
    fn insert_intent<'a>(&'a self, intent: NewIntent<'a>) -> StoreFuture<'a, StoredRecord> {
        Box::pin(async move {
            let env = self.team_name(intent.environment_id)?;
            let stored = self.inner.insert_intent(NewIntent { environment_id: &env, ..intent }).await?;
            Ok(self.desk_name(stored))
        })
    }
    fn record_outcome<'a>(&'a self, outcome: NewOutcome<'a>) -> StoreFuture<'a, StoredRecord> {
        Box::pin(async move {
            let env = self.team_name(outcome.facts.environment_id)?;
            let facts = Facts { environment_id: &env, ..outcome.facts };
            Ok(self.desk_name(self.inner.record_outcome(NewOutcome { facts, ..outcome }).await?))
        })
    }
    fn dismiss<'a>(&'a self, facts: Facts<'a>) -> StoreFuture<'a, StoredRecord> {
        Box::pin(async move {
            let env = self.team_name(facts.environment_id)?;
            Ok(self.desk_name(self.inner.dismiss(Facts { environment_id: &env, ..facts }).await?))
        })
    }
    fn get<'a>(&'a self, id: &'a str) -> StoreFuture<'a, StoredRecord> {
        Box::pin(async move { Ok(self.desk_name(self.inner.get(id).await?)) })
    }
    fn open(&self) -> StoreFuture<'_, Vec<StoredRecord>> {
        Box::pin(async move {
            let open = self.inner.open().await?;
            // The desk's environments read once for the whole list.
            let names = (self.names)()?;
            Ok(open.into_iter().map(|r| rename(&names, r)).collect())
        })
    }
    fn mark(&self) -> StoreFuture<'_, Option<String>> {
        self.inner.mark()
    }
    fn claim<'a>(&'a self, id: &'a str) -> StoreFuture<'a, ()> {
        self.inner.claim(id)
    }
    fn approval<'a>(&'a self, id: &'a str) -> StoreFuture<'a, Option<Approval>> {
        self.inner.approval(id)
    }
    fn lapse<'a>(&'a self, facts: Facts<'a>, why: &'a str) -> StoreFuture<'a, StoredRecord> {
        Box::pin(async move {
            let env = self.team_name(facts.environment_id)?;
            Ok(self.desk_name(self.inner.lapse(Facts { environment_id: &env, ..facts }, why).await?))
        })
    }
}
