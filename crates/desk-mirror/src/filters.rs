//! Filters of the transactions list the service's list cannot apply (status, type, currency,
//! date ranges, money paid in): checked once, then applied by the mirror's SQL ([`crate::list`])
//! or, when the list is read live, to each item of the export stream ([`Checked::matches`]).

use chrono::NaiveDate;
use desk_core::error::AppError;
use escrow_api::TransactionListItem;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

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
    /// `some`: money paid in (the overview's money in escrow opens these); `none`: nothing
    /// paid in yet; none: either.
    pub paid_in: Option<String>,
}

/// Parsed, checked filters.
pub struct Checked {
    statuses: Vec<String>,
    auto: Option<bool>,
    currencies: Vec<String>,
    created: (Option<NaiveDate>, Option<NaiveDate>),
    expected: (Option<NaiveDate>, Option<NaiveDate>),
    paid_in: Option<bool>,
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
        let paid_in = paid_in(self.paid_in.as_deref())?;
        let created = (date("created from", &self.created_from)?, date("created to", &self.created_to)?);
        let expected = (date("expected from", &self.expected_from)?, date("expected to", &self.expected_to)?);
        for (from, to) in [created, expected] {
            if let (Some(f), Some(t)) = (from, to)
                && f > t
            {
                return Err(AppError::validation("A date range ends before it starts."));
            }
        }
        Ok(Checked {
            statuses: self.statuses.clone(),
            auto,
            currencies: self.currencies.clone(),
            created,
            expected,
            paid_in,
        })
    }
}

/// `some` / `none` as a yes or no; empty or absent: either.
pub fn paid_in(value: Option<&str>) -> Result<Option<bool>, AppError> {
    match value {
        None | Some("") => Ok(None),
        Some("some") => Ok(Some(true)),
        Some("none") => Ok(Some(false)),
        Some(_) => Err(AppError::validation("Money paid in must be some or none.")),
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
            && self.paid_in.is_none_or(|some| some == paid_something(t))
    }
}

fn paid_something(t: &TransactionListItem) -> bool {
    let paid = t.payments.as_ref().and_then(|p| p.inbound.as_ref()).and_then(|i| i.amount);
    paid.is_some_and(|a| a > rust_decimal::Decimal::ZERO)
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
        assert!(bad(TransactionFilters { paid_in: Some("lots".into()), ..Default::default() }));
        assert!(TransactionFilters::default().is_empty());
    }

    #[test]
    fn money_paid_in_is_some_or_none() {
        let item = |paid: &str| -> TransactionListItem {
            serde_json::from_value(serde_json::json!({"transactionId": "t", "amount": "10.00", "status": "CREATED",
                "payments": {"inbound": {"amount": paid}}}))
            .unwrap()
        };
        let some = TransactionFilters { paid_in: Some("some".into()), ..Default::default() }.check().unwrap();
        let none = TransactionFilters { paid_in: Some("none".into()), ..Default::default() }.check().unwrap();
        assert!(some.matches(&item("5.00")) && !some.matches(&item("0")));
        assert!(none.matches(&item("0")) && !none.matches(&item("5.00")));
    }
}
