//! Filters the service's list cannot apply (status, type, currency, date ranges): the
//! desk reads every match of the search once through the export stream, filters in
//! Rust and pages locally. The result is cached for a few seconds per environment,
//! search and filter set, so paging through it does not re-read everything.

use crate::error::AppError;
use chrono::NaiveDate;
use escrow_api::TransactionListItem;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::{Duration, Instant};
use ts_rs::TS;

/// How long a filtered result is reused for paging.
pub const CACHE_FOR: Duration = Duration::from_secs(15);

/// Filters of the transactions list. Dates are `YYYY-MM-DD`, inclusive, in UTC.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", default)]
pub struct TransactionFilters {
    /// Any of these statuses (empty: all).
    pub statuses: Vec<String>,
    /// `Auto` or `Marketplace` (none: both).
    pub kind: Option<String>,
    /// Any of these currencies (empty: all).
    pub currencies: Vec<String>,
    pub created_from: Option<String>,
    pub created_to: Option<String>,
    pub expected_from: Option<String>,
    pub expected_to: Option<String>,
}

/// Parsed, checked filters.
pub struct Checked {
    statuses: Vec<String>,
    auto: Option<bool>,
    currencies: Vec<String>,
    created: (Option<NaiveDate>, Option<NaiveDate>),
    expected: (Option<NaiveDate>, Option<NaiveDate>),
}

fn date(field: &str, v: &Option<String>) -> Result<Option<NaiveDate>, AppError> {
    match v.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(None),
        Some(s) => NaiveDate::parse_from_str(s, "%Y-%m-%d")
            .map(Some)
            .map_err(|_| AppError::validation(format!("The {field} date must be YYYY-MM-DD."))),
    }
}

impl TransactionFilters {
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }

    pub fn check(&self) -> Result<Checked, AppError> {
        if self.statuses.len() > 20
            || self.currencies.len() > 10
            || self.statuses.iter().chain(&self.currencies).any(|s| s.len() > 40)
        {
            return Err(AppError::validation("Too many or too long filter values."));
        }
        let auto = match self.kind.as_deref() {
            None | Some("") => None,
            Some("Auto") => Some(true),
            Some("Marketplace") => Some(false),
            Some(_) => return Err(AppError::validation("The type must be Auto or Marketplace.")),
        };
        let created = (date("created from", &self.created_from)?, date("created to", &self.created_to)?);
        let expected = (date("expected from", &self.expected_from)?, date("expected to", &self.expected_to)?);
        for (from, to) in [created, expected] {
            if let (Some(f), Some(t)) = (from, to)
                && f > t
            {
                return Err(AppError::validation("A date range ends before it starts."));
            }
        }
        Ok(Checked { statuses: self.statuses.clone(), auto, currencies: self.currencies.clone(), created, expected })
    }
}

fn within(day: Option<NaiveDate>, (from, to): (Option<NaiveDate>, Option<NaiveDate>)) -> bool {
    if from.is_none() && to.is_none() {
        return true;
    }
    let Some(day) = day else { return false };
    from.is_none_or(|f| day >= f) && to.is_none_or(|t| day <= t)
}

impl Checked {
    pub fn matches(&self, t: &TransactionListItem) -> bool {
        (self.statuses.is_empty() || self.statuses.iter().any(|s| s == t.status.as_str()))
            && self.auto.is_none_or(|a| a == t.auto_information.is_some())
            && (self.currencies.is_empty() || self.currencies.iter().any(|c| c == t.currency.as_str()))
            && within(t.created.map(|d| d.date_naive()), self.created)
            && within(t.expected_completion.map(|d| d.date_naive()), self.expected)
    }
}

/// A filtered result kept for paging.
pub struct Cached {
    pub key: (String, Option<String>, TransactionFilters),
    pub at: Instant,
    pub items: Arc<Vec<TransactionListItem>>,
}

impl Cached {
    pub fn fresh_for(&self, key: &(String, Option<String>, TransactionFilters)) -> bool {
        &self.key == key && self.at.elapsed() < CACHE_FOR
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_bad_filters() {
        let bad = |f: TransactionFilters| f.check().is_err();
        assert!(bad(TransactionFilters { kind: Some("Boat".into()), ..Default::default() }));
        assert!(bad(TransactionFilters { created_from: Some("01-02-2026".into()), ..Default::default() }));
        assert!(bad(TransactionFilters {
            created_from: Some("2026-02-02".into()),
            created_to: Some("2026-02-01".into()),
            ..Default::default()
        }));
        assert!(TransactionFilters::default().is_empty());
    }
}
