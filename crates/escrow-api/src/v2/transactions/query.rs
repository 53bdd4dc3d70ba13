//! The list query of `GET /v2/transactions`, checked before it is sent.

use crate::error::{Error, Result};

/// The server's page-size ceiling for `GET /v2/transactions`.
pub const MAX_TAKE: u32 = 100;

/// Query of `GET /v2/transactions`. Unset fields use the server's defaults
/// (Skip 0, Take 20).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ListTransactions {
    /// How many matches to skip (server default 0); must fit in int32.
    pub skip: Option<u32>,
    /// Clamped to [`MAX_TAKE`].
    pub take: Option<u32>,
    /// Case-insensitive partial match over ids, title, description, parties and vehicle.
    pub search: Option<String>,
    /// Case-insensitive partial match on the reference id.
    pub reference_id: Option<String>,
}

impl ListTransactions {
    pub(crate) fn query(&self) -> Result<Vec<(&'static str, String)>> {
        let mut q = Vec::new();
        if let Some(skip) = self.skip {
            if i32::try_from(skip).is_err() {
                return Err(Error::validation("skip", "must fit in int32"));
            }
            q.push(("Skip", skip.to_string()));
        }
        if let Some(take) = self.take {
            q.push(("Take", take.clamp(1, MAX_TAKE).to_string()));
        }
        if let Some(s) = self.search.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            q.push(("Search", s.to_owned()));
        }
        if let Some(r) = self.reference_id.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            q.push(("ReferenceId", r.to_owned()));
        }
        Ok(q)
    }
}
