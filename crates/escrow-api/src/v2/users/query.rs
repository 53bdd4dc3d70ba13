//! The list query of `GET /v2/users`, checked before it is sent.

use crate::error::{Error, Result};

/// Query of `GET /v2/users`. Unset fields are not sent (the service's defaults apply;
/// the sandbox uses Skip 0, Take 20, capped at 100).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ListUsers {
    /// How many users to skip; must fit in int32.
    pub skip: Option<u32>,
    /// Page size; at least 1 and must fit in int32.
    pub take: Option<u32>,
    /// Sent as given; the spec does not say what it filters.
    pub public: Option<bool>,
}

impl ListUsers {
    pub(crate) fn query(&self) -> Result<Vec<(&'static str, String)>> {
        let mut q = Vec::new();
        for (name, value) in [("Skip", self.skip), ("Take", self.take)] {
            if let Some(v) = value {
                if i32::try_from(v).is_err() {
                    return Err(Error::validation(name, "must fit in int32"));
                }
                q.push((name, v.to_string()));
            }
        }
        if self.take == Some(0) {
            return Err(Error::validation("Take", "must be at least 1"));
        }
        if let Some(p) = self.public {
            q.push(("Public", p.to_string()));
        }
        Ok(q)
    }
}
